package dev.loomlab.experiment;

import dev.loomlab.measure.ForkPolicy;
import dev.loomlab.util.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What to measure: an experiment by name and its sizes. Immutable; the {@code with} methods
 * return a changed copy. Serialized to JSON to hand to a child JVM.
 *
 * @param experiment  the experiment's {@link Experiment#name() name}: "spawn", "ring", ...
 * @param kind        what runs it (for experiments that compare kinds)
 * @param n           processes (or rounds, for pingpong)
 * @param m           second size: times round the ring; 0 where unused
 * @param repeat      measured runs once steady (K); with the option {@value #WARMUP} "off", exactly
 *                    this many runs, the first cold, without steadiness detection
 * @param deadline    the child JVM is killed after this
 * @param jvmFlags    extra flags for the child JVM, e.g. {@code -Xmx1536m}
 * @param options     experiment-specific options by name (e.g. "loops": "0,1,2")
 */
public record ExperimentSpec(String experiment, Kind kind, long n, long m, int repeat, Duration deadline,
                             List<String> jvmFlags, Map<String, String> options) {

    /** Option: "off" for a fixed number of runs, or the warm-up budget as a duration (e.g. "10s"). */
    public static final String WARMUP = "warmup";
    /** Option: the carriers (and BEAM schedulers) to run on; absent for the default. */
    public static final String CARRIERS = "carriers";
    /** Option: trace each hop ({@code process.HopTrace}) in the child JVM. */
    public static final String HOP_TRACE = "hopTrace";
    /** The most carriers a spec asks for: BEAM's limit on schedulers. */
    public static final int MAX_CARRIERS = 1024;
    /** Options of the fork policy ({@link #withForks}); a VM's own spec has none of them. */
    static final String FORKS = "forks", FORKS_MAX = "forksMax", FORKS_BUDGET = "forksBudgetMillis", TARGET_CI = "targetCi";
    private static final List<String> FORK_OPTIONS = List.of(FORKS, FORKS_MAX, FORKS_BUDGET, TARGET_CI);
    /** Measured runs once steady, by default. */
    public static final int DEFAULT_MEASURED = 3;

    /** Default deadline for a child JVM. */
    public static final Duration DEFAULT_DEADLINE = Duration.ofMinutes(3);

    public ExperimentSpec {
        Objects.requireNonNull(experiment, "experiment");
        Objects.requireNonNull(kind, "kind");
        if (repeat < 1) {
            throw new IllegalArgumentException("--repeat must be at least 1, got " + repeat);
        }
        if (deadline == null || deadline.isNegative() || deadline.isZero()) {
            throw new IllegalArgumentException("the deadline must be positive, got " + deadline);
        }
        jvmFlags = List.copyOf(jvmFlags == null ? List.of() : jvmFlags);
        options = Map.copyOf(options == null ? Map.of() : options);
    }

    /**
     * A spec of {@code experiment} ({@link Experiments#RING}, ...) with the defaults: kind process,
     * warmed up until steady then 3 measured runs, the default deadline.
     */
    public static ExperimentSpec of(Experiment experiment, long n) {
        return of(experiment.name(), n);
    }

    /** {@link #of(Experiment, long)} for an experiment named on the command line or in JSON. */
    public static ExperimentSpec of(String experiment, long n) {
        return new ExperimentSpec(experiment, Kind.PROCESS, n, 0, DEFAULT_MEASURED, DEFAULT_DEADLINE, List.of(), Map.of());
    }

    /** True when this spec runs {@code experiment}. */
    public boolean is(Experiment experiment) {
        return this.experiment.equals(experiment.name());
    }

    /** Exactly {@code runs} runs, the first cold, without steadiness detection. */
    public ExperimentSpec withFixedRuns(int runs) {
        return withRepeat(runs).withOption(WARMUP, "off");
    }

    /** Warm up until steady for at most {@code budget}, then measure {@code measured} runs. */
    public ExperimentSpec withWarmup(Duration budget, int measured) {
        return withRepeat(measured).withOption(WARMUP, dev.loomlab.util.Durations.format(budget));
    }

    /** The warm-up protocol this spec asks for. */
    public dev.loomlab.measure.WarmupPolicy warmupPolicy() {
        String warmup = option(WARMUP, "");
        if (warmup.equals("off")) {
            return dev.loomlab.measure.WarmupPolicy.fixed(repeat);
        }
        var policy = dev.loomlab.measure.WarmupPolicy.DEFAULT.withMeasured(repeat);
        return warmup.isEmpty() ? policy : policy.withBudget(dev.loomlab.util.Durations.parse(warmup));
    }

    /**
     * Run on {@code n} carriers: the child JVM's virtual-thread scheduler parallelism
     * ({@code -Djdk.virtualThreadScheduler.parallelism}), and BEAM here's schedulers ({@code +S n}).
     *
     * @throws IllegalArgumentException outside 1 to {@value #MAX_CARRIERS}
     */
    public ExperimentSpec withCarriers(int n) {
        if (n < 1 || n > MAX_CARRIERS) {
            throw new IllegalArgumentException("--carriers takes 1 to " + MAX_CARRIERS + " (BEAM's most schedulers), got " + n);
        }
        return withOption(CARRIERS, String.valueOf(n));
    }

    /** The carriers {@link #withCarriers} asked for, or 0 for the runtime's default. */
    public int carriers() {
        return Integer.parseInt(option(CARRIERS, "0"));
    }

    /**
     * Trace every hop of a ring or ping-pong of toolkit processes ({@link HopBreakdown}): the
     * child JVM runs with {@code process.HopTrace}'s flags, and the metrics gain each hop's segments.
     */
    public ExperimentSpec withHopTrace() {
        return withOption(HOP_TRACE, "on");
    }

    /** True if {@link #withHopTrace} asked for traced hops. */
    public boolean hopTrace() {
        return "on".equals(option(HOP_TRACE, ""));
    }

    /** Summarise over fresh VMs as {@code policy} says ({@link FreshJvm#run}); one VM by default. */
    public ExperimentSpec withForks(ForkPolicy policy) {
        Map<String, String> all = new TreeMap<>(options);
        all.keySet().removeAll(FORK_OPTIONS);
        if (!policy.single()) {
            all.put(FORKS, String.valueOf(policy.forks()));
            all.put(FORKS_MAX, String.valueOf(policy.maxForks()));
            all.put(FORKS_BUDGET, String.valueOf(policy.budget().toMillis()));
            all.put(TARGET_CI, String.valueOf(policy.target()));
        }
        return new ExperimentSpec(experiment, kind, n, m, repeat, deadline, jvmFlags, all);
    }

    /** The fresh VMs this spec asks for: {@link ForkPolicy#ONE} unless {@link #withForks} said otherwise. */
    public ForkPolicy forkPolicy() {
        if (!options.containsKey(FORKS)) {
            return ForkPolicy.ONE;
        }
        return new ForkPolicy(Integer.parseInt(options.get(FORKS)), Duration.ofMillis(Long.parseLong(options.get(FORKS_BUDGET))),
                Double.parseDouble(options.get(TARGET_CI)), Integer.parseInt(options.get(FORKS_MAX)));
    }

    public ExperimentSpec withKind(Kind k) {
        return new ExperimentSpec(experiment, k, n, m, repeat, deadline, jvmFlags, options);
    }

    public ExperimentSpec withN(long newN) {
        return new ExperimentSpec(experiment, kind, newN, m, repeat, deadline, jvmFlags, options);
    }

    public ExperimentSpec withM(long newM) {
        return new ExperimentSpec(experiment, kind, n, newM, repeat, deadline, jvmFlags, options);
    }

    public ExperimentSpec withRepeat(int k) {
        return new ExperimentSpec(experiment, kind, n, m, k, deadline, jvmFlags, options);
    }

    public ExperimentSpec withDeadline(Duration d) {
        return new ExperimentSpec(experiment, kind, n, m, repeat, d, jvmFlags, options);
    }

    /** Adds child JVM flags after the ones already there (a later flag wins in the JVM). */
    public ExperimentSpec withJvmFlags(String... flags) {
        List<String> all = new ArrayList<>(jvmFlags);
        all.addAll(List.of(flags));
        return new ExperimentSpec(experiment, kind, n, m, repeat, deadline, all, options);
    }

    public ExperimentSpec withOption(String name, String value) {
        Map<String, String> all = new TreeMap<>(options);
        all.put(name, value);
        return new ExperimentSpec(experiment, kind, n, m, repeat, deadline, jvmFlags, all);
    }

    /** An option's value, or {@code fallback}. */
    public String option(String name, String fallback) {
        return options.getOrDefault(name, fallback);
    }
}
