package dev.loomlab.api;

import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.util.Progress;

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

        /** A runner's measurement as an outcome: its metrics if it ran, else what stopped it. */
        static Outcome of(Measurement m) {
            return new Outcome(m.ok() ? m : null, m.outcome());
        }
    }

    static Outcome run(ExperimentSpec spec) {
        return run(spec, Progress.STDOUT);
    }

    /** {@code spec} in a fresh JVM (a fresh BEAM VM for kind beam), its progress told to {@code progress}. */
    static Outcome run(ExperimentSpec spec, Progress progress) {
        return Outcome.of(FreshJvm.row(spec, progress));
    }
}
