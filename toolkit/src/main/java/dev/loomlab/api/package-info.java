/**
 * The notebooks' façade: what {@code loomlab.jsh} imports. {@link dev.loomlab.api.Loomlab} holds the
 * general helpers; {@code Karui}, {@code Klab} and {@code MillionTasks} are one article each: which
 * sizes, which published rows, which words. They arrange; the runners in {@code runs} and the
 * experiments measure.
 */
package dev.loomlab.api;
