package dev.loomlab.load;

import dev.loomlab.util.Durations;
import dev.loomlab.measure.Cap;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import dev.loomlab.experiment.FreshJvm;

/**
 * What the load experiment runs: for each kind and each loop count, {@code vms} fresh JVMs (or BEAM
 * VMs), every row's taken in turn with the others' ({@link LoadRunner}). Immutable; the
 * {@code with} methods return a changed copy. The constructor checks everything, so a bad spec
 * fails before any JVM starts, with a message that names the option.
 *
 * @param kinds       what runs the loops, echo and client; one row per kind and loop count
 * @param loops       busy-loop counts, e.g. {@code 0, 1, 2, 4}
 * @param rounds      round trips the client times per row
 * @param deadline    how long the client may take for its round trips, per row; past it the row
 *                    says {@code starved} or {@code incomplete}
 * @param parallelism virtual-thread carriers in each child JVM ({@code --parallelism 1} is BEAM's
 *                    {@code +S 1}); 0 leaves the JVM's default (one per processor)
 * @param jvmFlags    extra flags for each child JVM
 * @param cpus        CPUs each child JVM is pinned to ({@link CpuPinning}), 0 for none: {@code --pin 1}
 *                    is {@code +S 1} for platform threads too
 * @param vms         fresh VMs per row, their figures' median and interval the row's ({@link LoadRow#acrossVms})
 */
public record LoadSpec(List<LoadKind> kinds, List<Integer> loops, int rounds, Duration deadline, int parallelism,
                       List<String> jvmFlags, int cpus, int vms) {

    /** The German article's 2,000 round trips per row. */
    public static final int DEFAULT_ROUNDS = 2_000;
    public static final Duration DEFAULT_DEADLINE = Duration.ofSeconds(5);
    /** Round trips above this would take minutes even unloaded. */
    static final int MAX_ROUNDS = 10_000_000;
    /** Fresh VMs per row by default: as many as every table compared across runtimes ({@link FreshJvm#TABLE_FORKS}). */
    public static final int DEFAULT_VMS = FreshJvm.TABLE_VMS;
    /** More VMs per row would make a notebook's table take many minutes. */
    static final int MAX_VMS = 20;

    /** A spec whose children are not pinned, one fresh VM a row. */
    public LoadSpec(List<LoadKind> kinds, List<Integer> loops, int rounds, Duration deadline, int parallelism, List<String> jvmFlags) {
        this(kinds, loops, rounds, deadline, parallelism, jvmFlags, 0, 1);
    }

    public LoadSpec {
        kinds = List.copyOf(Objects.requireNonNull(kinds, "kinds"));
        loops = List.copyOf(Objects.requireNonNull(loops, "loops"));
        jvmFlags = List.copyOf(jvmFlags == null ? List.of() : jvmFlags);
        if (kinds.isEmpty()) {
            throw new IllegalArgumentException("name at least one kind: " + LoadKind.labels());
        }
        if (loops.isEmpty()) {
            throw new IllegalArgumentException("--loops needs at least one count, e.g. 0,1,2,4");
        }
        for (int k : loops) {
            if (k < 0) {
                throw new IllegalArgumentException("--loops must be 0 or more busy loops, got " + k);
            }
            if (k > 0) {
                Cap.check("--loops", k, kinds.stream().mapToLong(kind -> kind.unit().bytesPerUnitEstimate()).max().orElse(1_000));
            }
        }
        if (rounds < 1) {
            throw new IllegalArgumentException("--rounds must be at least 1 round trip, got " + rounds);
        }
        if (rounds > MAX_ROUNDS) {
            throw new IllegalArgumentException(String.format("--rounds above %,d would take minutes per row, got %,d",
                    MAX_ROUNDS, rounds));
        }
        if (deadline == null || deadline.isNegative() || deadline.isZero()) {
            throw new IllegalArgumentException("--deadline must be positive, got " + deadline);
        }
        if (cpus < 0 || cpus > 1024) {
            throw new IllegalArgumentException("--pin must be 0 (no pinning) or 1 to 1,024 CPUs, got " + cpus);
        }
        if (parallelism < 0) {
            throw new IllegalArgumentException("--parallelism must be at least 1 carrier, got " + parallelism);
        }
        if (vms < 1 || vms > MAX_VMS) {
            throw new IllegalArgumentException(String.format("--forks must be 1 to %d fresh VMs per row, got %d", MAX_VMS, vms));
        }
    }

    /** Every kind given, loops 0, 1, 2, 4 … up to twice the processors, the default rounds, deadline and VMs per row. */
    public static LoadSpec of(LoadKind... kinds) {
        return new LoadSpec(List.of(kinds), defaultLoops(Runtime.getRuntime().availableProcessors()), DEFAULT_ROUNDS,
                DEFAULT_DEADLINE, 0, List.of(), 0, DEFAULT_VMS);
    }

    /** 0, 1, 2, 4 … doubling up to {@code 2 × processors}, which ends the list even when not a power of two. */
    public static List<Integer> defaultLoops(int processors) {
        int max = 2 * Math.max(1, processors);
        List<Integer> loops = new ArrayList<>(List.of(0));
        for (int k = 1; k < max; k *= 2) {
            loops.add(k);
        }
        loops.add(max);
        return List.copyOf(loops);
    }

    /** Parses {@code "4"} or {@code "0,1,2,4"}. */
    public static List<Integer> parseLoops(String text) {
        List<Integer> loops = new ArrayList<>();
        for (String part : text.split(",")) {
            try {
                loops.add(Integer.parseInt(part.trim().replace("_", "")));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--loops takes a count or a comma list like 0,1,2,4; \""
                        + part.trim() + "\" is not a whole number");
            }
        }
        return List.copyOf(loops);
    }

    public LoadSpec withLoops(Integer... k) {
        return new LoadSpec(kinds, List.of(k), rounds, deadline, parallelism, jvmFlags, cpus, vms);
    }

    /** Loops 1, 2, 4 … doubling up to {@code max}, which ends the list even when not a power of two (no idle row). */
    public LoadSpec withLoopsDoublingTo(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("loops must go up to at least 1, got " + max);
        }
        List<Integer> loops = new ArrayList<>();
        for (int k = 1; k < max; k *= 2) {
            loops.add(k);
        }
        loops.add(max);
        return new LoadSpec(kinds, loops, rounds, deadline, parallelism, jvmFlags, cpus, vms);
    }

    public LoadSpec withRounds(int r) {
        return new LoadSpec(kinds, loops, r, deadline, parallelism, jvmFlags, cpus, vms);
    }

    public LoadSpec withDeadline(Duration d) {
        return new LoadSpec(kinds, loops, rounds, d, parallelism, jvmFlags, cpus, vms);
    }

    /** {@code withDeadline(Durations.parse(text))}: "3s", "500ms". */
    public LoadSpec withDeadline(String text) {
        return withDeadline(Durations.parse(text));
    }

    /** Carriers per child JVM; 1 is BEAM's {@code +S 1}. */
    public LoadSpec withParallelism(int p) {
        if (p < 1) {
            throw new IllegalArgumentException("--parallelism must be at least 1 carrier, got " + p);
        }
        return new LoadSpec(kinds, loops, rounds, deadline, p, jvmFlags, cpus, vms);
    }

    public LoadSpec withJvmFlags(List<String> flags) {
        List<String> all = new ArrayList<>(jvmFlags);
        all.addAll(flags);
        return new LoadSpec(kinds, loops, rounds, deadline, parallelism, all, cpus, vms);
    }

    /** Each child JVM pinned to {@code n} CPUs (0: not pinned); with 1 carrier this is +S 1 for every kind. */
    public LoadSpec withPin(int n) {
        return new LoadSpec(kinds, loops, rounds, deadline, parallelism, jvmFlags, n, vms);
    }

    /** {@code n} fresh VMs per row (1: one VM, no interval). */
    public LoadSpec withVms(int n) {
        return new LoadSpec(kinds, loops, rounds, deadline, parallelism, jvmFlags, cpus, n);
    }

    /** The child JVM flags that set the carriers: parallelism and the most carriers the scheduler may add. */
    List<String> schedulerFlags() {
        if (parallelism == 0) {
            return List.of();
        }
        return List.of("-Djdk.virtualThreadScheduler.parallelism=" + parallelism,
                "-Djdk.virtualThreadScheduler.maxPoolSize=" + parallelism);
    }
}
