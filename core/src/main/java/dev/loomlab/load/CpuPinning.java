package dev.loomlab.load;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * BEAM's {@code +S 1} for every kind: {@code --parallelism 1} sets one carrier, but platform
 * threads still run on every core. Pinning the whole child JVM to {@code cpus} CPUs with
 * {@code taskset} (util-linux) gives platform, parking and offloaded rows the same one CPU; the
 * JVM then also sees that many processors. Where {@code taskset} is missing, nothing is pinned and
 * {@link #describe} says so.
 */
public final class CpuPinning {

    private CpuPinning() {}

    /** The command that pins a child to CPUs 0..cpus-1, or empty when cpus is 0 or taskset is not installed. */
    public static List<String> wrapper(int cpus) {
        if (cpus < 0) {
            throw new IllegalArgumentException("--pin must be 0 (no pinning) or a number of CPUs, got " + cpus);
        }
        if (cpus == 0) {
            return List.of();
        }
        return taskset().map(t -> List.of(t, "-c", cpus == 1 ? "0" : "0-" + (cpus - 1))).orElse(List.of());
    }

    /** How the children were pinned, for the result's notes. */
    public static String describe(int cpus) {
        if (cpus == 0) {
            return "";
        }
        List<String> w = wrapper(cpus);
        return w.isEmpty() ? "not pinned: --pin " + cpus + " needs taskset (Debian package util-linux), which is not installed;"
                + " platform threads ran on every core"
                : "each child JVM pinned to " + cpus + " CPU" + (cpus == 1 ? "" : "s") + " with taskset " + String.join(" ", w.subList(1, w.size()))
                + " (CPU affinity): platform threads and the JVM's own share " + (cpus == 1 ? "that CPU" : "them");
    }

    private static Optional<String> taskset() {
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir, "taskset");
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate.toString());
            }
        }
        return Optional.empty();
    }
}
