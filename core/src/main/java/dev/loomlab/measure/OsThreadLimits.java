package dev.loomlab.measure;

import dev.loomlab.view.Grid;
import dev.loomlab.view.GridLines;
import dev.loomlab.view.Tabular;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The operating system's ceilings on threads, which bound platform threads (each one is a kernel
 * thread) but not virtual threads: the per-user process limit ({@code ulimit -u}, read from
 * {@code /proc/self/limits}), {@code threads-max}, {@code pid_max}, and a cgroup's {@code pids.max}.
 * A value is "not available" where this OS has no such file.
 *
 * @param maxUserProcessesSoft {@code ulimit -u}, soft
 * @param maxUserProcessesHard {@code ulimit -Hu}
 * @param threadsMax           {@code /proc/sys/kernel/threads-max}
 * @param pidMax               {@code /proc/sys/kernel/pid_max}
 * @param cgroupPidsMax        {@code /sys/fs/cgroup/pids.max}
 */
public record OsThreadLimits(String maxUserProcessesSoft, String maxUserProcessesHard, String threadsMax,
                             String pidMax, String cgroupPidsMax) implements Tabular {

    private static final String NA = "not available";

    /** Reads this machine's limits. */
    public static OsThreadLimits read() {
        String soft = NA;
        String hard = NA;
        for (String line : lines(Path.of("/proc/self/limits"))) {
            if (line.startsWith("Max processes")) {
                String[] parts = line.substring("Max processes".length()).trim().split("\\s+");
                soft = parts[0];
                hard = parts.length > 1 ? parts[1] : NA;
            }
        }
        return new OsThreadLimits(soft, hard, first(Path.of("/proc/sys/kernel/threads-max")),
                first(Path.of("/proc/sys/kernel/pid_max")), first(Path.of("/sys/fs/cgroup/pids.max")));
    }

    @Override
    public Grid grid() {
        GridLines lines = new GridLines("What bounds platform threads (virtual threads are not kernel threads)")
                .text("limit").text("this machine").text("what it bounds");
        lines.row("ulimit -u (soft)", maxUserProcessesSoft, "threads of this user, all processes together");
        lines.row("ulimit -Hu (hard)", maxUserProcessesHard, "how far a user may raise the soft limit");
        lines.row("kernel threads-max", threadsMax, "threads on the whole machine");
        lines.row("kernel pid_max", pidMax, "thread and process ids on the whole machine");
        lines.row("cgroup pids.max", cgroupPidsMax, "threads in this container or service");
        lines.row("published: Python OS threads (macOS)", "12,287th failed",
                "RLIMIT_NPROC soft 8,000 / hard 12,000 (the Japanese article)");
        lines.row("published: Java platform threads, 2023", "100,000 could not start",
                "the 1M-tasks benchmark's 2023 original");
        return lines.build();
    }

    private static String first(Path file) {
        List<String> lines = lines(file);
        return lines.isEmpty() ? NA : lines.get(0).trim();
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    @Override
    public String toString() {
        return Tabular.text(this);
    }
}
