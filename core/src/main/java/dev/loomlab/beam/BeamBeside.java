package dev.loomlab.beam;

import dev.loomlab.view.Grid;
import dev.loomlab.view.GridColumn;
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
        GridColumn metric = GridColumn.text("metric");
        GridColumn here = GridColumn.text("BEAM here" + (beam.vms() > 1 ? " (" + beam.vms() + " VMs)" : ""));
        GridColumn ours = GridColumn.text("JVM here (" + jvm.kind() + (jvm.vms() > 1 ? ", " + jvm.vms() + " VMs)" : ")"));
        GridColumn ratioHere = GridColumn.number("JVM / BEAM here");
        GridColumn relation = GridColumn.text("on this machine");
        GridColumn published = GridColumn.number("BEAM published");
        GridColumn source = GridColumn.text("published at, source");
        for (String name : metrics()) {
            double j = jvm.metric(name);
            double b = beamHere(name);
            Optional<PublishedFigure> p = PublishedFigures.nearest(jvm.experiment(), name, jvm.n(), jvm.m() == 0 ? null : jvm.m());
            metric.append(name);
            here.append(BeamHere.cell(beam, name));
            ours.append(BeamHere.cell(jvm, name));
            ratioHere.append(Grid.ratio(j, b));
            relation.append(Double.isNaN(j) || Double.isNaN(b) ? "" : Verdict.cell(name, Verdict.relation(jvm.interval(name), beam.interval(name)), "JVM"));
            published.append(p.map(PublishedFigure::value).orElse(Double.NaN));
            source.append(p.map(f -> PublishedFigures.label(f, jvm.n())).orElse(""));
        }
        String title = String.format("%s, n = %,d%s: BEAM here and the JVM here (same machine), BEAM published (another machine)",
                jvm.experiment(), jvm.n(), jvm.m() == 0 ? "" : ", m = " + jvm.m());
        return Grid.create(title, metric, here, ours, ratioHere, relation, published, source);
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
        GridColumn said = GridColumn.text("on this machine");
        List<String> shared = metrics().stream()
                .filter(name -> !Double.isNaN(jvm.metric(name)) && !Double.isNaN(beamHere(name)) && beamHere(name) != 0).toList();
        List<String> published = shared.stream().filter(name -> jvm.published(name).isPresent()).toList();
        for (String name : published.isEmpty() ? shared : published) {
            said.append(String.format("%s, on this machine: %s%s", name,
                    Verdict.compare(name, beam, "BEAM here", jvm, "the JVM (" + jvm.kind() + ")"),
                    Verdict.besidePublished(name, jvm.metric(name), jvm.published(name).map(PublishedFigure::value).orElse(Double.NaN))));
        }
        if (BeamHere.MISSING.equals(beam.outcome())) {
            said.append("BEAM here: " + beam.outcome());
        } else if (!beam.ok()) {
            said.append("BEAM here did not finish: " + beam.outcome());
        } else {
            said.append("BEAM here: " + beam.summaryOf() + "; " + beam.notes().get(0));
        }
        said.append("JVM here: " + jvm.summaryOf());
        return Grid.create("Verdicts, computed from these runs", said);
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
