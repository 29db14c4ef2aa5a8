package dev.loomlab.load;

import dev.loomlab.util.Durations;
import dev.loomlab.published.PublishedFigure;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The load experiment as one table: our rows, then the published BEAM rows for the same question,
 * grouped by source and loop count, in the same columns. Rates are in millions of iterations per
 * second for us, millions of reductions per second for BEAM. There is no max column: the German
 * article reports no maxima on a shared host, and neither do we (the max stays in {@code --json}).
 */
final class LoadTable {

    /**
     * Schedulers behind each source's figures, as the articles state them: the French article ran
     * 16 loops "sur huit cœurs" (Apple M1, one scheduler per core); the German one forced {@code +S 1}.
     */
    private static final Map<String, Integer> SCHEDULERS = Map.of("un-million", 8, "unter-last", 1);

    private final StringColumn runtime = StringColumn.create("runtime");
    private final IntColumn loops = IntColumn.create("loops");
    private final IntColumn carriers = IntColumn.create("carriers");
    private final StringColumn result = StringColumn.create("result");
    private final DoubleColumn p50 = DoubleColumn.create("p50 µs");
    private final DoubleColumn p99 = DoubleColumn.create("p99 µs");
    private final DoubleColumn mean = DoubleColumn.create("mean µs");
    private final DoubleColumn perLoop = DoubleColumn.create("M/s per loop (all loops)");
    private final DoubleColumn total = DoubleColumn.create("M/s total");
    private final DoubleColumn first = DoubleColumn.create("M/s first loop");
    private final StringColumn note = StringColumn.create("published note");

    private LoadTable() {}

    static Table of(LoadResult r) {
        LoadTable t = new LoadTable();
        r.rows().forEach(t::ours);
        t.published(r.published());
        String title = String.format("Round trip under k busy loops, %,d round trips per row, deadline %s per row; "
                + "each row a fresh JVM (BEAM here: a fresh BEAM VM); BEAM as published", r.spec().rounds(), Durations.format(r.spec().deadline()));
        return Table.create(title, t.runtime, t.loops, t.carriers, t.result, t.p50, t.p99, t.mean,
                t.perLoop, t.total, t.first, t.note);
    }

    private void ours(LoadRow row) {
        runtime.append(LoadKind.runtime(row.kind()));
        loops.append(row.loops());
        carriers.append(row.parallelism());
        result.append(row.verdict());
        p50.append(round(row.roundTripMicrosP50()));
        p99.append(round(row.roundTripMicrosP99()));
        mean.append(round(row.roundTripMicrosMean()));
        perLoop.append(round(row.opsPerSecondPerLoop() / 1e6));
        total.append(round(row.opsPerSecondTotal() / 1e6));
        first.append(round(row.firstLoopOpsPerSecond() / 1e6));
        note.append("");
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
            runtime.append(head.runtime());
            if (head.n() == null) {
                loops.appendMissing();
            } else {
                loops.append(head.n().intValue());
            }
            Integer schedulers = SCHEDULERS.get(head.source());
            if (schedulers == null) {
                carriers.appendMissing();
            } else {
                carriers.append(schedulers);
            }
            result.append("published (" + head.source() + ")");
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
            p50.append(values[0]);
            p99.appendMissing();
            mean.append(values[4]);
            perLoop.append(values[1]);
            total.append(values[2]);
            first.append(values[3]);
            note.append(String.join("; ", notes));
        }
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? String.format("%,d", (long) v) : String.valueOf(v);
    }

    static double round(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return Double.NaN;
        }
        return Math.abs(v) >= 100 ? Math.round(v) : Math.round(v * 10) / 10.0;
    }
}
