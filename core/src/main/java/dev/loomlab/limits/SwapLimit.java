package dev.loomlab.limits;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What a memory cgroup allows, memory and swap, read from its control files as the JVM's container
 * support reads them: cgroup v2 {@code memory.max} and {@code memory.swap.max} (swap beyond the
 * memory), v1 {@code memory.limit_in_bytes} and {@code memory.memsw.limit_in_bytes} (memory plus
 * swap, so swap is the difference). {@code docker run -m 512m} without {@code --memory-swap} allows
 * as much swap again; {@code --memory-swap 512m} allows none.
 *
 * @param version     "v1" or "v2"
 * @param memoryBytes the memory limit, {@link #UNLIMITED} for none
 * @param swapBytes   swap allowed beyond the memory limit, {@link #UNLIMITED} for no limit, -1 where not accounted
 * @param dir         the directory read
 */
public record SwapLimit(String version, long memoryBytes, long swapBytes, Path dir) {

    /** No limit ({@code max} in v2; page-rounded {@code LONG_MAX} in v1). */
    public static final long UNLIMITED = Long.MAX_VALUE;
    /** v1 reports a missing limit as LONG_MAX rounded down to a page; anything this large is no limit. */
    private static final long NO_LIMIT_ABOVE = 1L << 62;

    /** Reads the cgroup directory {@code dir} (v2 when it has {@code memory.max}, v1 when {@code memory.limit_in_bytes}). */
    public static Optional<SwapLimit> read(Path dir) {
        if (Files.exists(dir.resolve("memory.max"))) {
            long memory = value(dir.resolve("memory.max"));
            Path swap = dir.resolve("memory.swap.max");
            return Optional.of(new SwapLimit("v2", memory, Files.exists(swap) ? value(swap) : -1, dir));
        }
        if (Files.exists(dir.resolve("memory.limit_in_bytes"))) {
            long memory = value(dir.resolve("memory.limit_in_bytes"));
            Path memsw = dir.resolve("memory.memsw.limit_in_bytes");
            long swap = -1;
            if (Files.exists(memsw)) {
                long both = value(memsw);
                swap = both == UNLIMITED ? UNLIMITED : memory == UNLIMITED ? UNLIMITED : Math.max(0, both - memory);
            }
            return Optional.of(new SwapLimit("v1", memory, swap, dir));
        }
        return Optional.empty();
    }

    /**
     * This process's own memory cgroup, from {@code /proc/self/cgroup} lines ({@code 4:memory:/path} for v1,
     * {@code 0::/path} for v2) under {@code root} ({@code /sys/fs/cgroup}), if its files are there.
     */
    public static Optional<Path> own(List<String> procSelfCgroup, Path root) {
        for (String line : procSelfCgroup) {
            String[] parts = line.split(":", 3);
            if (parts.length == 3 && List.of(parts[1].split(",")).contains("memory")) {
                Path dir = root.resolve("memory").resolve(parts[2].replaceFirst("^/", ""));
                if (Files.exists(dir.resolve("memory.limit_in_bytes"))) {
                    return Optional.of(dir);
                }
            }
        }
        for (String line : procSelfCgroup) {
            if (line.startsWith("0::")) {
                Path dir = root.resolve(line.substring(3).replaceFirst("^/", ""));
                if (Files.exists(dir.resolve("memory.max"))) {
                    return Optional.of(dir);
                }
            }
        }
        return Optional.empty();
    }

    /** This process's own memory cgroup on this machine, read, if there is one. */
    public static Optional<SwapLimit> ofThisProcess() {
        try {
            return own(Files.readAllLines(Path.of("/proc/self/cgroup")), Cgroups.ROOT).flatMap(SwapLimit::read);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * Writes the files a cgroup of this {@code version} would show for {@code memory} bytes and
     * {@code swap} bytes of swap, into {@code dir}: the simulated case, where no cgroup can be created.
     */
    public static void simulate(Path dir, String version, long memory, long swap) throws IOException {
        Files.createDirectories(dir);
        if (version.equals("v2")) {
            Files.writeString(dir.resolve("memory.max"), memory + "\n");
            Files.writeString(dir.resolve("memory.swap.max"), swap + "\n");
        } else {
            Files.writeString(dir.resolve("memory.limit_in_bytes"), memory + "\n");
            Files.writeString(dir.resolve("memory.memsw.limit_in_bytes"), (memory + swap) + "\n");
        }
    }

    /** The memory limit in words: "512 MiB" or "no limit". */
    public String memoryWords() {
        return memoryBytes == UNLIMITED ? "no limit" : Demos.bytes(memoryBytes);
    }

    /** The swap allowed in words: "none", "512 MiB (as much again as the memory)", "no limit", "not accounted". */
    public String swapWords() {
        if (swapBytes < 0) {
            return "not accounted (no " + (version.equals("v2") ? "memory.swap.max" : "memory.memsw.limit_in_bytes") + ")";
        }
        if (swapBytes == UNLIMITED) {
            return "no limit";
        }
        if (swapBytes == 0) {
            return "none";
        }
        return Demos.bytes(swapBytes) + (swapBytes == memoryBytes ? " (as much again as the memory)" : "");
    }

    /** The files this was read from, as a table cell names them. */
    public String files() {
        return version.equals("v2") ? "memory.max, memory.swap.max" : "memory.limit_in_bytes, memory.memsw.limit_in_bytes";
    }

    private static long value(Path file) {
        try {
            String text = Files.readString(file).trim();
            if (text.equals("max")) {
                return UNLIMITED;
            }
            long v = Long.parseLong(text);
            return v >= NO_LIMIT_ABOVE ? UNLIMITED : v;
        } catch (IOException | NumberFormatException e) {
            throw new IllegalArgumentException("cannot read the cgroup file " + file + ": " + e.getMessage(), e);
        }
    }
}
