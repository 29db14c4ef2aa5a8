package dev.loomlab.limits;

import dev.loomlab.jvm.ChildJvm;
import dev.loomlab.jvm.ChildOutcome;
import dev.loomlab.jvm.ChildRun;
import dev.loomlab.util.Progress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One demo child JVM, run to its end (or deadline) and read back: its {@code result} figures,
 * its {@code log} lines, how it ended. Nothing it writes reaches the caller's standard error:
 * expected failures become table cells. {@code progress} sees only the log lines.
 *
 * @param run     how the child ended
 * @param results its {@code result key=value} lines, last value per key
 * @param log     its {@code log} lines, in order
 * @param other   any other lines (JVM messages), in order
 */
public record DemoRun(ChildRun run, Map<String, String> results, List<String> log, List<String> other) {

    /** Runs {@code main} in a child JVM (inside {@code wrapper}, e.g. a cgroup) and reads its lines back. */
    public static DemoRun launch(List<String> wrapper, Class<?> main, List<String> args, List<String> flags, Duration deadline,
                          Progress progress) {
        Map<String, String> results = new LinkedHashMap<>();
        List<String> log = new ArrayList<>();
        List<String> other = new ArrayList<>();
        Progress collect = line -> {
            synchronized (results) {
                if (line.startsWith("result ")) {
                    int eq = line.indexOf('=');
                    if (eq > 7) {
                        results.put(line.substring(7, eq), line.substring(eq + 1));
                    }
                } else if (line.startsWith("log ")) {
                    log.add(line.substring(4));
                    progress.say(line.substring(4));
                } else {
                    other.add(line);
                }
            }
        };
        ChildRun run = ChildJvm.launch(wrapper, main.getName(), args, flags, deadline, collect);
        synchronized (results) {
            return new DemoRun(run, Map.copyOf(results), List.copyOf(log), List.copyOf(other));
        }
    }

    /** A result as written, or "" if the child never wrote it. */
    public String get(String key) {
        return results.getOrDefault(key, "");
    }

    /** A result as a number, or NaN if absent or not a number. */
    public double number(String key) {
        try {
            return Double.parseDouble(results.get(key));
        } catch (RuntimeException e) {
            return Double.NaN;
        }
    }

    /** How it ended, in the words of a table cell: "ok", "out of memory", "killed by the kernel (SIGKILL, exit 137)", ... */
    public String ending() {
        if (run.outcome() != ChildOutcome.DEADLINE && run.exitCode() == 0) {
            return "ok (exit 0)";
        }
        if (run.outcome() == ChildOutcome.DEADLINE) {
            return "killed at its deadline (" + run.elapsed().toSeconds() + " s)";
        }
        if (run.exitCode() == 137) {
            return "killed by the kernel (SIGKILL, exit 137), no message";
        }
        if (run.outcome() == ChildOutcome.OUT_OF_MEMORY || run.exitCode() == 3) {
            return "out of memory (exit " + run.exitCode() + ")";
        }
        return run.exitCode() == 0 ? "ok (exit 0)" : "exit " + run.exitCode();
    }

    /** The JVM's own last word about memory, reworded without "Error:" (e.g. "Terminating due to ..."). */
    public String jvmMessage() {
        for (int i = other.size() - 1; i >= 0; i--) {
            String line = other.get(i);
            if (line.contains("OutOfMemoryError")) {
                return line.replace("java.lang.OutOfMemoryError: ", "OutOfMemoryError — ").trim();
            }
        }
        return "";
    }
}
