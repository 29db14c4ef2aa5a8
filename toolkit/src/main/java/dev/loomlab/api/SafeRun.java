package dev.loomlab.api;

import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.util.Progress;
import dev.loomlab.measure.Units;

/**
 * Runs a spec in a fresh JVM for a notebook table: one line of progress on standard output, and
 * the result or what stopped it, never an exception, so that a failure is a table row.
 */
final class SafeRun {

    private SafeRun() {}

    /** A run's result, or null and what stopped it. */
    record Outcome(Measurement measurement, String outcome) {
        double metric(String name) {
            return measurement == null ? Double.NaN : measurement.metric(name);
        }

        boolean ok() {
            return measurement != null;
        }
    }

    static Outcome run(ExperimentSpec spec) {
        long start = System.nanoTime();
        String what = String.format("%s %s n=%,d%s%s", spec.experiment(), spec.kind().label(), spec.n(),
                spec.m() == 0 ? "" : " m=" + spec.m(),
                spec.jvmFlags().isEmpty() ? "" : " " + String.join(" ", spec.jvmFlags()));
        Measurement m = FreshJvm.attempt(spec, Progress.SILENT);
        if (m.ok()) {
            System.out.printf("%s: %s (%.1f s)%n", what, headline(m), (System.nanoTime() - start) / 1e9);
            return new Outcome(m, m.outcome());
        }
        System.out.printf("%s: %s%n", what, m.outcome().startsWith(Measurement.NOT_RUN) ? "not run (see the table)" : m.outcome());
        return new Outcome(null, m.outcome());
    }

    /** The experiment's headline metric, e.g. "nsPerHop 1.2 µs", or "done" if it has none. */
    private static String headline(Measurement m) {
        String metric = Experiments.named(m.experiment()).headline();
        return metric.isEmpty() || Double.isNaN(m.metric(metric)) ? "done" : metric + " " + Units.metric(metric, m.metric(metric));
    }
}
