package dev.loomlab.beam;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Verdict;
import dev.loomlab.measure.Interval;
import dev.loomlab.util.Progress;
import dev.loomlab.view.Grid;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * BEAM here: the same spec as a JVM row, run in a fresh BEAM VM under the same warm-up protocol,
 * and the one rule for the cells, ratios and sentences that set it beside the JVM. Without Erlang
 * nothing starts: the BEAM row's outcome is {@link #MISSING}, one line saying how to install it,
 * and every JVM figure is still shown. A BEAM run that fails is a row saying what stopped it.
 */
public final class BeamHere {

    /** What a BEAM-here cell says when Erlang is not installed. */
    public static final String MISSING = "not installed: " + Erlang.HOW_TO_INSTALL;

    private BeamHere() {}

    /**
     * {@code spec} in fresh JVMs and on BEAM here, side by side: their VMs in turn ({@link FreshJvm#inTurn}),
     * so that both sides meet the same machine. A JVM failure is thrown; a BEAM failure is its row.
     */
    public static BeamBeside beside(ExperimentSpec spec, Progress progress) {
        BeamExperiments.check(spec.experiment());
        if (Erlang.installed().isEmpty()) {
            return new BeamBeside(FreshJvm.run(spec, progress), measure(spec, progress)); // the install line, nothing started
        }
        List<Measurement> sides = FreshJvm.inTurn(List.of(spec, spec.withKind(Kind.BEAM)), progress);
        return new BeamBeside(sides.get(0), sides.get(1));
    }

    /** A JVM measurement already made with {@code spec}, beside the same spec on BEAM here. */
    public static BeamBeside beside(Measurement jvm, ExperimentSpec spec, Progress progress) {
        BeamExperiments.check(spec.experiment());
        return new BeamBeside(jvm, measure(spec, progress));
    }

    /**
     * {@code spec} on BEAM here (its kind replaced), over as many fresh BEAM VMs as its fork policy
     * asks ({@link FreshJvm#attempt}): its measurement, or a failed row saying why there is none.
     */
    public static Measurement measure(ExperimentSpec spec, Progress progress) {
        ExperimentSpec beam = spec.withKind(Kind.BEAM);
        return Erlang.installed().isEmpty() ? Measurement.failed(beam, MISSING) : FreshJvm.attempt(beam, progress);
    }

    /** {@code spec} on BEAM here as a row of a runner's table ({@link FreshJvm#row}), or a row whose outcome is {@link #MISSING}. */
    public static Measurement row(ExperimentSpec spec, Progress progress) {
        ExperimentSpec beam = spec.withKind(Kind.BEAM);
        return Erlang.installed().isEmpty() ? Measurement.failed(beam, MISSING) : FreshJvm.row(beam, progress);
    }

    /**
     * Rows a notebook compares, BEAM here's among them (kind {@link Kind#BEAM}), each over fresh VMs
     * ({@link FreshJvm#TABLE_FORKS} unless its spec names its forks; each VM warms up within a row's
     * budget), their VMs taken in turn ({@link FreshJvm#rowsInTurn}): so each figure carries its interval,
     * and every side meets the same machine. A failure is its row; a BEAM spec without Erlang is a row
     * whose outcome is {@link #MISSING}, nothing started.
     */
    public static List<Measurement> comparedRows(List<ExperimentSpec> specs, Progress progress) {
        boolean erlang = Erlang.installed().isPresent();
        List<ExperimentSpec> runnable = specs.stream().filter(s -> erlang || s.kind() != Kind.BEAM)
                .map(s -> FreshJvm.withRowBudget(s.forkPolicy().single() ? s.withForks(FreshJvm.TABLE_FORKS) : s)).toList();
        Iterator<Measurement> measured = FreshJvm.rowsInTurn(runnable, progress).iterator();
        List<Measurement> rows = new ArrayList<>();
        for (ExperimentSpec s : specs) {
            rows.add(erlang || s.kind() != Kind.BEAM ? measured.next() : Measurement.failed(s, MISSING));
        }
        return rows;
    }

    /** A metric of a BEAM-here row, NaN when it did not run or has none by that name. */
    public static double value(Measurement beam, String metric) {
        return beam != null && beam.ok() ? beam.metric(metric) : Double.NaN;
    }

    /**
     * A figure's cell: "1,208 [1,085, 1,331]" when it has an interval across VMs, the figure alone
     * otherwise, or what stopped the run (the install line when Erlang is missing); empty for no row.
     */
    public static String cell(Measurement m, String metric) {
        if (m == null) {
            return "";
        }
        if (!m.ok()) {
            return m.outcome();
        }
        return Measurement.figureCell(m.interval(metric));
    }

    /** ours / BEAM here to two decimals, NaN when BEAM here has no figure. */
    public static double ratio(double jvm, Measurement beam, String metric) {
        return Grid.ratio(jvm, value(beam, metric));
    }

    /**
     * "On this machine, 10,000 idle processes: BEAM here 2.6 KiB [2.5 KiB, 2.7 KiB] over 3 VMs, the JVM
     * 1.2 KiB (one VM): the JVM is 0.47× BEAM here, ... ; the BEAM figure published on another machine
     * is 2.6 KiB: the JVM would be 0.47× it." BEAM here first, then the JVM, the ratio, and
     * "lighter"/"faster" only where the intervals across fresh VMs do not overlap
     * ({@link Verdict#compare}); says why when BEAM here has no figure.
     *
     * @param what      the JVM row, e.g. "a toolkit process"
     * @param published the published BEAM figure beside it, NaN for none
     */
    public static String verdict(String what, Measurement jvm, Measurement beam, String metric, double published) {
        return verdict(what, jvm.ok() ? jvm.interval(metric) : Interval.of(), jvm.vms(), beam, metric, published);
    }

    /** The same for a JVM figure of one VM (no interval). */
    public static String verdict(String what, double jvm, Measurement beam, String metric, double published) {
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
}
