package dev.loomlab.load;

import dev.loomlab.experiment.Measurement;
import dev.loomlab.measure.Interval;
import dev.loomlab.measure.Spread;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * One row of the load experiment: round trips between an echo and a client while {@code loops}
 * busy loops run, in one fresh JVM, or over several ({@link #acrossVms}): then each figure is the
 * median of the VMs' figures and {@link #interval} gives its 95% interval across them. Latencies are
 * in microseconds and rates in iterations per second; a figure that was not measured is NaN (null in
 * JSON).
 *
 * @param kind                   what ran the loops, echo and client ({@link LoadKind#label()})
 * @param loops                  busy loops
 * @param parallelism            virtual-thread carriers in the child JVM
 * @param processors             processors the child JVM saw
 * @param status                 {@code ok}; {@code incomplete} (some round trips, not all, before the
 *                               deadline); {@code starved} (none); {@code killed} (the child did not
 *                               report and was killed); {@code failed}; over several VMs, the VMs'
 *                               status when they agree, else {@code mixed}
 * @param starved                true when no round trip completed within the deadline
 * @param waitedMillis           how long the client had to do its round trips
 * @param roundsCompleted        round trips done
 * @param roundsWanted           round trips asked for
 * @param roundTripMicrosP50     median round trip
 * @param roundTripMicrosP99     99th percentile
 * @param roundTripMicrosMax     slowest
 * @param roundTripMicrosMean    mean (the French article published averages)
 * @param opsPerSecondPerLoop    iterations per second per loop, averaged over all loops
 * @param opsPerSecondTotal      iterations per second of all loops together
 * @param firstLoopOpsPerSecond  the first loop's own rate (reading only it doubled the article's figure)
 * @param perLoopOpsPerSecond    every loop's rate, in start order
 * @param detail                 what happened, in words
 * @param vms                    the row of each fresh VM behind this one, in the order run; empty for one VM
 */
public record LoadRow(String kind, int loops, int parallelism, int processors, String status, boolean starved,
                      long waitedMillis, long roundsCompleted, long roundsWanted,
                      double roundTripMicrosP50, double roundTripMicrosP99, double roundTripMicrosMax,
                      double roundTripMicrosMean, double opsPerSecondPerLoop, double opsPerSecondTotal,
                      double firstLoopOpsPerSecond, List<Double> perLoopOpsPerSecond, String detail, List<LoadRow> vms) {

    public static final String OK = "ok";
    public static final String INCOMPLETE = "incomplete";
    public static final String STARVED = "starved";
    public static final String KILLED = "killed";
    public static final String FAILED = "failed";
    /** Over several VMs whose statuses differ: {@link #verdict()} counts each. */
    public static final String MIXED = "mixed";

    public LoadRow {
        perLoopOpsPerSecond = List.copyOf(perLoopOpsPerSecond);
        vms = List.copyOf(vms);
    }

    /** A row of one fresh VM. */
    public LoadRow(String kind, int loops, int parallelism, int processors, String status, boolean starved,
                   long waitedMillis, long roundsCompleted, long roundsWanted,
                   double roundTripMicrosP50, double roundTripMicrosP99, double roundTripMicrosMax,
                   double roundTripMicrosMean, double opsPerSecondPerLoop, double opsPerSecondTotal,
                   double firstLoopOpsPerSecond, List<Double> perLoopOpsPerSecond, String detail) {
        this(kind, loops, parallelism, processors, status, starved, waitedMillis, roundsCompleted, roundsWanted,
                roundTripMicrosP50, roundTripMicrosP99, roundTripMicrosMax, roundTripMicrosMean, opsPerSecondPerLoop,
                opsPerSecondTotal, firstLoopOpsPerSecond, perLoopOpsPerSecond, detail, List.of());
    }

    /**
     * The row of one kind and loop count over fresh VMs ({@code perVm}, the same kind and loops each):
     * every figure the median of the VMs that gave one, each loop's rate the median of its rates,
     * starved only when every VM starved, the longest wait and the fewest round trips done. One VM's
     * row is returned as it is.
     */
    public static LoadRow acrossVms(List<LoadRow> perVm) {
        if (perVm.isEmpty()) {
            throw new IllegalArgumentException("a load row needs at least one VM's row");
        }
        if (perVm.size() == 1) {
            return perVm.get(0);
        }
        LoadRow first = perVm.get(0);
        List<String> statuses = perVm.stream().map(LoadRow::status).distinct().toList();
        List<List<Double>> rates = perVm.stream().map(LoadRow::perLoopOpsPerSecond).filter(l -> !l.isEmpty()).toList();
        List<Double> perLoop = new ArrayList<>();
        int loopsRead = rates.stream().mapToInt(List::size).min().orElse(0);
        for (int i = 0; i < loopsRead; i++) {
            int loop = i;
            perLoop.add(median(rates, l -> l.get(loop)));
        }
        return new LoadRow(first.kind(), first.loops(), first.parallelism(), first.processors(),
                statuses.size() == 1 ? statuses.get(0) : MIXED, perVm.stream().allMatch(LoadRow::starved),
                perVm.stream().mapToLong(LoadRow::waitedMillis).max().orElse(0),
                perVm.stream().mapToLong(LoadRow::roundsCompleted).min().orElse(0), first.roundsWanted(),
                median(perVm, LoadRow::roundTripMicrosP50), median(perVm, LoadRow::roundTripMicrosP99),
                median(perVm, LoadRow::roundTripMicrosMax), median(perVm, LoadRow::roundTripMicrosMean),
                median(perVm, LoadRow::opsPerSecondPerLoop), median(perVm, LoadRow::opsPerSecondTotal),
                median(perVm, LoadRow::firstLoopOpsPerSecond), perLoop,
                perVm.stream().map(LoadRow::detail).filter(d -> !d.isEmpty()).distinct().collect(Collectors.joining("; ")), perVm);
    }

    /** The median of one figure over several VMs' values, those without one (NaN) left out. */
    static <T> double median(List<T> perVm, ToDoubleFunction<T> figure) {
        return Spread.of(perVm.stream().mapToDouble(figure).toArray()).median();
    }

    /** How many fresh VMs this row is made of. */
    public int vmCount() {
        return vms.isEmpty() ? 1 : vms.size();
    }

    /** A figure's 95% interval across this row's VMs ({@link Interval#of}); no interval for one VM. */
    public Interval interval(ToDoubleFunction<LoadRow> figure) {
        return vms.isEmpty() ? Interval.of(figure.applyAsDouble(this))
                : Interval.of(vms.stream().mapToDouble(figure).toArray());
    }

    /** The median round trip's cell: "12.3 [11.8, 12.9]" over several VMs, the figure alone for one. */
    public String p50Cell() {
        return Measurement.figureCell(interval(LoadRow::roundTripMicrosP50));
    }

    /** A row for a child JVM that gave no result (killed at its hard deadline, or failed): nothing is known, not even starvation. */
    static LoadRow noResult(LoadKind kind, int loops, int parallelism, int rounds, String status,
                            long waitedMillis, String detail) {
        return new LoadRow(kind.label(), loops, parallelism, Runtime.getRuntime().availableProcessors(), status,
                false, waitedMillis, 0, rounds, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN, List.of(), detail);
    }

    /** A child JVM killed at its hard deadline that had said {@code done} round trips were complete: how far it got. */
    static LoadRow killed(LoadKind kind, int loops, int parallelism, int rounds, long waitedMillis, long done, String detail) {
        return new LoadRow(kind.label(), loops, parallelism, Runtime.getRuntime().availableProcessors(), KILLED,
                false, waitedMillis, done, rounds, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN, List.of(), detail);
    }

    /** True when every round trip asked for was done. */
    public boolean completed() {
        return OK.equals(status);
    }

    /**
     * The status as a table cell says it: "ok", "STARVED: no round trip in 3,000 ms", "incomplete: 120 of
     * 2,000 in 3,000 ms"; over VMs that disagree, each status with its count: "ok in 2 of 3 VMs; STARVED in 1".
     */
    public String verdict() {
        if (!vms.isEmpty() && MIXED.equals(status)) {
            Map<String, Long> counts = new LinkedHashMap<>();
            vms.forEach(v -> counts.merge(v.status(), 1L, Long::sum));
            return counts.entrySet().stream().map(e -> (e.getKey().equals(STARVED) ? "STARVED" : e.getKey()) + " in " + e.getValue())
                    .collect(Collectors.joining("; ")) + " of " + vms.size() + " VMs";
        }
        if (!vms.isEmpty() && INCOMPLETE.equals(status)) {
            return String.format("incomplete in every VM: %,d to %,d of %,d in up to %,d ms",
                    vms.stream().mapToLong(LoadRow::roundsCompleted).min().orElse(0),
                    vms.stream().mapToLong(LoadRow::roundsCompleted).max().orElse(0), roundsWanted, waitedMillis);
        }
        return switch (status) {
            case OK -> OK;
            case STARVED -> String.format("STARVED: no round trip in %,d ms", waitedMillis);
            case INCOMPLETE -> String.format("incomplete: %,d of %,d in %,d ms", roundsCompleted, roundsWanted, waitedMillis);
            default -> status + ": " + detail;
        };
    }
}
