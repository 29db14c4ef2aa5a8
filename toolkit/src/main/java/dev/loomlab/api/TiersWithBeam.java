package dev.loomlab.api;

import dev.loomlab.view.Plot;
import dev.loomlab.view.Series;

import dev.loomlab.display.Displayable;
import dev.loomlab.display.Tables;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Run;
import dev.loomlab.util.Progress;
import java.util.ArrayList;
import java.util.List;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The tier table with BEAM here beside the JVM: each tier also spawned in a fresh BEAM VM on this
 * machine, as the JVM tiers each had a fresh JVM. The table gains the BEAM-here columns and the
 * ratios against them; the plot gains BEAM here as its own series.
 *
 * @param jvm  the JVM tiers
 * @param beam one BEAM-here measurement per tier (outcome not ok when it failed or Erlang is missing)
 */
public record TiersWithBeam(Tiers jvm, List<Measurement> beam) implements Displayable {

    public TiersWithBeam {
        beam = List.copyOf(beam);
    }

    /** Runs every tier of {@code jvm} on BEAM here too, under the same protocol with as many measured runs. */
    static TiersWithBeam of(Tiers jvm, Progress progress) {
        List<Measurement> beam = new ArrayList<>();
        for (Measurement m : jvm.tiers()) {
            int measured = (int) Math.max(1, m.runs().stream().filter(Run::measured).count());
            Measurement b = BeamColumn.measure(dev.loomlab.experiment.ExperimentSpec.of("spawn", m.n())
                    .withRepeat(measured), progress);
            beam.add(b);
            progress.say(String.format("BEAM here, tier %,9d: %s", m.n(), "ok".equals(b.outcome())
                    ? String.format("%,6.0f bytes/process, %,6.0f ns/spawn", b.bytesPerProcess(), b.nsPerSpawn()) : b.outcome()));
        }
        return new TiersWithBeam(jvm, beam);
    }

    /** The bytes per process by tier: the JVM's, BEAM here's, the article's, and JVM / BEAM here, in 7 columns. */
    @Override
    public Table toTable() {
        Table full = full();
        return full.selectColumns("processes", "JVM bytes/process, cold run", "JVM bytes/process", "BEAM here bytes/process",
                "BEAM bytes/process", "JVM / BEAM here, bytes", "BEAM tier used").setName(full.name());
    }

    /** Every column: the spawn times too (ours cold and steady, BEAM here's, the article's) and the ratio of the ns. */
    @Override
    public List<Table> details() {
        Table full = full();
        return List.of(full.copy().setName("Every column: " + full.name()));
    }

    private Table full() {
        Table table = Tables.from(jvm.full());
        StringColumn bytes = StringColumn.create("BEAM here bytes/process");
        StringColumn ns = StringColumn.create("BEAM here ns/spawn");
        DoubleColumn bytesRatio = DoubleColumn.create("JVM / BEAM here, bytes");
        DoubleColumn nsRatio = DoubleColumn.create("JVM / BEAM here, ns");
        for (int i = 0; i < jvm.tiers().size(); i++) {
            Measurement j = jvm.tiers().get(i);
            Measurement b = i < beam.size() ? beam.get(i) : null;
            boolean ok = b != null && "ok".equals(b.outcome());
            String why = b == null ? BeamColumn.MISSING : b.outcome();
            bytes.append(ok ? String.format("%,.0f", b.bytesPerProcess()) : why);
            ns.append(ok ? String.format("%,.0f", b.nsPerSpawn()) : why);
            bytesRatio.append(ok ? Math.round(j.bytesPerProcess() / b.bytesPerProcess() * 100) / 100.0 : Double.NaN);
            nsRatio.append(ok ? Math.round(j.nsPerSpawn() / b.nsPerSpawn() * 100) / 100.0 : Double.NaN);
        }
        return table.addColumns(bytes, ns, bytesRatio, nsRatio).setName(table.name() + "; BEAM here: a fresh BEAM VM per tier, same machine");
    }

    /** The JVM tier plot with BEAM here drawn as its own series. */
    public Plot chart() {
        return jvm.chart(beam.stream().filter(b -> "ok".equals(b.outcome())).toList());
    }

    @Override
    public String toString() {
        return toTable().printAll() + "\n" + full().printAll();
    }
}
