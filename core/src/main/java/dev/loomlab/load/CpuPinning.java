package dev.loomlab.load;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * BEAM's {@code +S 1} for every kind: {@code --parallelism 1} sets one carrier, but platform
 * threads still run on every core. Pinning the whole child JVM to {@code cpus} CPUs gives
 * platform, parking and offloaded rows the same one CPU (the JVM then also sees that many
 * processors). The first way that works here is used: CPU affinity with {@code taskset}
 * (util-linux), else a fresh cpuset cgroup (v1 {@code cpuset} controller, or v2 with {@code cpuset}
 * in the root's {@code cgroup.subtree_control}) where one can be written, else nothing, and the
 * {@link Pin}'s description says which, so a table's notes can say how its rows were run.
 */
public final class CpuPinning {

    static final Path CGROUP_ROOT = Path.of("/sys/fs/cgroup");

    /** How one child is pinned: the command prefix, which way, in words; {@link #close} removes a cgroup it made. */
    public record Pin(Method method, List<String> wrapper, String description, Optional<Path> cgroup) implements AutoCloseable {

        @Override
        public void close() {
            cgroup.ifPresent(CpuPinning::remove);
        }
    }

    /** The way a child was pinned. */
    public enum Method { NONE, TASKSET, CPUSET_CGROUP, NOT_PINNED }

    private CpuPinning() {}

    /** Pins a child to CPUs 0..cpus-1 the first way that works on this machine; close the result after the child ends. */
    public static Pin pin(int cpus) {
        return pin(cpus, taskset(), CGROUP_ROOT);
    }

    /** The decision, with the places it looks at given (tests pass a fake cgroup tree and no taskset). */
    static Pin pin(int cpus, Optional<String> taskset, Path cgroupRoot) {
        if (cpus < 0) {
            throw new IllegalArgumentException("--pin must be 0 (no pinning) or a number of CPUs, got " + cpus);
        }
        if (cpus == 0) {
            return new Pin(Method.NONE, List.of(), "", Optional.empty());
        }
        String list = cpus == 1 ? "0" : "0-" + (cpus - 1);
        String what = cpus + " CPU" + (cpus == 1 ? "" : "s");
        String share = "platform threads and the JVM's own share " + (cpus == 1 ? "that CPU" : "them");
        if (taskset.isPresent()) {
            return new Pin(Method.TASKSET, List.of(taskset.get(), "-c", list),
                    "each child JVM pinned to " + what + " with taskset -c " + list + " (CPU affinity): " + share, Optional.empty());
        }
        Optional<Path> group = cpuset(cgroupRoot, list);
        if (group.isPresent()) {
            return new Pin(Method.CPUSET_CGROUP, List.of("/bin/sh", "-c",
                    "echo $$ > '" + group.get().resolve("cgroup.procs") + "' && exec \"$@\"", "loomlab-pin"),
                    "each child JVM pinned to " + what + " in a fresh cpuset cgroup (cpuset.cpus = " + list + "; taskset is "
                            + "not installed): " + share, group);
        }
        if (System.getProperty("os.name", "").startsWith("Mac")) {
            return new Pin(Method.NOT_PINNED, List.of(), "not pinned: --pin " + cpus + " is not available on macOS, which has "
                    + "neither taskset nor cgroups to pin a process to CPUs; platform threads ran on every core", Optional.empty());
        }
        return new Pin(Method.NOT_PINNED, List.of(), "not pinned: --pin " + cpus + " needs taskset (Debian package "
                + "util-linux), which is not installed, or a writable cpuset cgroup, which this machine does not offer; "
                + "platform threads ran on every core", Optional.empty());
    }

    /** A fresh cpuset cgroup limited to {@code cpus} under {@code root}, or empty where none can be written. */
    static Optional<Path> cpuset(Path root, String cpus) {
        Path v1 = root.resolve("cpuset");
        Path parent;
        if (Files.isDirectory(v1) && Files.exists(v1.resolve("cgroup.procs"))) {
            parent = v1;
        } else if (Files.exists(root.resolve("cgroup.controllers")) && subtreeHasCpuset(root)) {
            parent = root;
        } else {
            return Optional.empty();
        }
        if (!Files.isWritable(parent)) {
            return Optional.empty();
        }
        Path dir = parent.resolve("loomlab-pin-" + UUID.randomUUID().toString().substring(0, 8));
        try {
            Files.createDirectory(dir);
        } catch (IOException e) {
            return Optional.empty();
        }
        try {
            if (parent == v1) {
                // v1 refuses tasks until both cpus and mems are set; the memory nodes are the parent's
                Files.writeString(dir.resolve("cpuset.mems"), Files.readString(parent.resolve("cpuset.mems")).trim());
            }
            Files.writeString(dir.resolve("cpuset.cpus"), cpus);
            return Optional.of(dir);
        } catch (IOException | RuntimeException e) {
            remove(dir);
            return Optional.empty();
        }
    }

    private static boolean subtreeHasCpuset(Path root) {
        try {
            return List.of(Files.readString(root.resolve("cgroup.subtree_control")).trim().split("\\s+")).contains("cpuset");
        } catch (IOException e) {
            return false;
        }
    }

    /** Removes a cgroup made here (rmdir; in a fake tree of plain files, its files first). */
    static void remove(Path dir) {
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) {
                try {
                    Files.deleteIfExists(f);
                } catch (IOException ignored) {
                    // a real cgroup's control files cannot be deleted; rmdir removes them
                }
            }
        } catch (IOException ignored) {
            // nothing listed: try the directory itself
        }
        for (int i = 0; i < 50; i++) {
            try {
                Files.deleteIfExists(dir);
                return;
            } catch (IOException busy) {
                // still has a task (the child is being reaped): try again shortly
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
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
