package dev.loomlab.api;

import dev.loomlab.display.Charts;
import dev.loomlab.display.Displayable;
import dev.loomlab.display.Section;
import dev.loomlab.display.Series;
import dev.loomlab.display.Tables;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
import dev.loomlab.runs.TierRuns;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;
import tech.tablesaw.api.Table;

/**
 * The French article's tier table, arranged from {@link TierRuns}' measurements: each tier's cold
 * run beside its warm runs, beside the article's tiers, and the same as a log-log chart. Built by
 * {@link Loomlab#tiers}; shown as its {@link #section()}.
 *
 * @param kind  what was spawned
 * @param tiers one measurement per size, in order (a failed tier is a failed measurement)
 */
public record Tiers(Kind kind, List<Measurement> tiers) implements Displayable {

    public Tiers {
        tiers = List.copyOf(tiers);
    }

    @Override
    public Table toTable() {
        return section().toTable();
    }

    /** What the numbers include, and which tiers did not run. */
    public List<String> notes() {
        return section().notes();
    }

    /** Bytes per process and ns per spawn against n (log x), ours and the article's tiers. */
    public XYChart chart() {
        return chart(tiers);
    }

    @Override
    public String toString() {
        return section().toString();
    }

    /** The table, chart and notes as one section. */
    public Section section() {
        return section(kind, tiers);
    }

    static Section section(Kind kind, List<Measurement> tiers) {
        String warm = tiers.isEmpty() ? "" : tiers.get(0).runs().size() > 1
                ? "; JVM columns: " + tiers.get(0).summaryOf() + ", beside the cold run" : "";
        var table = Tables.of("Idle " + kind.label() + " units, one fresh JVM per tier, beside the article's tiers" + warm, tiers)
                .whole("processes", m -> (int) m.n())
                .number("JVM bytes/process, cold run", m -> Tables.nearest(TierRuns.cold(m, "bytesPerProcess")))
                .number("JVM bytes/process", m -> Tables.nearest(m.bytesPerProcess()))
                .number("BEAM bytes/process", m -> m.published("bytesPerProcess").map(PublishedFigure::value).orElse(Double.NaN))
                .number("JVM ns/spawn, cold run", m -> Tables.nearest(TierRuns.cold(m, "nsPerSpawn")))
                .number("JVM ns/spawn", m -> Tables.nearest(m.nsPerSpawn()))
                .number("BEAM ns/spawn", m -> m.published("nsPerSpawn").map(PublishedFigure::value).orElse(Double.NaN))
                .number("JVM spawn ms", m -> Tables.nearest(m.metric("totalMillis") * 10) / 10.0)
                .text("BEAM tier used", m -> m.published("bytesPerProcess")
                        .map(p -> p.n() == m.n() ? "same n" : String.format("nearest: %,d", p.n())).orElse(""))
                .build();
        List<String> notes = tiers.stream().filter(m -> !m.ok())
                .map(m -> String.format("n = %,d: %s", m.n(), m.outcome())).toList();
        return new Section(table, chart(tiers), notes);
    }

    /** Bytes per process and ns per spawn against n (log x), ours and the article's tiers. */
    private static XYChart chart(List<Measurement> tiers) {
        List<Series> series = new ArrayList<>();
        List<Long> ns = tiers.stream().map(Measurement::n).toList();
        series.add(new Series("JVM bytes/process (warm)", ns, tiers.stream().map(Measurement::bytesPerProcess).toList()));
        series.add(new Series("JVM bytes/process (cold run)", ns, tiers.stream().map(m -> TierRuns.cold(m, "bytesPerProcess")).toList()));
        series.add(new Series("JVM ns/spawn (warm)", ns, tiers.stream().map(Measurement::nsPerSpawn).toList()));
        series.add(new Series("JVM ns/spawn (cold run)", ns, tiers.stream().map(m -> TierRuns.cold(m, "nsPerSpawn")).toList()));
        List<PublishedFigure> beamBytes = PublishedFigures.of("spawn", "bytesPerProcess").stream()
                .filter(f -> f.source().equals("un-million") && f.n() != null && f.n() > 1).toList();
        List<PublishedFigure> beamNs = PublishedFigures.of("spawn", "nsPerSpawn").stream()
                .filter(f -> f.source().equals("un-million") && f.n() != null).toList();
        series.add(new Series("BEAM bytes/process (article)", beamBytes.stream().map(PublishedFigure::n).toList(),
                beamBytes.stream().map(PublishedFigure::value).toList(), Series.Style.PUBLISHED, -1));
        series.add(new Series("BEAM ns/spawn (article)", beamNs.stream().map(PublishedFigure::n).toList(),
                beamNs.stream().map(PublishedFigure::value).toList(), Series.Style.PUBLISHED, -1));
        return Charts.lines("What one idle process costs, by tier", "processes (log)", "bytes per process, ns per spawn (log)",
                true, true, series);
    }
}
