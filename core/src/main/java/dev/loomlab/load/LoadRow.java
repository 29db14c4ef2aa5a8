package dev.loomlab.load;

import java.util.List;

/**
 * One row of the load experiment: round trips between an echo and a client while {@code loops}
 * busy loops run, in one fresh JVM. Latencies are in microseconds and rates in iterations per
 * second; a figure that was not measured is NaN (null in JSON).
 *
 * @param kind                   what ran the loops, echo and client ({@link LoadKind#label()})
 * @param loops                  busy loops
 * @param parallelism            virtual-thread carriers in the child JVM
 * @param processors             processors the child JVM saw
 * @param status                 {@code ok}; {@code incomplete} (some round trips, not all, before the
 *                               deadline); {@code starved} (none); {@code killed} (the child did not
 *                               report and was killed); {@code failed}
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
 */
public record LoadRow(String kind, int loops, int parallelism, int processors, String status, boolean starved,
                      long waitedMillis, long roundsCompleted, long roundsWanted,
                      double roundTripMicrosP50, double roundTripMicrosP99, double roundTripMicrosMax,
                      double roundTripMicrosMean, double opsPerSecondPerLoop, double opsPerSecondTotal,
                      double firstLoopOpsPerSecond, List<Double> perLoopOpsPerSecond, String detail) {

    public static final String OK = "ok";
    public static final String INCOMPLETE = "incomplete";
    public static final String STARVED = "starved";
    public static final String KILLED = "killed";
    public static final String FAILED = "failed";

    public LoadRow {
        perLoopOpsPerSecond = List.copyOf(perLoopOpsPerSecond);
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

    /** The status as a table cell says it: "ok", "STARVED after 3s", "incomplete: 120 of 2,000". */
    public String verdict() {
        return switch (status) {
            case OK -> OK;
            case STARVED -> String.format("STARVED: no round trip in %,d ms", waitedMillis);
            case INCOMPLETE -> String.format("incomplete: %,d of %,d in %,d ms", roundsCompleted, roundsWanted, waitedMillis);
            default -> status + ": " + detail;
        };
    }
}
