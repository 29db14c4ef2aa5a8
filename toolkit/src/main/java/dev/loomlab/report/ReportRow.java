package dev.loomlab.report;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Measurement;
import java.util.Optional;

/**
 * One line of a report: a spec that ran, failed, or was skipped.
 *
 * @param experiment    the experiment's name
 * @param kind          process, virtual or platform
 * @param n             its size
 * @param m             its second size, 0 where unused
 * @param outcome       "ok", "skipped: why", or what stopped it ("killed at its deadline: ...")
 * @param elapsedMillis wall time of its child JVM, 0 when skipped
 * @param measurement   the result when the outcome is ok, else null
 */
public record ReportRow(String experiment, String kind, long n, long m, String outcome, long elapsedMillis,
                        Measurement measurement) {

    /** A run that produced its measurement. */
    static ReportRow ok(ExperimentSpec spec, Measurement measurement, long elapsedMillis) {
        return new ReportRow(spec.experiment(), spec.kind().label(), spec.n(), spec.m(), "ok", elapsedMillis, measurement);
    }

    /** A run that failed, with what stopped it. */
    static ReportRow failed(ExperimentSpec spec, String what, long elapsedMillis) {
        return new ReportRow(spec.experiment(), spec.kind().label(), spec.n(), spec.m(), what, elapsedMillis, null);
    }

    /** A spec the experiment refused before anything started. */
    static ReportRow skipped(ExperimentSpec spec, String reason) {
        return new ReportRow(spec.experiment(), spec.kind().label(), spec.n(), spec.m(), "skipped: " + reason, 0, null);
    }

    public boolean isOk() {
        return measurement != null;
    }

    /** True for a spec the experiment refused before anything ran (not a failure). */
    public boolean isSkipped() {
        return outcome.startsWith("skipped");
    }

    /** True for a run that started and did not produce its measurement. */
    public boolean isFailed() {
        return !isOk() && !isSkipped();
    }

    public Optional<Measurement> result() {
        return Optional.ofNullable(measurement);
    }

    /** "ring process n=100,000 m=1", for progress lines and notes. */
    public String describe() {
        return describe(experiment, kind, n, m);
    }

    /** The same for a spec about to run. */
    static String describe(ExperimentSpec spec) {
        return describe(spec.experiment(), spec.kind().label(), spec.n(), spec.m());
    }

    private static String describe(String experiment, String kind, long n, long m) {
        return String.format("%s %s n=%,d%s", experiment, kind, n, m == 0 ? "" : " m=" + m);
    }
}
