package dev.loomlab.api;

import dev.loomlab.display.Charts;
import dev.loomlab.display.Displayable;
import dev.loomlab.measure.LinearFit;
import dev.loomlab.display.Series;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.reference.PublishedFigure;
import dev.loomlab.reference.PublishedFigures;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The French article's tier table: idle processes spawned at several sizes, each tier in its own
 * fresh JVM, beside the article's tiers. Built by {@link Loomlab#tiers}.
 *
 * @param kind  what was spawned
 * @param tiers one measurement per size, in order
 */
public record Tiers(Kind kind, List<Measurement> tiers) implements Displayable {

    public Tiers {
        tiers = List.copyOf(tiers);
    }

    @Override
    public Table toTable() {
        IntColumn n = IntColumn.create("processes");
        DoubleColumn coldBytes = DoubleColumn.create("JVM bytes/process, cold run");
        DoubleColumn bytes = DoubleColumn.create("JVM bytes/process");
        DoubleColumn beamBytes = DoubleColumn.create("BEAM bytes/process");
        DoubleColumn coldNs = DoubleColumn.create("JVM ns/spawn, cold run");
        DoubleColumn ns = DoubleColumn.create("JVM ns/spawn");
        DoubleColumn beamNs = DoubleColumn.create("BEAM ns/spawn");
        DoubleColumn millis = DoubleColumn.create("JVM spawn ms");
        StringColumn beamAt = StringColumn.create("BEAM tier used");
        for (Measurement m : tiers) {
            n.append((int) m.n());
            bytes.append(Math.round(m.bytesPerProcess()));
            ns.append(Math.round(m.nsPerSpawn()));
            coldBytes.append(Math.round(m.runs().get(0).metric("bytesPerProcess")));
            coldNs.append(Math.round(m.runs().get(0).metric("nsPerSpawn")));
            millis.append(Math.round(m.metric("totalMillis") * 10) / 10.0);
            var pb = m.published("bytesPerProcess");
            var pn = m.published("nsPerSpawn");
            beamBytes.append(pb.map(PublishedFigure::value).orElse(Double.NaN));
            beamNs.append(pn.map(PublishedFigure::value).orElse(Double.NaN));
            beamAt.append(pb.map(p -> p.n() == m.n() ? "same n" : String.format("nearest: %,d", p.n())).orElse(""));
        }
        String warm = tiers.isEmpty() ? "" : tiers.get(0).runs().size() > 1
                ? "; JVM columns: " + tiers.get(0).summaryOf() + ", beside the cold run" : "";
        return Table.create("Idle " + kind.label() + " units, one fresh JVM per tier, beside the article's tiers" + warm,
                n, coldBytes, bytes, beamBytes, coldNs, ns, beamNs, millis, beamAt);
    }

    /**
     * Heap against n across the tiers, by least squares: the slope is the bytes per additional
     * process, the intercept the fixed overhead that makes small tiers' averages look heavier.
     * Needs two tiers or more.
     */
    public LinearFit fit() {
        double[] x = tiers.stream().mapToDouble(Measurement::n).toArray();
        double[] heap = tiers.stream().mapToDouble(m -> m.bytesPerProcess() * m.n()).toArray();
        return LinearFit.of(x, heap);
    }

    /** Tolerance for "linear": every tier within 10 % of the fitted line. */
    public static final double LINEAR_TOLERANCE = 0.10;

    /** The sentence for this run: marginal and fixed cost, and whether the heap grew linearly with n. */
    public String verdict() {
        if (tiers.stream().map(Measurement::n).distinct().count() < 2) {
            return "one tier only: a slope needs two sizes or more";
        }
        LinearFit fit = fit();
        StringBuilder residuals = new StringBuilder();
        for (int i = 0; i < tiers.size(); i++) {
            residuals.append(String.format("%s%,d: %+,.0f bytes", i == 0 ? "" : ", ", tiers.get(i).n(), fit.residuals()[i]));
        }
        return "heap against processes, this run: " + fit.verdict("bytes per additional process", LINEAR_TOLERANCE)
                + "; residuals " + residuals
                + (tiers.stream().allMatch(Measurement::steady) ? "" : "; some tiers' timings were not steady");
    }

    @Override
    public List<String> notes() {
        return List.of(verdict());
    }

    /** Bytes per process and ns per spawn against n (log x), ours and the article's tiers. */
    public XYChart plot() {
        List<Series> series = new ArrayList<>();
        List<Long> ns = tiers.stream().map(Measurement::n).toList();
        series.add(new Series("JVM bytes/process (summary)", ns, tiers.stream().map(Measurement::bytesPerProcess).toList()));
        series.add(new Series("JVM bytes/process (cold run)", ns, tiers.stream().map(m -> m.runs().get(0).metric("bytesPerProcess")).toList()));
        series.add(new Series("JVM ns/spawn (summary)", ns, tiers.stream().map(Measurement::nsPerSpawn).toList()));
        series.add(new Series("JVM ns/spawn (cold run)", ns, tiers.stream().map(m -> m.runs().get(0).metric("nsPerSpawn")).toList()));
        List<PublishedFigure> beamBytes = PublishedFigures.of("spawn", "bytesPerProcess").stream()
                .filter(f -> f.source().equals("un-million") && f.n() != null && f.n() > 1).toList();
        List<PublishedFigure> beamNs = PublishedFigures.of("spawn", "nsPerSpawn").stream()
                .filter(f -> f.source().equals("un-million") && f.n() != null).toList();
        series.add(new Series("BEAM bytes/process (article)", beamBytes.stream().map(PublishedFigure::n).toList(),
                beamBytes.stream().map(PublishedFigure::value).toList()));
        series.add(new Series("BEAM ns/spawn (article)", beamNs.stream().map(PublishedFigure::n).toList(),
                beamNs.stream().map(PublishedFigure::value).toList()));
        return Charts.lines("What one idle process costs, by tier", "processes (log)", "bytes per process, ns per spawn (log)",
                true, true, series);
    }

    @Override
    public String toString() {
        return toTable().printAll() + "\n  note: " + verdict();
    }
}
