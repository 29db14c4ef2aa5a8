package dev.loomlab.load;

import dev.loomlab.experiment.Kind;
import dev.loomlab.util.AtomicFiles;
import dev.loomlab.measure.Env;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The entry point of one load child JVM: {@code RESULT.json KIND LOOPS ROUNDS DEADLINE_MILLIS}.
 * It runs one row, writes it atomically and halts.
 *
 * <p>Everything after the units start runs on this JVM's {@code main} thread, a platform thread:
 * when the loops hold every carrier no virtual thread runs again, so the timer, the JSON and the
 * file write must not need one. It sets the loops' stop flag, writes, then {@code Runtime.halt}s,
 * so no shutdown hook or virtual thread can keep a starved JVM alive. A daemon platform thread
 * halts it too if the parent goes away (its standard input closes), and the parent kills it at a
 * hard deadline if all else fails.
 */
public final class LoadChildMain {

    /** The start of the line that says how many round trips are done so far. */
    static final String DONE_PREFIX = "round trips done: ";

    /** Exit code when the parent went away. */
    static final int ORPHANED = 4;

    private LoadChildMain() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 5) {
            System.err.println("usage: LoadChildMain RESULT.json KIND LOOPS ROUNDS DEADLINE_MILLIS (started by loomlab load)");
            Runtime.getRuntime().halt(2);
        }
        watchParent();
        try {
            runOneRow(Path.of(args[0]), Kind.parseLoad(args[1]), Integer.parseInt(args[2]), Integer.parseInt(args[3]),
                    Duration.ofMillis(Long.parseLong(args[4])));
        } catch (Throwable t) {
            t.printStackTrace();
            System.err.flush();
            Runtime.getRuntime().halt(1);
        }
        Runtime.getRuntime().halt(0);
    }

    private static void runOneRow(Path result, Kind kind, int loops, int rounds, Duration deadline) throws Exception {
        Env env = Env.current();
        // load the classes the report needs now, while carriers are still free
        LoadJson.childResult(env, LoadRow.noResult(kind, loops, 0, rounds, LoadRow.FAILED, 0, "warm-up"));
        LoadTier tier = LoadTier.start(kind, loops, rounds);
        LoadRow row;
        try {
            row = tier.measure(deadline, done -> {
                System.err.println(DONE_PREFIX + done);
                System.err.flush();
            });
        } finally {
            tier.stopLoops();
        }
        AtomicFiles.write(result, LoadJson.childResult(env, row));
        System.err.println(summary(row));
        System.err.flush();
    }

    /** One line for the parent's progress output. */
    static String summary(LoadRow row) {
        String latency = row.roundsCompleted() == 0 ? "" : String.format(", p50 %.1f us, p99 %.1f us, max %.1f us",
                row.roundTripMicrosP50(), row.roundTripMicrosP99(), row.roundTripMicrosMax());
        String rate = row.loops() == 0 ? "" : String.format(", %.0f M it/s per loop", row.opsPerSecondPerLoop() / 1e6);
        return String.format("%s, %d loop%s, %d carrier%s: %s%s%s", row.kind(), row.loops(), row.loops() == 1 ? "" : "s",
                row.parallelism(), row.parallelism() == 1 ? "" : "s", row.verdict(), latency, rate);
    }

    private static void watchParent() {
        Thread.ofPlatform().daemon(true).name("loomlab-parent-watch").start(() -> {
            try {
                while (System.in.read() != -1) {
                    // the parent never writes; EOF means it is gone
                }
            } catch (IOException ignored) {
                // same: the parent is gone
            }
            Runtime.getRuntime().halt(ORPHANED);
        });
    }

    /** The arguments for one row, in the order {@link #main} reads them. */
    static List<String> args(Path result, Kind kind, int loops, int rounds, Duration deadline) {
        return List.of(result.toString(), kind.label(), String.valueOf(loops), String.valueOf(rounds),
                String.valueOf(deadline.toMillis()));
    }
}
