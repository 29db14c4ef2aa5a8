package dev.loomlab.measure;

import dev.loomlab.display.Displayable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

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
                             String pidMax, String cgroupPidsMax) implements Displayable {

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
    public Table toTable() {
        StringColumn what = StringColumn.create("limit");
        StringColumn value = StringColumn.create("this machine");
        StringColumn means = StringColumn.create("what it bounds");
        add(what, value, means, "ulimit -u (soft)", maxUserProcessesSoft, "threads of this user, all processes together");
        add(what, value, means, "ulimit -Hu (hard)", maxUserProcessesHard, "how far a user may raise the soft limit");
        add(what, value, means, "kernel threads-max", threadsMax, "threads on the whole machine");
        add(what, value, means, "kernel pid_max", pidMax, "thread and process ids on the whole machine");
        add(what, value, means, "cgroup pids.max", cgroupPidsMax, "threads in this container or service");
        add(what, value, means, "published: Python OS threads (macOS)", "12,287th failed",
                "RLIMIT_NPROC soft 8,000 / hard 12,000 (the Japanese article)");
        add(what, value, means, "published: Java platform threads, 2023", "100,000 could not start",
                "the 1M-tasks benchmark's 2023 original");
        return Table.create("What bounds platform threads (virtual threads are not kernel threads)", what, value, means);
    }

    private static void add(StringColumn what, StringColumn value, StringColumn means, String w, String v, String m) {
        what.append(w);
        value.append(v);
        means.append(m);
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
        return toTable().printAll();
    }
}
