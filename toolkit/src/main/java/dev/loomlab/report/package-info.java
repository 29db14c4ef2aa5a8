/**
 * The full report and the workshop comparison.
 *
 * <p>{@code ./loomlab report [--cap N] [--label NAME]} runs every experiment of
 * {@link dev.loomlab.experiment.Experiments#all()} for every kind, each in a fresh JVM (kind
 * {@code beam}: a fresh BEAM VM, or a skipped row saying how to install Erlang)
 * ({@link dev.loomlab.report.Report}), then {@code load} (a fresh JVM per row) and
 * {@code supervise} ({@link dev.loomlab.report.ExtraRuns}), and writes {@code build/report/}:
 * {@code index.html} (one offline file: environment, runs, each experiment's table beside the
 * published BEAM figures, its chart as an embedded PNG, load's and supervise's own tables),
 * {@code results.json} ({@link dev.loomlab.report.ResultsFile}, load and supervise as the
 * top-level fields {@code load} and {@code supervise}, which compare sets side by side too,
 * {@link dev.loomlab.report.ExtraComparison}) and one CSV per table.
 *
 * <p>In a workshop, each participant runs {@code ./loomlab report --cap 20000 --label NAME} and
 * sends {@code build/report/results.json}; the teacher runs
 * {@code ./loomlab compare *.json --html compare.html} ({@link dev.loomlab.report.Compare}):
 * one table per experiment, one column per machine, the published figures beside them, cold runs
 * marked ({@link dev.loomlab.report.RunMarks}). The live version of the same comparison is
 * {@code ./loomlab workshop serve} (package {@code dev.loomlab.workshop}).
 */
package dev.loomlab.report;
