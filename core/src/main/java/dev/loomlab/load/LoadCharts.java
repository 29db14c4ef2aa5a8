package dev.loomlab.load;

import dev.loomlab.view.Palette;
import dev.loomlab.view.Plot;
import dev.loomlab.view.Series;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.util.Durations;
import java.time.Duration;
import dev.loomlab.measure.Interval;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The load experiment's plots: round trip against busy loops, per kind, beside BEAM's published
 * points; and work per loop (averaged over all loops, and the first loop alone) against loops.
 * Each kind keeps its {@link Palette} colour. On the log x axis the idle row (0 loops) is a dotted
 * line across the plot; a row that starved or was killed has no round trip, so it is a marker at
 * the top labelled with how long it was waited for: frozen is the result. A row over several fresh VMs
 * is drawn at its median, with its 95% interval across them as a whisker.
 */
final class LoadCharts {

    private LoadCharts() {}

    static Plot roundTrips(LoadResult result) {
        List<Series> series = new ArrayList<>();
        double top = 0;
        double right = 1;
        for (LoadRow r : result.rows()) {
            top = Math.max(top, Double.isNaN(r.roundTripMicrosP99()) ? 0 : r.roundTripMicrosP99());
            right = Math.max(right, r.loops());
        }
        List<PublishedFigure> beam = result.published().stream()
                .filter(f -> f.metric().equals("roundTripMicrosP50") && f.n() != null && f.n() > 0).toList();
        for (PublishedFigure f : beam) {
            top = Math.max(top, f.value());
            right = Math.max(right, f.n());
        }
        top = top > 0 ? top * 3 : 1_000;
        double idleTo = right;
        List<double[]> labels = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        int stoppedKinds = 0;
        for (LoadKind kind : result.spec().kinds()) {
            Palette colour = Palette.of(kind.label());
            List<LoadRow> rows = rowsOf(result, kind);
            add(series, colour, Series.Style.PLAIN, kind.runtime() + " p50", rows, LoadRow::roundTripMicrosP50);
            add(series, colour, Series.Style.SECONDARY, kind.runtime() + " p99", rows, LoadRow::roundTripMicrosP99);
            rows.stream().filter(r -> r.loops() == 0 && !Double.isNaN(r.roundTripMicrosP50())).findFirst().ifPresent(idle ->
                    series.add(Series.of(colour, kind.runtime() + " p50 with 0 loops (idle)", List.of(1, idleTo),
                            List.of(idle.roundTripMicrosP50(), idle.roundTripMicrosP50())).styled(Series.Style.REFERENCE)));
            List<LoadRow> stopped = rows.stream().filter(r -> r.loops() > 0 && stoppedAt(r) != null).toList();
            if (!stopped.isEmpty()) {
                double y = top * Math.pow(1.8, stoppedKinds++);
                series.add(Series.of(colour, kind.runtime() + ": " + stopped.get(0).status() + ", no round trip",
                        stopped.stream().map(LoadRow::loops).toList(), stopped.stream().map(r -> y).toList())
                        .styled(Series.Style.MARKERS));
                for (LoadRow r : stopped) {
                    labels.add(new double[] {r.loops(), y});
                    texts.add(stoppedAt(r));
                }
            }
        }
        for (PublishedFigure f : beam) {
            series.add(Series.of(Palette.BEAM_PUBLISHED, f.runtime() + ", " + f.source(), List.of(f.n()), List.of(f.value()))
                    .styled(Series.Style.PUBLISHED_POINTS));
        }
        Plot chart = Plot.lines("Round trip under busy loops" + (stoppedKinds > 0 ? " (starved rows: a marker at the top)" : ""),
                "busy loops (log; 0 loops: the dotted lines)", "round trip, µs (log)", true, true, series);
        if (stoppedKinds > 0) {
            chart = chart.withYMax(top * Math.pow(1.8, stoppedKinds - 1) * 2.5); // room for the highest label
        }
        for (int i = 0; i < labels.size(); i++) {
            chart = chart.withLabel(labels.get(i)[0], labels.get(i)[1] * 1.45, texts.get(i)); // just above its marker
        }
        return chart;
    }

    /** "starved at 3 s" or "killed at 20 s" for a row that has no round trip to draw, or null. */
    static String stoppedAt(LoadRow r) {
        boolean stopped = r.starved() || LoadRow.KILLED.equals(r.status());
        if (!stopped || !Double.isNaN(r.roundTripMicrosP50())) {
            return null;
        }
        return (r.starved() ? LoadRow.STARVED : LoadRow.KILLED) + " at " + Durations.format(Duration.ofMillis(r.waitedMillis()));
    }

    static Plot workPerLoop(LoadResult result) {
        List<Series> series = new ArrayList<>();
        for (LoadKind kind : result.spec().kinds()) {
            Palette colour = Palette.of(kind.label());
            List<LoadRow> rows = rowsOf(result, kind).stream().filter(r -> r.loops() > 0).toList();
            add(series, colour, Series.Style.PLAIN, kind.runtime() + ": per loop, averaged over all", rows, r -> r.opsPerSecondPerLoop() / 1e6);
            add(series, colour, Series.Style.SECONDARY, kind.runtime() + ": first loop only", rows, r -> r.firstLoopOpsPerSecond() / 1e6);
        }
        List<PublishedFigure> beam = result.published().stream()
                .filter(f -> f.metric().equals("opsPerSecondPerLoop") && f.source().equals("un-million")).toList();
        if (!beam.isEmpty()) {
            series.add(Series.of(Palette.BEAM_PUBLISHED, "BEAM reductions per loop (article, 8 cores)", beam.stream().map(PublishedFigure::n).toList(),
                    beam.stream().map(f -> f.value() / 1e6).toList()).styled(Series.Style.PUBLISHED));
        }
        return Plot.lines("Work per busy loop: the average over all loops against the first loop alone",
                "busy loops (log)", "millions per second (iterations; BEAM: reductions)", true, false, series);
    }

    private static List<LoadRow> rowsOf(LoadResult result, LoadKind kind) {
        return result.rows().stream().filter(r -> r.kind().equals(kind.label())).toList();
    }

    private static void add(List<Series> series, Palette kind, Series.Style style, String name, List<LoadRow> rows,
                            ToDoubleFunction<LoadRow> y) {
        List<Integer> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        List<Double> lows = new ArrayList<>();
        List<Double> highs = new ArrayList<>();
        for (LoadRow r : rows) {
            double v = y.applyAsDouble(r);
            if (!Double.isNaN(v)) {
                Interval across = r.interval(y);
                xs.add(r.loops());
                ys.add(v);
                lows.add(across.has() ? across.low() : Double.NaN);
                highs.add(across.has() ? across.high() : Double.NaN);
            }
        }
        Series line = Series.of(kind, name, xs, ys).styled(style);
        // a row over several fresh VMs: its 95% interval across them, as a whisker
        series.add(lows.stream().allMatch(d -> Double.isNaN(d)) ? line : line.withIntervals(lows, highs));
    }
}
