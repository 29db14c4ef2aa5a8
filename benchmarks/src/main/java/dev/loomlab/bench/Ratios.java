package dev.loomlab.bench;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Each primitive's score divided by its raw virtual-thread baseline ({@code rawVirtualQueue}) of
 * the same benchmark, same parameters, same run: the number worth comparing between machines.
 * Where the issue set a target (1.3x for spawn, round trip and ring hop), says whether the
 * ratio meets it, taking the JMH error bars into account.
 */
final class Ratios {

    /** The benchmark method every other one is divided by. */
    static final String BASELINE = "rawVirtualQueue";
    /** Issue 7's targets for the toolkit's {@code process} method, by benchmark class. */
    static final Map<String, Double> TARGETS = Map.of("SpawnToParked", 1.3, "PingPong", 1.3, "RingHop", 1.3);

    private Ratios() {}

    /** One row per result: score, error, ratio to the baseline and its range, target, verdict, B/op. */
    static Table of(Collection<RunResult> results) {
        Map<String, RunResult> baselines = new LinkedHashMap<>();
        for (RunResult r : results) {
            if (method(r).equals(BASELINE)) {
                baselines.put(group(r), r);
            }
        }
        StringColumn primitive = StringColumn.create("primitive");
        StringColumn unit = StringColumn.create("unit");
        DoubleColumn score = DoubleColumn.create("score");
        DoubleColumn error = DoubleColumn.create("± error");
        StringColumn units = StringColumn.create("units");
        DoubleColumn ratio = DoubleColumn.create("x raw VT");
        StringColumn range = StringColumn.create("ratio range");
        StringColumn target = StringColumn.create("target");
        StringColumn verdict = StringColumn.create("verdict");
        DoubleColumn allocated = DoubleColumn.create("B/op");
        for (RunResult r : results) {
            Result<?> p = r.getPrimaryResult();
            primitive.append(group(r));
            unit.append(method(r));
            score.append(round(p.getScore()));
            error.append(round(p.getScoreError()));
            units.append(p.getScoreUnit());
            RunResult base = baselines.get(group(r));
            double[] ratios = base == null ? new double[] {Double.NaN, Double.NaN, Double.NaN} : ratio(p, base.getPrimaryResult());
            ratio.append(round(ratios[0]));
            range.append(Double.isNaN(ratios[1]) ? "" : String.format("%.2f-%s", ratios[1],
                    Double.isInfinite(ratios[2]) ? "inf" : String.format("%.2f", ratios[2])));
            Double goal = method(r).equals("process") ? TARGETS.get(className(r)) : null;
            target.append(goal == null ? "" : "<= " + goal);
            verdict.append(goal == null ? "" : verdict(ratios, goal));
            allocated.append(allocatedPerOp(r).map(Ratios::round).orElse(Double.NaN));
        }
        Table table = Table.create("Ratios to the raw virtual-thread baseline (" + BASELINE + "), same run",
                primitive, unit, score, error, units, ratio, range, target, verdict);
        if (allocated.countMissing() < allocated.size()) {
            table.addColumns(allocated);
        }
        return table;
    }

    /**
     * The ratio, and its lowest and highest values within the error bars: NaN when JMH gave no
     * error (a single iteration), infinite when the baseline's error bar reaches zero.
     */
    static double[] ratio(Result<?> measured, Result<?> baseline) {
        double s = measured.getScore();
        double b = baseline.getScore();
        double se = measured.getScoreError();
        double be = baseline.getScoreError();
        double low = Double.NaN;
        double high = Double.NaN;
        if (!Double.isNaN(se) && !Double.isNaN(be)) {
            low = Math.max(0, s - se) / (b + be);
            high = b - be > 0 ? (s + se) / (b - be) : Double.POSITIVE_INFINITY;
        }
        return new double[] {s / b, low, high};
    }

    /** "meets", "misses", or "unclear" when the error bars straddle the target. */
    static String verdict(double[] ratios, double goal) {
        if (Double.isNaN(ratios[0])) {
            return "no baseline";
        }
        if (Double.isNaN(ratios[1])) {
            return ratios[0] <= goal ? "meets (no error bars)" : "misses (no error bars)";
        }
        if (ratios[2] <= goal) {
            return "meets";
        }
        return ratios[1] > goal ? "MISSES" : "unclear: within error";
    }

    /** {@code gc.alloc.rate.norm} when run with {@code -prof gc}. */
    private static Optional<Double> allocatedPerOp(RunResult r) {
        return r.getSecondaryResults().entrySet().stream()
                .filter(e -> e.getKey().endsWith("gc.alloc.rate.norm"))
                .map(e -> e.getValue().getScore())
                .findFirst();
    }

    /** "PingPong", or "RingHop size=1000" when it has parameters. */
    static String group(RunResult r) {
        var params = r.getParams();
        List<String> keys = List.copyOf(params.getParamsKeys());
        String suffix = keys.stream().map(k -> k + "=" + params.getParam(k)).collect(Collectors.joining(" "));
        return className(r) + (suffix.isEmpty() ? "" : " " + suffix);
    }

    static String className(RunResult r) {
        String name = r.getParams().getBenchmark();
        String owner = name.substring(0, name.lastIndexOf('.'));
        return owner.substring(owner.lastIndexOf('.') + 1);
    }

    static String method(RunResult r) {
        String name = r.getParams().getBenchmark();
        return name.substring(name.lastIndexOf('.') + 1);
    }

    private static double round(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return v;
        }
        return Math.abs(v) >= 100 ? Math.round(v) : Math.round(v * 100) / 100.0;
    }
}
