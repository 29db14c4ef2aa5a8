package dev.loomlab.api;

import dev.loomlab.beam.Erlang;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Verdict;
import dev.loomlab.measure.Interval;
import dev.loomlab.runs.Runs;
import dev.loomlab.util.Progress;
import dev.loomlab.view.Grid;

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
        return Grid.print(beam.metric(metric));
    }

    /**
     * "On this machine, 10,000 idle processes: BEAM here 2.6 KiB [2.5 KiB, 2.7 KiB] over 3 VMs, the JVM
     * 1.2 KiB (one VM): the JVM is 0.47× BEAM here, ... ; the BEAM figure published on another machine
     * is 2.6 KiB: the JVM would be 0.47× it." BEAM here first, then the JVM, the ratio, and
     * "lighter"/"faster" only where the intervals across fresh VMs do not overlap ({@link Verdict#compare});
     * says why when BEAM here has no figure.
     *
     * @param what      the JVM row, e.g. "a toolkit process"
     * @param jvm       the JVM's measurement
     * @param published the published BEAM figure beside it, NaN for none
     */
    static String verdict(String what, Measurement jvm, Measurement beam, String metric, double published) {
        return verdict(what, jvm.ok() ? jvm.interval(metric) : Interval.of(), jvm.vms(), beam, metric, published);
    }

    /** The same for a JVM figure of one VM (no interval). */
    static String verdict(String what, double jvm, Measurement beam, String metric, double published) {
        return verdict(what, Interval.of(jvm), 1, beam, metric, published);
    }

    private static String verdict(String what, Interval jvm, int jvmVms, Measurement beam, String metric, double published) {
        double b = value(beam, metric);
        if (Double.isNaN(jvm.median())) {
            return String.format("On this machine, %s: no JVM figure (the run did not finish).", what);
        }
        if (Double.isNaN(b) || b == 0) {
            return String.format("On this machine, %s: BEAM here: %s; the JVM %s.", what,
                    beam == null ? "not run" : beam.ok() ? "no figure" : beam.outcome(), Verdict.format(metric, jvm.median()));
        }
        return String.format("On this machine, %s: %s%s.", what,
                Verdict.compare(metric, beam.interval(metric), beam.vms(), "BEAM here", jvm, jvmVms, "the JVM"),
                Verdict.besidePublished(metric, jvm.median(), published));
    }

    /** ours / BEAM here to two decimals, NaN when BEAM here has no figure. */
    static double ratio(double jvm, Measurement beam, String metric) {
        return Grid.ratio(jvm, value(beam, metric));
    }
}
