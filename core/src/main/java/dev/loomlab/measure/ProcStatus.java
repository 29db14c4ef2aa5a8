package dev.loomlab.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The one reader of {@code /proc/self/status} (Linux): a field's text, or a field in KiB. Off
 * Linux every answer is empty or -1. It depends on the JDK alone, so the measured JVM of the
 * million-tasks benchmark can load it on its minimal class path.
 */
public final class ProcStatus {

    private static final Path STATUS = Path.of("/proc/self/status");

    private ProcStatus() {}

    /** The text after {@code field:}, trimmed, or empty off Linux or when there is no such field. */
    public static Optional<String> field(String field) {
        try {
            for (String line : Files.readAllLines(STATUS)) {
                if (line.startsWith(field + ":")) {
                    return Optional.of(line.substring(field.length() + 1).trim());
                }
            }
        } catch (IOException | RuntimeException notLinux) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** A field in KiB (e.g. {@code VmRSS}, {@code VmHWM}), or -1 off Linux. */
    public static long kib(String field) {
        return number(field, "kB");
    }

    /** The process's OS threads ({@code Threads:}), or -1 off Linux. */
    public static long threads() {
        return number("Threads", "");
    }

    /**
     * Waits until the process has at most {@code target} OS threads, or their number has not moved for
     * 100 ms (the JVM may start threads of its own meanwhile), or {@code deadlineNanos} (a
     * {@link System#nanoTime()} value) has passed; returns at once off Linux. A platform thread whose
     * {@code join} has returned is still ending in the OS: the JVM unregisters its stack from Native
     * Memory Tracking and the OS thread exits afterwards, so a reading or a timing taken next would
     * still pay for it.
     */
    public static void awaitThreadsAtMost(long target, long deadlineNanos) throws InterruptedException {
        long last = threads();
        if (last < 0) {
            return; // off Linux: no count to wait on
        }
        long unchangedSince = System.nanoTime();
        while (last > target && System.nanoTime() < deadlineNanos
                && System.nanoTime() - unchangedSince < STALLED_NANOS) {
            Thread.sleep(5);
            long now = threads();
            if (now != last) {
                last = now;
                unchangedSince = System.nanoTime();
            }
        }
    }

    /** How long the thread count may stand still before {@link #awaitThreadsAtMost} stops waiting. */
    private static final long STALLED_NANOS = 100_000_000L;

    /** A field's whole number, its {@code unit} (if any) left out, or -1 off Linux or when it is not one. */
    private static long number(String field, String unit) {
        try {
            return field(field).map(v -> Long.parseLong(v.replace(unit, "").trim())).orElse(-1L);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** True where {@code /proc/self/status} can be read (Linux); off Linux RSS and VmHWM are not available. */
    public static boolean available() {
        return Files.isReadable(STATUS);
    }

    /**
     * What a table or note says instead of an empty cell where {@link #available()} is false:
     * "peakRssBytes: not available on Mac OS X (read from /proc/self/status, which only Linux has)".
     */
    public static String unavailable(String what) {
        return what + ": not available on " + System.getProperty("os.name") + " (read from /proc/self/status, which only Linux has)";
    }

    /** The real user id (first number of {@code Uid:}), or empty off Linux. */
    public static Optional<String> uid() {
        return field("Uid").map(v -> v.split("\\s+")[0]);
    }
}
