package dev.loomlab.load;

import dev.loomlab.experiment.Kind;
import dev.loomlab.util.Durations;
import dev.loomlab.published.PublishedFigure;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import dev.loomlab.view.Grid;
import dev.loomlab.view.GridLines;
import java.util.Map;

/**
 * The load experiment as two tables: the round trips (our rows, then the published BEAM rows for
 * the same question, grouped by source and loop count, in the same columns), and the work the
 * busy loops did, one call away. Rates are in millions of iterations per second for us, millions
 * of reductions per second for BEAM. There is no max column: the German article reports no maxima
 * on a shared host, and neither do we (the max stays in {@code --json}).
 */
final class LoadTable {

    private final GridLines roundTrips;
    private final GridLines work;

    private LoadTable(LoadResult r) {
        roundTrips = new GridLines(String.format("Round trip under k busy loops, %,d round trips per row, deadline %s per row; "
                + "%s; BEAM as published", r.spec().rounds(), Durations.format(r.spec().deadline()), r.spec().vms() == 1
                ? "each row a fresh JVM (BEAM here: a fresh BEAM VM)"
                : String.format("each row %d fresh JVMs (BEAM here: BEAM VMs) taken in turn with the other rows', its figures "
                        + "their median, the p50 with its 95%% interval", r.spec().vms())))
                .text("runtime").whole("loops").whole("carriers").text("result")
                .text("p50 µs").number("p99 µs").number("mean µs");
        work = new GridLines("The busy loops' work in the same rows: millions of iterations (BEAM: reductions) per second"
                + (r.spec().vms() > 1 ? ", the median of each row's VMs" : ""))
                .text("runtime").whole("loops").whole("carriers")
                .number("M/s per loop (all loops)").number("M/s total").number("M/s first loop").text("published note");
        r.rows().forEach(this::ours);
        published(r.published());
    }

    /** The round trips: 7 columns. */
    static Grid of(LoadResult r) {
        return new LoadTable(r).roundTrips.build();
    }

    /** The loops' work per row, with the published notes. */
    static Grid work(LoadResult r) {
        return new LoadTable(r).work.build();
    }

    private void ours(LoadRow row) {
        String runtime = Kind.runtime(row.kind());
        roundTrips.row(runtime, row.loops(), row.parallelism(), row.verdict(),
                row.p50Cell(), Grid.round(row.roundTripMicrosP99()), Grid.round(row.roundTripMicrosMean()));
        work.row(runtime, row.loops(), row.parallelism(), Grid.round(row.opsPerSecondPerLoop() / 1e6),
                Grid.round(row.opsPerSecondTotal() / 1e6), Grid.round(row.firstLoopOpsPerSecond() / 1e6), "");
    }

    private void published(List<PublishedFigure> figures) {
        Map<String, List<PublishedFigure>> groups = new LinkedHashMap<>();
        for (PublishedFigure f : figures) {
            groups.computeIfAbsent(f.source() + "|" + f.runtime() + "|" + f.n(), key -> new ArrayList<>()).add(f);
        }
        List<String> sources = figures.stream().map(PublishedFigure::source).distinct().toList();
        List<List<PublishedFigure>> ordered = new ArrayList<>(groups.values());
        ordered.sort(Comparator.<List<PublishedFigure>>comparingInt(g -> sources.indexOf(g.get(0).source()))
                .thenComparingLong(g -> g.get(0).n() == null ? Long.MAX_VALUE : g.get(0).n()));
        for (List<PublishedFigure> group : ordered) {
            PublishedFigure head = group.get(0);
            Integer schedulers = LoadResult.schedulers(head.source());
            double[] values = {Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN};
            List<String> notes = new ArrayList<>();
            for (PublishedFigure f : group) {
                switch (f.metric()) {
                    // the French article published averages over 20 runs: they go in the mean column
                    case "roundTripMicrosP50" -> values[f.note().contains("average") ? 4 : 0] = f.value();
                    case "opsPerSecondPerLoop" -> values[1] = f.value() / 1e6;
                    case "opsPerSecondTotal" -> values[2] = f.value() / 1e6;
                    case "firstLoopOpsPerSecond" -> values[3] = f.value() / 1e6;
                    default -> notes.add(f.metric() + " = " + fmt(f.value()) + " " + f.unit());
                }
                if (!f.note().isEmpty() && !notes.contains(f.note())) {
                    notes.add(f.note());
                }
            }
            Integer loops = head.n() == null ? null : head.n().intValue();
            if (!Double.isNaN(values[0]) || !Double.isNaN(values[4])) {
                roundTrips.row(head.runtime(), loops, schedulers, "published (" + head.source() + ")",
                        Double.isNaN(values[0]) ? "" : Grid.print(values[0]), Double.NaN, values[4]);
            }
            work.row(head.runtime(), loops, schedulers, values[1], values[2], values[3], String.join("; ", notes));
        }
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? String.format("%,d", (long) v) : String.valueOf(v);
    }
}
