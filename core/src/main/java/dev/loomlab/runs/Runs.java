package dev.loomlab.runs;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.measure.Units;
import dev.loomlab.util.Progress;

/**
 * How every runner runs one spec: in a fresh JVM through {@link FreshJvm#attempt} (so a failure is
 * a row, never an exception), with one progress line before and one after naming the experiment's
 * headline figure.
 */
public final class Runs {

    private Runs() {}

    /** Runs {@code spec} in a fresh JVM (a fresh BEAM VM for kind beam); its measurement or its failed row. */
    public static Measurement attempt(ExperimentSpec spec, Progress progress) {
        long start = System.nanoTime();
        progress.say(String.format("measuring %s in a fresh %s...", describe(spec),
                spec.kind() == dev.loomlab.experiment.Kind.BEAM ? "BEAM VM" : "JVM"));
        Measurement m = FreshJvm.attempt(spec, Progress.SILENT);
        progress.say(String.format("  %s: %s (%.1f s)", describe(spec), m.ok() ? headline(m) : m.outcome(),
                (System.nanoTime() - start) / 1e9));
        return m;
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
