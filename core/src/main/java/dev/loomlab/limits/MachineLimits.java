package dev.loomlab.limits;

import dev.loomlab.measure.ProcStatus;
import dev.loomlab.measure.OsThreadLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What this machine says about how many threads and processes it allows: {@link OsThreadLimits},
 * plus the pids.max of the cgroup this JVM is actually in (cgroup v1 or v2) and whether we are root.
 */
public final class MachineLimits {

    private MachineLimits() {}

    /** Name to value ("unlimited", a number, or "not available"), with where it was read. */
    public static Map<String, String> read() {
        OsThreadLimits os = OsThreadLimits.read();
        Map<String, String> limits = new LinkedHashMap<>();
        limits.put("ulimit -u (RLIMIT_NPROC, soft / hard)", os.maxUserProcessesSoft() + " / " + os.maxUserProcessesHard());
        limits.put("/proc/sys/kernel/threads-max", os.threadsMax());
        limits.put("/proc/sys/kernel/pid_max", os.pidMax());
        limits.put("cgroup pids.max", pidsMax());
        limits.put("running as", isRoot() ? "root: RLIMIT_NPROC is not enforced for root" : "user " + System.getProperty("user.name"));
        return limits;
    }

    static boolean isRoot() {
        return ProcStatus.uid().map("0"::equals).orElse(false);
    }

    static String file(Path path) {
        try {
            return String.join(" ", Files.readAllLines(path)).trim(); // readString stops short on /proc files
        } catch (IOException e) {
            return "not available";
        }
    }

    /** pids.max of the cgroup this JVM is in (v1 pids controller or v2), or "none". */
    static String pidsMax() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/cgroup"))) {
                String[] parts = line.split(":", 3);
                if (parts.length < 3) {
                    continue;
                }
                Path candidate = parts[1].equals("pids") ? Path.of("/sys/fs/cgroup/pids" + parts[2], "pids.max")
                        : parts[0].equals("0") ? Path.of("/sys/fs/cgroup" + parts[2], "pids.max") : null;
                if (candidate != null && Files.exists(candidate)) {
                    return file(candidate) + " (" + candidate + ")";
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // not Linux
        }
        return "none (no pids limit on this JVM's cgroup)";
    }

    /** True if the util-linux {@code prlimit} command is on the PATH. */
    static boolean hasPrlimit() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, "prlimit"))) {
                return true;
            }
        }
        return false;
    }

    /** Threads now running as this user, across all processes (what RLIMIT_NPROC counts). */
    static int userThreads() {
        String uid = uid();
        int count = 0;
        try (var procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit)).toList()) {
                try {
                    List<String> status = Files.readAllLines(p.resolve("status"));
                    boolean mine = status.stream().anyMatch(l -> l.startsWith("Uid:") && l.split("\\s+")[1].equals(uid));
                    if (mine) {
                        count += status.stream().filter(l -> l.startsWith("Threads:"))
                                .mapToInt(l -> Integer.parseInt(l.split("\\s+")[1])).sum();
                    }
                } catch (IOException | RuntimeException ignored) {
                    // the process went away
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return count;
    }

    private static String uid() {
        return ProcStatus.uid().orElse("");
    }
}
