/**
 * Display: draws the core's {@link dev.loomlab.view} values — a {@code Grid} as a Tablesaw table
 * ({@link dev.loomlab.display.Tables#from}), a {@code Plot} as an XChart chart
 * ({@link dev.loomlab.display.Charts#of}), a {@code Tabular} as its grids with its details
 * collapsed — as HTML tables and PNG charts in a notebook ({@link dev.loomlab.display.Display}).
 * Tablesaw lives here (and in the report's HTML), never in the core or the articles.
 *
 * <p>Charts are described in the core as {@link dev.loomlab.view.Plot}s of
 * {@link dev.loomlab.view.Series} and drawn by {@link dev.loomlab.display.Charts}, and keep three rules that {@code ChartRulesTest} checks on the
 * chart objects of every chart the toolkit builds:
 * <ul>
 *   <li><b>One unit per axis.</b> An axis title names one unit ("bytes per process", "ns per
 *       spawn"), and no series on it names another. Two units get two axes
 *       ({@code Plot.lines(title, xTitle, logX, logY, leftTitle, left, rightTitle, right)}, or
 *       the two-series {@code Plot.bars} overload) or two charts.</li>
 *   <li><b>Kinds keep their colours.</b> {@link dev.loomlab.view.Palette} gives each kind
 *       (process, virtual, platform, the load disciplines, BEAM here, BEAM published, Go, Python,
 *       the other published runtimes) one colour-blind-safe colour and one marker. Draw a kind with
 *       {@code Series.of(Palette.PROCESS, "JVM process", xs, ys)} (or {@code Palette.of(kind.label())},
 *       {@code Palette.ofPublished(runtime)}); a bar series with the {@code kinds} map of
 *       {@code Plot.bars}. The series' {@link dev.loomlab.view.Series.Style} says how it is
 *       drawn (ours thick, published thin, a second figure of the same kind dashed, a reference
 *       level dotted, markers alone); the kind says its colour and marker.</li>
 *   <li><b>Labels do not overlap.</b> {@code Charts.bars} measures its category labels with the
 *       chart's fonts and widens the chart, or turns the labels, so that none overlap.</li>
 * </ul>
 * What a log axis cannot show stays on the chart: a row with no value (starved, killed) is a
 * marker with a label ({@code Plot.withLabel}), a zero row is a {@code REFERENCE} line.
 */
package dev.loomlab.display;
