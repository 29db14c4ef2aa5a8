package dev.loomlab.limits;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A real container limit for one child JVM, where this machine allows it: a fresh cgroup (v1
 * controller or v2 directory) under the one we run in, if we may write there, with the child
 * moved into it before it execs java. Nothing else is ever put in it, so a limit there can only
 * hurt the child. Where no cgroup is writable (a laptop without root, a locked-down container),
 * {@link #writable} says so and the demos simulate with JVM flags instead.
 */
public final class Cgroups {

    static final Path ROOT = Path.of("/sys/fs/cgroup");

    private Cgroups() {}

    /** A created cgroup; {@link #close} removes it. */
    public record Group(Path dir, String controller) implements AutoCloseable {

        /** Writes one control file, e.g. {@code pids.max}. */
        public void set(String file, String value) throws IOException {
            Files.writeString(dir.resolve(file), value);
        }

        /** Reads one control file, trimmed, or "" if it cannot. */
        public String get(String file) {
            try {
                return Files.readString(dir.resolve(file)).trim();
            } catch (IOException e) {
                return "";
            }
        }

        /** True for a cgroup v2 directory (unified tree), false for a v1 controller's. */
        public boolean v2() {
            return !dir.getParent().equals(ROOT.resolve(controller));
        }

        /** Limits memory to {@code bytes} (v1 memory.limit_in_bytes, v2 memory.max, swap off where v2 allows). */
        public void limitMemory(long bytes) throws IOException {
            if (v2()) {
                set("memory.max", String.valueOf(bytes));
                if (Files.exists(dir.resolve("memory.swap.max"))) {
                    set("memory.swap.max", "0");
                }
            } else {
                set("memory.limit_in_bytes", String.valueOf(bytes));
            }
        }

        /**
         * Limits memory to {@code bytes} and allows {@code swap} bytes of swap beyond it, as
         * {@code docker run -m} with {@code --memory-swap} does (v1 memory.memsw.limit_in_bytes
         * holds memory plus swap; v2 memory.swap.max the swap alone). Throws where swap is not accounted.
         */
        public void limitMemoryAndSwap(long bytes, long swap) throws IOException {
            if (v2()) {
                set("memory.max", String.valueOf(bytes));
                set("memory.swap.max", String.valueOf(swap));
            } else {
                set("memory.limit_in_bytes", String.valueOf(bytes));
                set("memory.memsw.limit_in_bytes", String.valueOf(bytes + swap));
            }
        }

        /** A CFS quota of {@code cpus} CPUs per 100 ms period (v1 cpu.cfs_quota_us, v2 cpu.max). */
        public void limitCpus(int cpus) throws IOException {
            if (v2()) {
                set("cpu.max", (100_000L * cpus) + " 100000");
            } else {
                set("cpu.cfs_period_us", "100000");
                set("cpu.cfs_quota_us", String.valueOf(100_000L * cpus));
            }
        }

        /** At most {@code tasks} processes and threads (pids.max, v1 and v2 alike). */
        public void limitPids(int tasks) throws IOException {
            set("pids.max", String.valueOf(tasks));
        }

        /** The command prefix that moves the child into this cgroup, then execs the rest. */
        public List<String> wrapper() {
            return List.of("/bin/sh", "-c", "echo $$ > '" + dir.resolve("cgroup.procs") + "' && exec \"$@\"", "loomlab-cgroup");
        }

        @Override
        public void close() {
            for (int i = 0; i < 50; i++) {
                try {
                    Files.deleteIfExists(dir);
                    return;
                } catch (IOException e) {
                    try {
                        Thread.sleep(20);
                    } catch (InterruptedException ie) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            }
        }
    }

    /** Where a controller's cgroups live here (v1: its own mount; v2: the unified tree), if writable. */
    public static Optional<Path> writable(String controller) {
        Path v1 = ROOT.resolve(controller);
        if (Files.isDirectory(v1) && Files.exists(v1.resolve("cgroup.procs")) && Files.isWritable(v1)) {
            return Optional.of(v1);
        }
        Path v2 = ROOT;
        if (Files.exists(v2.resolve("cgroup.controllers")) && Files.isWritable(v2)) {
            try {
                String enabled = Files.readString(v2.resolve("cgroup.subtree_control"));
                if (enabled.contains(controller)) {
                    return Optional.of(v2);
                }
            } catch (IOException ignored) {
                // not usable
            }
        }
        return Optional.empty();
    }

    /** Creates a fresh cgroup for one child under {@code controller}, or empty where none is writable. */
    public static Optional<Group> create(String controller) {
        Optional<Path> base = writable(controller);
        if (base.isEmpty()) {
            return Optional.empty();
        }
        Path dir = base.get().resolve("loomlab-" + UUID.randomUUID().toString().substring(0, 8));
        try {
            Files.createDirectory(dir);
            return Optional.of(new Group(dir, controller));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Sets a limit on a fresh cgroup. */
    @FunctionalInterface
    public interface Limit {
        void apply(Group group) throws IOException;
    }

    /**
     * A fresh cgroup under {@code controller} with {@code limit} applied, or empty where none can be
     * created or the limit cannot be written (the cgroup is then removed again): callers fall back
     * to simulating the limit.
     */
    public static Optional<Group> limited(String controller, Limit limit) {
        Optional<Group> group = create(controller);
        if (group.isEmpty()) {
            return group;
        }
        try {
            limit.apply(group.get());
            return group;
        } catch (IOException | RuntimeException e) {
            group.get().close();
            return Optional.empty();
        }
    }

    /** Why no real limit could be set, in words, for a table's note. */
    public static String whyNot(String controller) {
        boolean docker = Files.exists(Path.of("/var/run/docker.sock"));
        return "no writable " + controller + " cgroup here" + (docker ? "" : " and no Docker daemon")
                + ": simulated with JVM flags";
    }
}
