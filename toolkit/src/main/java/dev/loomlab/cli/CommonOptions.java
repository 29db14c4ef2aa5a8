package dev.loomlab.cli;

import dev.loomlab.util.Durations;
import java.time.Duration;
import dev.loomlab.experiment.Experiment;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Kind;
import dev.loomlab.measure.ForkPolicy;
import java.util.ArrayList;
import java.util.List;
import dev.loomlab.measure.WarmupPolicy;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Options every experiment takes. */
final class CommonOptions {

    @Option(names = "--kind", defaultValue = "process", paramLabel = "KIND", converter = Converters.KindConverter.class,
            description = "process (the toolkit's), virtual (raw virtual threads in LinkedTransferQueue.take()), "
                    + "platform (platform threads, the same way), beam (Erlang processes in a fresh BEAM VM on this "
                    + "machine; needs erl), or pekko (Apache Pekko's typed actors on their default dispatcher, what a JVM "
                    + "user would pick instead; spawn, ring, broadcast and pingpong; needs the pekko module, which "
                    + "./loomlab build builds). Default: ${DEFAULT-VALUE}")
    Kind kind;

    @Option(names = "--repeat", defaultValue = "3", paramLabel = "K",
            description = "measured runs once the timing is steady (warm-up runs until the last " + WarmupPolicy.DEFAULT_WINDOW
                    + " agree within " + WarmupPolicy.DEFAULT_TOLERANCE_PERCENT + "%%, "
                    + "at most --warmup-budget); with --no-warmup, exactly K runs, the first cold. Every run is shown. "
                    + "Default: ${DEFAULT-VALUE}")
    int repeat;

    @Option(names = "--warmup-budget", defaultValue = "10s", paramLabel = "TIME",
            description = "the most time spent warming up once "
                    + (WarmupPolicy.DEFAULT_MIN_WARMUP + WarmupPolicy.DEFAULT_WINDOW) + " runs were made (three times it at most); past it the result says \"not steady\". Default: ${DEFAULT-VALUE}")
    String warmupBudget;

    @Option(names = "--no-warmup", description = "no steadiness detection: exactly --repeat runs (1: the cold run alone)")
    boolean noWarmup;

    @Option(names = "--forks", defaultValue = "3", paramLabel = "K",
            description = "fresh VMs to summarise the figure over: the median of their steady figures with a 95%% "
                    + "interval across them; more are added (within --forks-budget) until the interval is within "
                    + "--target-ci. 1: one VM, no interval (a quick look). Default: ${DEFAULT-VALUE}")
    int forks;

    @Option(names = "--forks-budget", defaultValue = "60s", paramLabel = "TIME",
            description = "the time all the fresh VMs of one figure may take before no further one is added "
                    + "(0 for exactly --forks VMs). Default: ${DEFAULT-VALUE}")
    String forksBudget;

    @Option(names = "--target-ci", defaultValue = "10", paramLabel = "PCT",
            description = "the interval's half-width to reach, in percent of the figure. Default: ${DEFAULT-VALUE}")
    double targetCi;

    @Option(names = "--carriers", paramLabel = "N",
            description = "run on N carriers: the child JVM's virtual-thread scheduler parallelism; for --kind beam, "
                    + "N schedulers (+S N); for --kind pekko, N default-dispatcher threads (parallelism min and max N). "
                    + "Default: the runtime's own (one per processor; Pekko's is at least 8)")
    Integer carriers;

    @Mixin
    CapOptions capOptions = new CapOptions();

    @Mixin
    JsonOption output = new JsonOption();

    @Option(names = "--deadline", defaultValue = "3m", paramLabel = "TIME", converter = Converters.DurationConverter.class,
            description = "kill the child JVM after this (e.g. 30s, 5m). Default: ${DEFAULT-VALUE}")
    Duration deadline;

    @Option(names = "--jvm-opt", paramLabel = "FLAG",
            description = "a flag for the child JVM, repeatable (e.g. --jvm-opt -Xmx1536m)")
    List<String> jvmOpts = new ArrayList<>();

    @Option(names = "--process-limit", paramLabel = "N",
            description = "the child JVM's process limit, BEAM's +P (default 1,048,576)")
    Integer processLimit;

    @Option(names = "--no-baseline",
            description = "for --kind process, skip the raw virtual-thread baseline run shown beside it")
    boolean noBaseline;

    @Option(names = "--in-process", description = "run in this JVM instead of a fresh one (for debugging; numbers are noisier)")
    boolean inProcess;

    /** Applies --cap / --no-cap to this JVM (the child inherits it). */
    void applyCap() {
        capOptions.apply();
    }

    /** The fork policy of --forks, --forks-budget and --target-ci; one VM with --in-process. */
    ForkPolicy forkPolicy() {
        Duration budget = forksBudget.trim().matches("0+(ms|s|m)?") ? Duration.ZERO : Durations.parse(forksBudget);
        ForkPolicy policy = ForkPolicy.adaptive(forks, budget, targetCi / 100);
        return inProcess ? ForkPolicy.ONE : policy;
    }

    ExperimentSpec spec(Experiment experiment, long n) {
        return spec(experiment.name(), n);
    }

    ExperimentSpec spec(String experiment, long n) {
        applyCap();
        if (repeat < 1) {
            throw new IllegalArgumentException("--repeat must be at least 1, got " + repeat);
        }
        ExperimentSpec spec = ExperimentSpec.of(experiment, n).withKind(kind)
                .withDeadline(deadline).withJvmFlags(jvmOpts.toArray(String[]::new));
        spec = noWarmup ? spec.withFixedRuns(repeat) : spec.withWarmup(Durations.parse(warmupBudget), repeat);
        spec = spec.withForks(forkPolicy());
        if (carriers != null) {
            spec = spec.withCarriers(carriers);
        }
        if (processLimit != null) {
            if (processLimit < 1) {
                throw new IllegalArgumentException("--process-limit must be at least 1, got " + processLimit);
            }
            spec = spec.withJvmFlags("-Dloomlab.processLimit=" + processLimit);
        }
        return spec;
    }
}
