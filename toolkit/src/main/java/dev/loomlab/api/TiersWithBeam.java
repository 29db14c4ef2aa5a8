package dev.loomlab.api;

import dev.loomlab.beam.BeamHere;
import dev.loomlab.view.Plot;
import dev.loomlab.view.Grid;
import dev.loomlab.view.Section;
import dev.loomlab.view.Sectioned;
import dev.loomlab.view.Tabular;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Run;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.util.Progress;
import java.util.ArrayList;
import java.util.List;

/**
 * The tier table with BEAM here beside the JVM: each tier also spawned in a fresh BEAM VM on this
 * machine, as the JVM tiers each had a fresh JVM. The table gains the BEAM-here columns and the
 * ratios against them; the notes fit the heap against n for BEAM here first, then for the JVM; the
 * plot gains BEAM here as its own series.
 *
 * @param jvm  the JVM tiers
 * @param beam one BEAM-here measurement per tier (outcome not ok when it failed or Erlang is missing)
 */
public record TiersWithBeam(Tiers jvm, List<Measurement> beam) implements Sectioned {

    public TiersWithBeam {
        beam = List.copyOf(beam);
    }

    /** Runs every tier of {@code jvm} on BEAM here too, under the same protocol with as many measured runs. */
    static TiersWithBeam of(Tiers jvm, Progress progress) {
        List<Measurement> beam = new ArrayList<>();
        for (Measurement m : jvm.tiers()) {
            int measured = (int) Math.max(1, m.runs().stream().filter(Run::measured).count());
            Measurement b = BeamHere.row(ExperimentSpec.of(Experiments.SPAWN, m.n())
                    .withRepeat(measured), progress);
            beam.add(b);
            progress.say(String.format("BEAM here, tier %,9d: %s", m.n(), "ok".equals(b.outcome())
                    ? String.format("%,6.0f bytes/process, %,6.0f ns/spawn", b.bytesPerProcess(), b.nsPerSpawn()) : b.outcome()));
        }
        return new TiersWithBeam(jvm, beam);
    }

    /** One tier: the JVM's measurement and BEAM here's at the same n (null when none ran). */
    private record Row(Measurement jvm, Measurement beam) {
        double beamHere(java.util.function.ToDoubleFunction<Measurement> figure) {
            return beam != null && beam.ok() ? figure.applyAsDouble(beam) : Double.NaN;
        }
    }

    /**
     * The bytes per process by tier (the JVM's cold and summarised, BEAM here's, the article's); every
     * column in its details: the spawn times too (ours cold and steady, BEAM here's, the article's) and the ratio of the ns.
     */
    @Override
    public Section section() {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < jvm.tiers().size(); i++) {
            rows.add(new Row(jvm.tiers().get(i), i < beam.size() ? beam.get(i) : null));
        }
        Grid tiers = jvm.full();
        Grid beamHere = Grid.of("", rows)
                .number("BEAM here bytes/process", r -> Grid.nearest(r.beamHere(Measurement::bytesPerProcess)))
                .number("BEAM here ns/spawn", r -> Grid.nearest(r.beamHere(Measurement::nsPerSpawn)))
                .number("JVM / BEAM here, bytes", r -> Grid.ratio(r.jvm().bytesPerProcess(), r.beamHere(Measurement::bytesPerProcess)))
                .number("JVM / BEAM here, ns", r -> Grid.ratio(r.jvm().nsPerSpawn(), r.beamHere(Measurement::nsPerSpawn)))
                .build();
        Grid full = tiers.plus(beamHere.columns()).titled(tiers.title() + "; BEAM here: a fresh BEAM VM per tier, same machine");
        return Section.narrowed(full, chart(), notes(), List.of(), "processes", "JVM bytes/process, cold run", "JVM bytes/process",
                "BEAM here bytes/process", "BEAM bytes/process", "JVM / BEAM here, bytes", "BEAM tier used");
    }

    /** The fit of heap against n, BEAM here's first, then the JVM's; a tier BEAM here could not run says why. */
    @Override
    public List<String> notes() {
        List<String> notes = new ArrayList<>();
        List<Measurement> ran = beam.stream().filter(Measurement::ok).toList();
        if (ran.isEmpty()) {
            notes.add("BEAM here: " + (beam.isEmpty() ? BeamHere.MISSING : beam.get(0).outcome()));
        } else {
            notes.add(Tiers.verdict("BEAM here", ran));
        }
        notes.addAll(jvm.notes());
        beam.stream().filter(b -> !b.ok() && !ran.isEmpty()).forEach(b -> notes.add(String.format("BEAM here, n = %,d: %s", b.n(), b.outcome())));
        return notes;
    }

    /** The JVM tier plot with BEAM here drawn as its own series. */
    public Plot chart() {
        return jvm.chart(beam.stream().filter(Measurement::ok).toList());
    }

    @Override
    public String toString() {
        return Tabular.text(this);
    }
}
