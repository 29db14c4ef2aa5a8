package dev.loomlab.api;

import dev.loomlab.beam.Erlang;
import dev.loomlab.display.Tables;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.runs.Runs;
import dev.loomlab.util.Progress;

/**
 * The "BEAM here" column of the articles' tables: the same spec as the JVM row, run as
 * {@link Kind#BEAM} through the one pipeline ({@link Runs#attempt}, a fresh BEAM VM under the same
 * warm-up protocol), its cell text, the ratio against it, and the verdict sentence that says "on
 * this machine" of both runtimes. Without Erlang nothing starts: the row's outcome is
 * {@link #MISSING}, one line saying how to install it, and every JVM figure is still shown.
 */
final class BeamColumn {

    /** What the BEAM-here cell says when Erlang is not installed. */
    static final String MISSING = "not installed: " + Erlang.HOW_TO_INSTALL;

    private BeamColumn() {}

    /** {@code spec} on BEAM here (its kind replaced), or a row whose outcome is {@link #MISSING}. */
    static Measurement measure(ExperimentSpec spec, Progress progress) {
        ExperimentSpec beam = spec.withKind(Kind.BEAM);
        if (Erlang.installed().isEmpty()) {
            return Measurement.failed(beam, MISSING);
        }
        return Runs.attempt(beam, progress);
    }

    /** A metric of a BEAM-here row, NaN when it did not run or has none by that name. */
    static double value(Measurement beam, String metric) {
        return beam != null && beam.ok() ? beam.metric(metric) : Double.NaN;
    }

    /** The cell: the figure (whole above 100), or what stopped the run (the install line when Erlang is missing). */
    static String cell(Measurement beam, String metric) {
        if (beam == null) {
            return "";
        }
        if (!beam.ok()) {
            return beam.outcome();
        }
        return number(beam.metric(metric));
    }

    /** A figure as the cell shows it; empty for NaN. */
    static String number(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "";
        }
        return Math.abs(v) >= 100 ? String.format("%,.0f", v) : String.format("%.2f", v);
    }

    /**
     * "On this machine, a toolkit process: 1,234 bytes per process on the JVM, 2,640 on BEAM, so the
     * JVM is 0.47× BEAM here; beside the published BEAM figure (2,632, another machine) it would be
     * 0.47×." Computed from the runs; says why when BEAM here has no figure.
     *
     * @param what      the JVM row, e.g. "a toolkit process"
     * @param unit      e.g. "bytes per process"
     * @param published the published BEAM figure beside it, NaN for none
     */
    static String verdict(String what, String unit, double jvm, Measurement beam, String metric, double published) {
        double b = value(beam, metric);
        if (Double.isNaN(jvm)) {
            return String.format("On this machine, %s: no JVM figure (the run did not finish).", what);
        }
        if (Double.isNaN(b) || b == 0) {
            return String.format("On this machine, %s: %s %s on the JVM; BEAM here: %s.", what, number(jvm), unit,
                    beam == null ? "not run" : beam.ok() ? "no figure" : beam.outcome());
        }
        String against = Double.isNaN(published) || published == 0 ? ""
                : String.format("; beside the published BEAM figure (%s, another machine) it would be %.2f×",
                number(published), jvm / published);
        return String.format("On this machine, %s: %s %s on the JVM and %s on BEAM, so the JVM is %.2f× BEAM here%s.",
                what, number(jvm), unit, number(b), jvm / b, against);
    }

    /** ours / BEAM here to two decimals, NaN when BEAM here has no figure. */
    static double ratio(double jvm, Measurement beam, String metric) {
        return Tables.ratio(jvm, value(beam, metric));
    }
}
