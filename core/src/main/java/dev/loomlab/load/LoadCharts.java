package dev.loomlab.load;

import dev.loomlab.experiment.Kind;
import dev.loomlab.view.Plot;
import dev.loomlab.view.Series;
import dev.loomlab.published.PublishedFigure;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The load experiment's plots: round trip against busy loops, per kind, beside BEAM's published
 * points; and work per loop (averaged over all loops, and the first loop alone) against loops.
 * Rows that starved have no round trip to draw: the plot titles say so, the table shows them.
 */
final class LoadCharts {

    private LoadCharts() {}

    static Plot roundTrips(LoadResult result) {
        List<Series> series = new ArrayList<>();
        for (Kind kind : result.spec().kinds()) {
            List<LoadRow> rows = rowsOf(result, kind);
            add(series, kind.runtime() + " p50", rows, LoadRow::roundTripMicrosP50);
            add(series, kind.runtime() + " p99", rows, LoadRow::roundTripMicrosP99);
        }
        List<PublishedFigure> beam = result.published().stream()
                .filter(f -> f.metric().equals("roundTripMicrosP50") && f.n() != null && f.n() > 0).toList();
        for (PublishedFigure f : beam) {
            series.add(new Series(f.runtime() + ", " + f.source(), List.of(f.n()), List.of(f.value())));
        }
        long starved = result.rows().stream().filter(LoadRow::starved).count();
        return Plot.lines("Round trip under busy loops" + (starved > 0 ? " (" + starved + " starved rows: no point)" : ""),
                "busy loops (log; 0 loops is in the table)", "round trip, µs (log)", true, true, series);
    }

    static Plot workPerLoop(LoadResult result) {
        List<Series> series = new ArrayList<>();
        for (Kind kind : result.spec().kinds()) {
            List<LoadRow> rows = rowsOf(result, kind).stream().filter(r -> r.loops() > 0).toList();
            add(series, kind.runtime() + ": per loop, averaged over all", rows, r -> r.opsPerSecondPerLoop() / 1e6);
            add(series, kind.runtime() + ": first loop only", rows, r -> r.firstLoopOpsPerSecond() / 1e6);
        }
        List<PublishedFigure> beam = result.published().stream()
                .filter(f -> f.metric().equals("opsPerSecondPerLoop") && f.source().equals("un-million")).toList();
        if (!beam.isEmpty()) {
            series.add(new Series("BEAM reductions per loop (article, 8 cores)", beam.stream().map(PublishedFigure::n).toList(),
                    beam.stream().map(f -> f.value() / 1e6).toList()));
        }
        return Plot.lines("Work per busy loop: the average over all loops against the first loop alone",
                "busy loops (log)", "millions per second (iterations; BEAM: reductions)", true, false, series);
    }

    private static List<LoadRow> rowsOf(LoadResult result, Kind kind) {
        return result.rows().stream().filter(r -> r.kind().equals(kind.label())).toList();
    }

    private static void add(List<Series> series, String name, List<LoadRow> rows, ToDoubleFunction<LoadRow> y) {
        List<Integer> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (LoadRow r : rows) {
            double v = y.applyAsDouble(r);
            if (!Double.isNaN(v)) {
                xs.add(r.loops());
                ys.add(v);
            }
        }
        series.add(new Series(name, xs, ys));
    }
}
