/**
 * The notebooks' general helpers: what {@code loomlab.jsh} imports beside the articles.
 * {@link dev.loomlab.api.Loomlab} holds any experiment in a fresh JVM, BEAM here beside it, the tiers,
 * the load rows, the carriers and a reader's own code in a fresh JVM; {@link dev.loomlab.api.Tiers}
 * the French article's tiers, BEAM here beside them on request; {@code IdleWeight} and
 * {@code Tiers.measure} run a row per kind or size, each over fresh VMs, the JVM's and BEAM here's
 * taken in turn through {@link dev.loomlab.beam.BeamHere#comparedRows}. {@link dev.loomlab.api.ReaderCell} is the one sentence
 * that sets a reader's cell (the measurement's own code, run in a fresh JVM or {@code erl}) beside the
 * toolkit's measurement of the same thing. The experiments time; BEAM here comes from
 * {@link dev.loomlab.beam.BeamHere}.
 */
package dev.loomlab.api;
