/**
 * The notebooks' façade: what {@code loomlab.jsh} imports. {@link dev.loomlab.api.Loomlab} holds the
 * general helpers; {@code Karui}, {@code Klab} and {@code MillionTasks} are one article each: which
 * sizes, which published rows, which words. They arrange; the runners in {@code runs} and the
 * experiments measure. {@link dev.loomlab.api.ReaderCell} is the one sentence that sets a reader's cell
 * (the measurement's own code, run in a fresh JVM or {@code erl}) beside the toolkit's measurement of
 * the same thing.
 */
package dev.loomlab.api;
