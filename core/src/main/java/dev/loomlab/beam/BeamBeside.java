package dev.loomlab.beam;

import dev.loomlab.view.Grid;
import dev.loomlab.view.GridLines;
import dev.loomlab.view.Tabular;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Verdict;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One experiment on both runtimes of this machine: the JVM figure, BEAM here, and the BEAM figure
 * published on another machine, with the ratio against BEAM here and the published ratio beside
 * it. When Erlang is missing the BEAM-here column says how to install it; when the BEAM run did not
 * finish it says what stopped it. The verdicts are computed from the two runs.
 *
 * @param jvm  the JVM measurement
 * @param beam the same experiment on BEAM here ({@link BeamHere#measure}): a failed row when it did
 *             not run, whose outcome is {@link BeamHere#MISSING} without Erlang
 */
public record BeamBeside(Measurement jvm, Measurement beam) implements Tabular {

    /** The BEAM-here figure for a metric, NaN when there is none. */
    public double beamHere(String metric) {
        return BeamHere.value(beam, metric);
    }

    /**
     * BEAM here first, then the JVM, each "median [95% interval]" over its fresh VMs; the ratio
     * JVM / BEAM here, what the intervals allow to say of it, and the published BEAM figure (another
     * machine) with its source.
     */
    @Override
    public Grid grid() {
        GridLines table = new GridLines(String.format("%s, n = %,d%s: BEAM here and the JVM here (same machine), BEAM published (another machine)",
                jvm.experiment(), jvm.n(), jvm.m() == 0 ? "" : ", m = " + jvm.m()))
                .text("metric").text("BEAM here" + (beam.vms() > 1 ? " (" + beam.vms() + " VMs)" : ""))
                .text("JVM here (" + jvm.kind() + (jvm.vms() > 1 ? ", " + jvm.vms() + " VMs)" : ")"))
                .number("JVM / BEAM here").text("on this machine").number("BEAM published").text("published at, source");
        for (String name : metrics()) {
            double j = jvm.metric(name);
            double b = beamHere(name);
            Optional<PublishedFigure> p = PublishedFigures.nearest(jvm.experiment(), name, jvm.n(), jvm.m() == 0 ? null : jvm.m());
            table.row(name, BeamHere.cell(beam, name), BeamHere.cell(jvm, name), Grid.ratio(j, b),
                    Double.isNaN(j) || Double.isNaN(b) ? "" : Verdict.cell(name, Verdict.relation(jvm.interval(name), beam.interval(name)), "JVM"),
                    p.map(PublishedFigure::value).orElse(Double.NaN), p.map(f -> PublishedFigures.label(f, jvm.n())).orElse(""));
        }
        return table.build();
    }

    /**
     * The sentence for one metric, BEAM here first ({@link Verdict#compare}), then the published BEAM
     * figure as another machine's; {@code what} names what one unit of the metric is ("a hop").
     */
    public String verdict(String metric, String what) {
        return "on this machine, " + what + ": " + Verdict.compare(metric, beam, "BEAM here", jvm, "the JVM (" + jvm.kind() + ")")
                + Verdict.besidePublished(metric, jvm.metric(metric), jvm.published(metric).map(PublishedFigure::value).orElse(Double.NaN));
    }

    /**
     * The verdicts, one per metric both runtimes measured and the article published (every shared
     * metric when none was published), then how each summary was made.
     */
    public Grid verdicts() {
        GridLines said = new GridLines("Verdicts, computed from these runs").text("on this machine");
        List<String> shared = metrics().stream()
                .filter(name -> !Double.isNaN(jvm.metric(name)) && !Double.isNaN(beamHere(name)) && beamHere(name) != 0).toList();
        List<String> published = shared.stream().filter(name -> jvm.published(name).isPresent()).toList();
        for (String name : published.isEmpty() ? shared : published) {
            said.row(String.format("%s, on this machine: %s%s", name,
                    Verdict.compare(name, beam, "BEAM here", jvm, "the JVM (" + jvm.kind() + ")"),
                    Verdict.besidePublished(name, jvm.metric(name), jvm.published(name).map(PublishedFigure::value).orElse(Double.NaN))));
        }
        if (BeamHere.MISSING.equals(beam.outcome())) {
            said.row("BEAM here: " + beam.outcome());
        } else if (!beam.ok()) {
            said.row("BEAM here did not finish: " + beam.outcome());
        } else {
            said.row("BEAM here: " + beam.summaryOf() + "; " + beam.notes().get(0));
        }
        said.row("JVM here: " + jvm.summaryOf());
        return said.build();
    }

    /** The comparison, then the verdicts. */
    @Override
    public List<Grid> grids() {
        return List.of(grid(), verdicts());
    }

    /** Every run of each side, when there were several. */
    @Override
    public List<Grid> details() {
        List<Grid> all = new ArrayList<>(jvm.details());
        all.addAll(beam.details());
        return all;
    }

    private List<String> metrics() {
        Set<String> names = new LinkedHashSet<>(jvm.metrics().keySet());
        names.addAll(beam.metrics().keySet());
        return List.copyOf(names);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        grids().forEach(t -> text.append(t.toText()).append('\n'));
        details().forEach(t -> text.append(t.toText()).append('\n'));
        return text.toString().stripTrailing();
    }
}
