package dev.loomlab.beam;

import dev.loomlab.util.Durations;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.measure.WarmupPolicy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which experiments have a BEAM version, the {@code erl} flags each runs with (the articles'
 * {@code +P}, {@code +S}, {@code +hms}), the arguments the Erlang side reads, and what the
 * numbers include.
 */
public final class BeamExperiments {

    /** BEAM's own default {@code +P} since OTP 26, and the French article's: 2^20. */
    static final long ARTICLE_PROCESS_LIMIT = 1_048_576;
    /** The largest {@code +P} {@code erl} accepts. */
    static final long MAX_PROCESS_LIMIT = 134_217_727;
    /** The French article lowered {@code +P} to this to hit the limit on purpose. */
    static final int LIMIT_EXPERIMENT_DEFAULT = 1_024;

    private static final String IDLE = "bytesPerProcess is erlang:memory(processes_used) after minus before, less the growth "
            + "of the measuring process (it holds the list of pids), over n; processInfoBytesPerProcess is "
            + "process_info(P, memory) averaged over all n; every process was waiting in receive before counting; "
            + "allocatedBytesPerProcess is the same with erlang:memory(processes), the article's reading: in a fresh VM "
            + "(run 1) both agree, but later runs in the same VM reuse the process structures (about 780 bytes each) "
            + "the allocator kept from the previous run's processes, so processes grows less than the processes weigh "
            + "and drops after run 1 at small n; processes_used counts only live processes and stays put";
    private static final Map<String, String> NOTES = new LinkedHashMap<>();

    static {
        NOTES.put(Experiments.SPAWN.name(), IDLE + "; nsPerSpawn times spawn/3 alone; heapWords is one process's heap_size");
        NOTES.put(Experiments.HIBERNATE.name(), IDLE.replace("waiting in receive", "hibernated (erlang:hibernate/3)"));
        NOTES.put(Experiments.STATE.name(), IDLE + "; each process built its own lists:seq(1, m) before waiting");
        NOTES.put(Experiments.RING.name(), "n processes in a ring, the token goes m times round (n x m hops); nsPerHop excludes spawning");
        NOTES.put(Experiments.RING_HIBERNATED.name(), "the same ring, each process hibernating (erlang:hibernate/3) after every message, "
                + "all of them counted hibernated before the token starts; each hop wakes a process from its bare heap");
        NOTES.put(Experiments.BROADCAST.name(), "one message to each of n waiting processes; nsPerMessage is until the last one "
                + "counted it (an atomics counter), over n");
        NOTES.put(Experiments.PINGPONG.name(), "n timed round trips to an echo process, erlang:monotonic_time(nanosecond); "
                + "percentiles of every round trip, none dropped");
        NOTES.put(Experiments.TASKS.name(), "n processes that each sleep (receive after), then all are awaited; peakRssBytes is "
                + "VmHWM of the whole BEAM VM from /proc, read by the VM itself before it halts");
        NOTES.put(Experiments.LIMIT.name(), "spawn until +P refuses one (error:system_limit); liveProcesses is "
                + "erlang:system_info(process_count) at that moment, the VM's own processes included");
    }

    private BeamExperiments() {}

    /** The experiments with a BEAM version, by name. */
    public static List<String> names() {
        return List.copyOf(NOTES.keySet());
    }

    /** True if {@code experiment} has a BEAM version. */
    public static boolean has(String experiment) {
        return NOTES.containsKey(experiment);
    }

    /** Refuses an experiment without a BEAM version, listing those that have one. */
    static void check(String experiment) {
        if (!has(experiment)) {
            throw new IllegalArgumentException("\"" + experiment + "\" has no BEAM version (--kind beam): the ones that do are "
                    + String.join(", ", names()));
        }
    }

    /** What the numbers of {@code experiment} include. */
    static String note(String experiment) {
        return NOTES.get(experiment);
    }

    /** The {@code erl} emulator flags for {@code spec}: {@code +P}, {@code +S} (its schedulers, or its carriers), {@code +hms}. */
    static List<String> flags(ExperimentSpec spec) {
        List<String> flags = new ArrayList<>(List.of("+P", Long.toString(processLimit(spec))));
        String schedulers = spec.option("schedulers", spec.carriers() > 0 ? String.valueOf(spec.carriers()) : null);
        if (schedulers != null) {
            flags.addAll(List.of("+S", schedulers));
        }
        String minHeap = spec.option("minHeapWords", null);
        if (minHeap != null) {
            flags.addAll(List.of("+hms", minHeap));
        }
        return flags;
    }

    /** The most runs a BEAM VM makes under the warm-up protocol, whatever its budget. */
    static final int MAX_PROTOCOL_RUNS = 60;

    /**
     * At most how many runs the BEAM VM makes: the fixed count when warm-up detection is off, else
     * {@link #MAX_PROTOCOL_RUNS}. Under the protocol the VM stops sooner, by the same rule as the
     * JVM's (see {@link #arguments}); {@link BeamResults} then labels the runs with that protocol.
     */
    static int runs(ExperimentSpec spec) {
        var policy = policy(spec);
        return policy.detects() ? MAX_PROTOCOL_RUNS : policy.fixedCount();
    }

    /** The warm-up protocol for {@code spec}: the spec's, or one run where the JVM's experiment is not a timing. */
    static WarmupPolicy policy(ExperimentSpec spec) {
        return Experiments.named(spec.experiment()).timed() ? spec.warmupPolicy() : WarmupPolicy.fixed(1);
    }

    /**
     * What the Erlang side reads after {@code -extra}: experiment, n, m, at most how many runs, then
     * key=value options: under the warm-up protocol its parameters (the VM warms up until the headline
     * of the last {@code window} runs agrees within the tolerance, or its budget is spent, then makes
     * the measured runs), and the experiment's own options.
     */
    static List<String> arguments(ExperimentSpec spec) {
        List<String> args = new ArrayList<>(List.of(spec.experiment(), Long.toString(spec.n()), Long.toString(spec.m()),
                Integer.toString(runs(spec))));
        var policy = policy(spec);
        if (policy.detects()) {
            // the VM applies the warm-up protocol itself, so it stops when the JVM's protocol would
            args.addAll(List.of("minWarmup=" + policy.minWarmup(), "window=" + policy.window(),
                    "tolerancePerMille=" + Math.round(policy.tolerance() * 1000), "measured=" + policy.measured(),
                    "budgetMillis=" + policy.budget().toMillis()));
        }
        if (spec.is(Experiments.TASKS)) {
            args.add("sleepMillis=" + Durations.parse(spec.option("sleep", "10s")).toMillis());
        }
        return args;
    }

    /**
     * {@code +P}: the one {@code --process-limit} asked for (as for a child JVM), else 1,024 for the
     * limit experiment, else the article's 2^20 or room for n beside the VM's own processes.
     */
    static long processLimit(ExperimentSpec spec) {
        return spec.jvmFlags().stream().filter(f -> f.startsWith("-Dloomlab.processLimit="))
                .reduce((a, b) -> b).map(f -> Long.parseLong(f.substring(f.indexOf('=') + 1)))
                .orElse(spec.is(Experiments.LIMIT) ? LIMIT_EXPERIMENT_DEFAULT
                        : Math.min(MAX_PROCESS_LIMIT, Math.max(ARTICLE_PROCESS_LIMIT, spec.n() + 10_000)));
    }
}
