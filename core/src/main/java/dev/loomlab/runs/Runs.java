package dev.loomlab.runs;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.measure.Units;
import dev.loomlab.util.Progress;
import dev.loomlab.measure.ForkPolicy;
import java.time.Duration;

/**
 * How every runner runs one spec: in a fresh JVM through {@link FreshJvm#attempt} (so a failure is
 * a row, never an exception), with one progress line before and one after naming the experiment's
 * headline figure, and a warm-up budget of {@link #WARMUP_BUDGET} unless the spec names its own.
 */
public final class Runs {

    /**
     * How long each fresh JVM (or BEAM VM) of a runner may warm up before its result says "not
     * steady": a runner starts several, one after the other, where a single experiment gets
     * {@link dev.loomlab.measure.WarmupPolicy#DEFAULT}'s budget. Each row's protocol note says which.
     */
    public static final Duration WARMUP_BUDGET = Duration.ofSeconds(3);

    /**
     * The fresh VMs of a row a verdict rests on (a notebook's headline comparison, on each runtime):
     * 3, and more while the interval is wider than ±10% and the next VM fits in 30 s. A runner's
     * other rows are one VM each, and say so.
     */
    public static final ForkPolicy HEADLINE_FORKS = ForkPolicy.adaptive(3, Duration.ofSeconds(30), 0.10);

    private Runs() {}

    /**
     * Runs {@code asked} in a fresh JVM (a fresh BEAM VM for kind beam); its measurement or its failed
     * row. A spec without a warm-up option of its own warms up for at most {@link #WARMUP_BUDGET}.
     */
    public static Measurement attempt(ExperimentSpec asked, Progress progress) {
        ExperimentSpec spec = withRunnerBudget(asked);
        long start = System.nanoTime();
        progress.say(String.format("measuring %s in a fresh %s...", describe(spec),
                spec.kind() == dev.loomlab.experiment.Kind.BEAM ? "BEAM VM" : "JVM"));
        Measurement m = FreshJvm.attempt(spec, Progress.SILENT);
        progress.say(String.format("  %s: %s (%.1f s)", describe(spec), m.ok() ? headline(m) : m.outcome(),
                (System.nanoTime() - start) / 1e9));
        return m;
    }

    /** {@code spec}, with the runners' warm-up budget when it names none. */
    static ExperimentSpec withRunnerBudget(ExperimentSpec spec) {
        return spec.option(ExperimentSpec.WARMUP, "").isEmpty() ? spec.withWarmup(WARMUP_BUDGET, spec.repeat()) : spec;
    }

    /** "spawn process n=10,000 m=3 -Xss256k". */
    public static String describe(ExperimentSpec spec) {
        return String.format("%s %s n=%,d%s%s", spec.experiment(), spec.kind().label(), spec.n(),
                spec.m() == 0 ? "" : " m=" + spec.m(), spec.jvmFlags().isEmpty() ? "" : " " + String.join(" ", spec.jvmFlags()));
    }

    /** The experiment's headline metric, e.g. "nsPerHop 1.2 µs", or "done" if it has none. */
    public static String headline(Measurement m) {
        String metric = Experiments.named(m.experiment()).headline();
        return metric.isEmpty() || Double.isNaN(m.metric(metric)) ? "done" : metric + " " + Units.metric(metric, m.metric(metric));
    }
}
