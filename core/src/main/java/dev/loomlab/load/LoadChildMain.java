package dev.loomlab.load;

import dev.loomlab.jvm.ChildSide;
import dev.loomlab.measure.Env;
import dev.loomlab.measure.Units;
import java.time.Duration;
import java.util.List;

/**
 * The entry point of one load child JVM, through the one child protocol ({@link ChildSide}): its
 * spec is {@code KIND LOOPS ROUNDS DEADLINE_MILLIS}, one a line ({@link #spec}). It runs one row,
 * streams the round trips done so far as the figure {@value #ROUNDS_DONE} (what its row says if
 * it is killed), writes the row as its result file and halts.
 *
 * <p>Everything after the units start runs on this JVM's {@code main} thread, a platform thread:
 * when the loops hold every carrier no virtual thread runs again, so the timer, the JSON and the
 * file write must not need one. It sets the loops' stop flag, writes, then halts
 * ({@link ChildSide#halt}), so no shutdown hook or virtual thread can keep a starved JVM alive.
 * Like every child it halts if the parent goes away, and the parent kills it at a hard deadline
 * if all else fails.
 */
public final class LoadChildMain {

    /** The figure that says how many round trips are done so far. */
    static final String ROUNDS_DONE = "roundsDone";

    private LoadChildMain() {}

    public static void main(String[] args) {
        try {
            List<String> spec = ChildSide.arguments(args, "LoadChildMain");
            runOneRow(LoadKind.parse(spec.get(0)), Integer.parseInt(spec.get(1)), Integer.parseInt(spec.get(2)),
                    Duration.ofMillis(Long.parseLong(spec.get(3))));
        } catch (Throwable t) {
            t.printStackTrace();
            ChildSide.fail(t.toString(), 1);
        }
        ChildSide.halt(0);
    }

    private static void runOneRow(LoadKind kind, int loops, int rounds, Duration deadline) throws Exception {
        Env env = Env.current();
        // load the classes the report needs now, while carriers are still free
        LoadJson.childResult(env, LoadRow.noResult(kind, loops, 0, rounds, LoadRow.FAILED, 0, "warm-up"));
        ChildSide.result(ROUNDS_DONE, 0);
        LoadTier tier = LoadTier.start(kind, loops, rounds);
        LoadRow row;
        try {
            row = tier.measure(deadline, done -> ChildSide.result(ROUNDS_DONE, done));
        } finally {
            tier.stopLoops();
        }
        ChildSide.write(LoadJson.childResult(env, row));
        ChildSide.log(summary(row));
    }

    /** One line for the parent's progress output. */
    static String summary(LoadRow row) {
        String latency = row.roundsCompleted() == 0 ? "" : String.format(", p50 %s, p99 %s, max %s",
                Units.micros(row.roundTripMicrosP50()), Units.micros(row.roundTripMicrosP99()),
                Units.micros(row.roundTripMicrosMax()));
        String rate = row.loops() == 0 ? "" : String.format(", %.0f M it/s per loop", row.opsPerSecondPerLoop() / 1e6);
        return String.format("%s, %d loop%s, %d carrier%s: %s%s%s", row.kind(), row.loops(), row.loops() == 1 ? "" : "s",
                row.parallelism(), row.parallelism() == 1 ? "" : "s", row.verdict(), latency, rate);
    }

    /** The spec of one row, as {@link #main} reads it. */
    static List<String> spec(LoadKind kind, int loops, int rounds, Duration deadline) {
        return List.of(kind.label(), String.valueOf(loops), String.valueOf(rounds), String.valueOf(deadline.toMillis()));
    }
}
