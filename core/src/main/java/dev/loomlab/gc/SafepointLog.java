package dev.loomlab.gc;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JVM's own record of every stop-the-world pause: {@code -Xlog:safepoint} with the
 * {@code timenanos} decoration (the same clock as {@link System#nanoTime()}), one line per
 * safepoint, e.g. {@code [2084542659946ns] Safepoint "G1CollectForAllocation", Time since last:
 * ..., Total: 22598293 ns, ...}. A pause is the safepoint's total: reaching it, at it, leaving it,
 * every application thread stopped throughout. Collector operations are told from the others
 * (deoptimisation, class unloading...) by name.
 */
public final class SafepointLog {

    private static final Pattern LINE = Pattern.compile(
            "^\\[(\\d+)ns\\].*Safepoint \"([A-Za-z0-9_]+)\".*Total: (\\d+) ns");
    private static final Pattern GC_OPERATION = Pattern.compile(
            "^(G1|Z[A-Z]|Serial|Parallel|Shenandoah|GenCollect|CollectFor|GC_).*");

    /**
     * One pause.
     *
     * @param operation the VM operation that stopped the threads, e.g. {@code G1CollectForAllocation}
     * @param endNanos  when it ended, on {@link System#nanoTime()}'s clock
     * @param nanos     how long every thread was stopped
     */
    public record Pause(String operation, long endNanos, long nanos) {

        /** When it began, on {@link System#nanoTime()}'s clock. */
        public long startNanos() {
            return endNanos - nanos;
        }

        /** True if a garbage collector asked for it. */
        public boolean collector() {
            return isCollectorOperation(operation);
        }
    }

    private SafepointLog() {}

    /** The flag that makes a JVM write this log to {@code file}. */
    public static String flag(Path file) {
        return "-Xlog:safepoint=info:file=" + file + ":timenanos";
    }

    /** Every safepoint in {@code lines}, in order; lines of another shape are skipped. */
    public static List<Pause> parse(List<String> lines) {
        List<Pause> pauses = new ArrayList<>();
        for (String line : lines) {
            Matcher m = LINE.matcher(line);
            if (m.find()) {
                pauses.add(new Pause(m.group(2), Long.parseLong(m.group(1)), Long.parseLong(m.group(3))));
            }
        }
        return List.copyOf(pauses);
    }

    /** True for the VM operations of G1, ZGC, Serial, Parallel and Shenandoah. */
    public static boolean isCollectorOperation(String operation) {
        return GC_OPERATION.matcher(operation).matches();
    }
}
