/**
 * The notebooks' façade: what {@code loomlab.jsh} imports. {@link dev.loomlab.api.Loomlab} holds the
 * general helpers; {@code UnMillion}, {@code Karui}, {@code MillionTasks}, {@code Klab} and
 * {@code UnterLast} are one article each: which sizes, which published rows, which words. The
 * runners ({@code IdleWeight}, {@code TierRuns}, {@code StateSizes}, {@code HibernatedMillions},
 * {@code ProcessLimits}, {@code ContainerWeight}) take one measurement across fresh JVMs, a row each
 * through {@link dev.loomlab.experiment.FreshJvm#row}; the experiments time. BEAM here comes from
 * {@link dev.loomlab.beam.BeamHere}. {@link dev.loomlab.api.ReaderCell} is the one sentence that sets
 * a reader's cell (the measurement's own code, run in a fresh JVM or {@code erl}) beside the
 * toolkit's measurement of the same thing.
 */
package dev.loomlab.api;
