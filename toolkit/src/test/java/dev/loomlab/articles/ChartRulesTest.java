package dev.loomlab.articles;

import dev.loomlab.api.Tiers;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import dev.loomlab.display.ChartRules;
import dev.loomlab.display.Charts;
import dev.loomlab.view.Palette;
import dev.loomlab.view.Series;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Run;
import dev.loomlab.load.LoadKind;
import dev.loomlab.load.LoadResult;
import dev.loomlab.load.LoadRow;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.beam.BeamBeside;
import dev.loomlab.beam.Carriers;
import dev.loomlab.measure.Env;
import dev.loomlab.measure.ForkPolicy;
import dev.loomlab.measure.ForkProtocol;
import dev.loomlab.report.ExperimentChart;
import dev.loomlab.report.MachineTable;
import dev.loomlab.report.ReportRow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Every chart the toolkit builds, built from small synthetic results, keeps the rules a reader
 * relies on ({@link ChartRules}): one unit per axis, category labels that do not overlap, each
 * kind in its palette colour and marker; and the load plot keeps its starved rows and idle line.
 */
class ChartRulesTest {

    private static final Env ENV = Env.current();

    static Measurement measurement(String experiment, Kind kind, long n, long m, Map<String, Double> metrics) {
        ExperimentSpec spec = new ExperimentSpec(experiment, kind, n, m, 2, ExperimentSpec.DEFAULT_DEADLINE, List.of(), Map.of());
        return Measurement.of(spec, ENV, List.of(new Run(1, true, metrics), new Run(2, false, metrics)), List.of("synthetic"));
    }

    static Measurement spawn(Kind kind, long n, double bytes, double ns) {
        return measurement("spawn", kind, n, 0, Map.of("bytesPerProcess", bytes, "nsPerSpawn", ns, "totalMillis", ns * n / 1e6));
    }

    static LoadRow loadRow(LoadKind kind, int loops, double p50, String status, long waited) {
        boolean starved = LoadRow.STARVED.equals(status);
        double rt = starved || LoadRow.KILLED.equals(status) ? Double.NaN : p50;
        return new LoadRow(kind.label(), loops, 1, 2, status, starved, waited, starved ? 0 : 100, 100, rt, rt * 3, rt * 5, rt,
                starved ? Double.NaN : 1e8 / Math.max(1, loops), starved ? Double.NaN : 1e8, starved ? Double.NaN : 1.2e8, List.of(), "");
    }

    /** The load experiment at 0, 1, 10, 100 loops on one carrier: virtual starves from 1 loop, process is killed at 100. */
    static LoadResult load() {
        LoadSpec spec = LoadSpec.of(LoadKind.VIRTUAL, LoadKind.PROCESS, LoadKind.PLATFORM, LoadKind.BEAM).withLoops(0, 1, 10, 100)
                .withParallelism(1);
        List<LoadRow> rows = new ArrayList<>();
        for (LoadKind k : spec.kinds()) {
            for (int loops : List.of(0, 1, 10, 100)) {
                String status = loops == 0 || k == LoadKind.PLATFORM || k == LoadKind.BEAM ? LoadRow.OK
                        : k == LoadKind.VIRTUAL ? LoadRow.STARVED : loops == 100 ? LoadRow.KILLED : LoadRow.OK;
                rows.add(loadRow(k, loops, 20 + 30 * loops, status, 3_000));
            }
        }
        return new LoadResult(spec, ENV, false, rows);
    }

    static Tiers tiers() {
        return new Tiers(Kind.PROCESS, List.of(spawn(Kind.PROCESS, 1_000, 1_500, 2_000), spawn(Kind.PROCESS, 10_000, 1_200, 900),
                spawn(Kind.PROCESS, 100_000, 1_100, 600)));
    }

    static MachineTable.Source source(String label, double scale) {
        List<ReportRow> rows = new ArrayList<>();
        for (Kind kind : Kind.jvmAndBeam()) {
            double k = kind == Kind.PLATFORM ? 40 : kind == Kind.PROCESS ? 1.6 : 1;
            for (long n : List.of(1_000L, 100_000L)) {
                rows.add(new ReportRow("spawn", kind.label(), n, 0, "ok", 10,
                        spawn(kind, n, 700 * k * scale, 900 * k * scale)));
            }
        }
        return new MachineTable.Source(label, rows);
    }

    static Stream<Named<Chart<?, ?>>> charts() {
        List<UnitWeights.Row> hibernation = List.of(
                new UnitWeights.Row("toolkit process (waiting in receive)", 1_100, "1,100", Double.NaN, "", 2_632, "BEAM (un-million, n = 1)", "measured"),
                new UnitWeights.Row("hibernated process (no thread)", 350, "350", Double.NaN, "", 849, "BEAM (un-million, n = 1)", "measured"),
                new UnitWeights.Row("platform thread, 64 KiB stack (the min_heap_size control)", 70_000, "70,000", Double.NaN, "", 2_632,
                        "BEAM (un-million, n = 1)", "measured"),
                new UnitWeights.Row("1,000,000 hibernated: MiB in all", 334, "334", Double.NaN, "", 809.67, "BEAM (un-million, n = 1,000,000) x n", "extrapolated", "MiB"),
                new UnitWeights.Row("5,000,000 hibernated: MiB in all", 1669, "1,669", Double.NaN, "", 4048.3, "BEAM (un-million, n = 5,000,000) x n", "extrapolated", "MiB"));
        List<UnitWeights.Row> idle = List.of(
                new UnitWeights.Row("toolkit process", 1_100, "1,100", Double.NaN, "", 2_632, "BEAM (un-million, n = 1)", "measured"),
                new UnitWeights.Row("raw virtual thread", 900, "900", Double.NaN, "", 2_600, "Go (karui)", "measured"),
                new UnitWeights.Row("platform thread (heap + native stack)", 70_000, "70,000", Double.NaN, "", 8_000_000, "Python (karui)", "measured"));
        List<String> kinds = List.of("JVM process", "JVM virtual", "JVM platform", "BEAM here", "BEAM", "goroutine", "Python thread");
        Tiers withBeam = new Tiers(tiers().kind(), tiers().tiers(), List.of(measurementOfBeam(1_000), measurementOfBeam(10_000)));
        return Stream.of(
                Named.of("tiers", Charts.of(tiers().chart())),
                Named.of("tiers with BEAM here", Charts.of(withBeam.chart())),
                Named.of("hibernation", Charts.of(UnitWeights.section("Hibernation", "bytes per process (MiB for totals)", "un-million", hibernation, List.of(), List.of()).chart())),
                Named.of("idle weight", Charts.of(UnitWeights.section("What one idle unit weighs", "bytes per process", "un-million", idle, List.of(), List.of()).chart())),
                Named.of("kinds (two axes)", Charts.bars("Bytes per unit and ns to spawn", true, kinds, "bytes per unit (log)",
                        List.of(1100, 900, 70_000, 2_600, 2_632, 2_600, 8_000_000), "ns per spawn (log)",
                        List.of(700, 400, 60_000, 800, 700, 900, 50_000))),
                Named.of("load round trips", Charts.of(load().plot())),
                Named.of("load work per loop", Charts.of(load().workPlot())),
                Named.of("report, one machine", ExperimentChart.of("spawn", List.of(source("alice", 1))).orElseThrow()),
                Named.of("compare, three machines", ExperimentChart.of("spawn",
                        List.of(source("alice (laptop-a)", 1), source("bob (laptop-b)", 1.3), source("carol (a long machine name)", 0.8)))
                        .orElseThrow()),
                Named.of("report, intervals across fresh VMs", ExperimentChart.of("ring", List.of(forkedSource())).orElseThrow()),
                Named.of("million tasks", tasks().chart()),
                Named.of("KLab ring", ring().chart()),
                Named.of("carriers with intervals", Charts.of(carriers().intervalChart())),
                Named.of("warm-up style lines", Charts.lines("ns per spawn", "run", "ns per spawn", false, true, List.of(
                        Series.of(Palette.PROCESS, "JVM process, one JVM", List.of(1, 2), List.of(900, 500)),
                        Series.of(Palette.GO, "Go (article)", List.of(1, 2), List.of(1000, 400)).styled(Series.Style.PUBLISHED)))));
    }

    /** A ring on 1 and 2 carriers, three fresh VMs a side; BEAM here's interval on 2 carriers overlaps the JVM's. */
    static Carriers carriers() {
        return new Carriers("nsPerHop", "a hop", List.of(
                new Carriers.Count(1, new BeamBeside(forked(Kind.PROCESS, 800, 820, 900), forked(Kind.BEAM, 600, 610, 700)), null),
                new Carriers.Count(2, new BeamBeside(forked(Kind.PROCESS, 1_900, 2_300, 2_200), forked(Kind.BEAM, 1_800, 2_000, 2_400)), null)));
    }

    /** A report's ring rows, each summarised over three fresh VMs. */
    static MachineTable.Source forkedSource() {
        return new MachineTable.Source("alice", List.of(
                new ReportRow("ring", "process", 10_000, 1, "ok", 10, forked(Kind.PROCESS, 800, 820, 900)),
                new ReportRow("ring", "beam", 10_000, 1, "ok", 10, forked(Kind.BEAM, 600, 610, 700))));
    }

    @Test
    void aReportBarSummarisedOverFreshVmsCarriesItsIntervalAndTheAxisSaysSo() {
        var chart = ExperimentChart.of("ring", List.of(forkedSource())).orElseThrow();
        assertThat(chart.getXAxisTitle()).isEqualTo("n; whiskers: 95% interval across fresh VMs");
        var oneVm = ExperimentChart.of("spawn", List.of(source("alice", 1))).orElseThrow();
        assertThat(oneVm.getXAxisTitle()).isEqualTo("n");
    }

    static Measurement forked(Kind kind, double... perVm) {
        ExperimentSpec spec = ExperimentSpec.of("ring", 10_000).withM(1).withKind(kind);
        List<Measurement> vms = Arrays.stream(perVm).mapToObj(v -> measurement("ring", kind, 10_000, 1, Map.of("nsPerHop", v)))
                .toList();
        return Measurement.forked(spec, vms, ForkPolicy.adaptive(3, Duration.ZERO, 0.1), ForkProtocol.Stop.FIXED);
    }

    @Test
    void anIntervalIsAWhiskerFromItsLowToItsHighEndBesideItsPointAndOutOfTheLegend() {
        Carriers carriers = carriers();
        XYChart chart = (XYChart) Charts.of(carriers.intervalChart());
        var jvm = chart.getSeriesMap().get("JVM process");
        var beam = chart.getSeriesMap().get("BEAM here (+S as many)");
        assertThat(jvm.getYData()).containsExactly(820.0, 2_200.0); // the medians of the VMs
        var interval = carriers.counts().get(1).side().jvm().interval("nsPerHop");
        var whisker = chart.getSeriesMap().get("JVM process" + Charts.WHISKER + 2);
        assertThat(whisker.getYData()).containsExactly(interval.low(), interval.high());
        assertThat(interval.high() - 2_200).isNotCloseTo(2_200 - interval.low(), offset(1.0)); // not symmetric
        assertThat(whisker.isShowInLegend()).isFalse();
        assertThat(whisker.getLineColor()).isEqualTo(Charts.colour(Palette.PROCESS));
        assertThat(whisker.getXData()).containsExactly(jvm.getXData()[1], jvm.getXData()[1]);
        // dodged: BEAM here left of each count, the JVM right of it, so overlapping whiskers stay apart
        assertThat(beam.getXData()[1]).isLessThan(2.0);
        assertThat(jvm.getXData()[1]).isGreaterThan(2.0);
        assertThat(chart.getSeriesMap().values().stream().filter(s -> s.isShowInLegend()).map(s -> s.getName()))
                .containsExactly("BEAM here (+S as many)", "JVM process");
    }

    @Test
    void aSeriesWithAnIntervalPerPointOrNoneIsAcceptedAndAnyOtherCountRefused() {
        assertThat(new Series("a", List.of(1), List.of(1)).hasIntervals()).isFalse();
        assertThatThrownBy(() -> new Series("a", List.of(1, 2), List.of(1, 2)).withIntervals(List.of(0.5), List.of(2)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("give an interval per point, or none");
    }

    static TasksRuns tasks() {
        List<TasksRuns.Row> rows = new ArrayList<>();
        for (Kind kind : List.of(Kind.VIRTUAL, Kind.PROCESS, Kind.BEAM)) {
            for (int n : List.of(1, 1_000, 100_000)) {
                Measurement m = measurement("tasks", kind, n, 0, Map.of("peakMegabytes", 40 + n / 1_000.0));
                rows.add(new TasksRuns.Row(kind, n, m));
            }
        }
        return new TasksRuns(Duration.ofSeconds(2), rows);
    }

    static KlabRing ring() {
        List<KlabRing.Row> rows = new ArrayList<>();
        for (boolean hibernated : new boolean[] {false, true}) {
            for (int m : new int[] {1, 10}) {
                for (int n : List.of(1_000, 100_000)) {
                    Measurement r = measurement(hibernated ? "ring-hibernated" : "ring", Kind.PROCESS, n, m, Map.of("nsPerHop", 300.0 + m));
                    rows.add(new KlabRing.Row(hibernated, n, m, r, null));
                }
            }
        }
        return new KlabRing(rows);
    }

    private static Measurement measurementOfBeam(long n) {
        return spawn(Kind.BEAM, n, 2_700, 800);
    }

    /** With {@code -Dloomlab.charts.dir=DIR} each chart is also saved there as a PNG, to look at. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("charts")
    void everyChartKeepsTheRules(Chart<?, ?> chart) throws java.io.IOException {
        String dir = System.getProperty("loomlab.charts.dir");
        if (dir != null) {
            java.nio.file.Files.createDirectories(java.nio.file.Path.of(dir));
            org.knowm.xchart.BitmapEncoder.saveBitmap(chart, dir + "/" + chart.getTitle().replaceAll("[^A-Za-z0-9]+", "-"),
                    org.knowm.xchart.BitmapEncoder.BitmapFormat.PNG);
        }
        assertThat(ChartRules.all(chart)).isEmpty();
        assertThat(chart.getSeriesMap()).isNotEmpty();
    }

    @Test
    void theRulesCatchWhatTheyAreFor() {
        var mixed = Charts.lines("mixed", "n", "bytes per process, ns per spawn", List.of(new Series("a", List.of(1), List.of(1))));
        assertThat(ChartRules.oneUnitPerAxis(mixed)).hasSize(1);
        var wrongSeries = Charts.lines("wrong", "n", "bytes per process", List.of(new Series("JVM ns/spawn", List.of(1), List.of(1))));
        assertThat(ChartRules.oneUnitPerAxis(wrongSeries)).hasSize(1);
        var uncoloured = Charts.lines("plain", "n", "bytes", List.of(new Series("JVM virtual", List.of(1), List.of(1))));
        assertThat(ChartRules.kindsKeepTheirColours(uncoloured)).first().asString().contains("not VIRTUAL's #0072b2");
        var narrow = new org.knowm.xchart.CategoryChartBuilder().width(400).height(300).title("narrow").yAxisTitle("bytes").build();
        narrow.addSeries("x", List.of("a label long enough to need its room, surely", "another label long enough to need its room"),
                List.of(1, 2));
        assertThat(ChartRules.labelsDoNotOverlap(narrow)).hasSize(1);
    }

    @Test
    void starvedRowsStayOnTheLoadPlotAndTheIdleRowIsALine() {
        XYChart plot = (XYChart) Charts.of(load().plot());
        var names = plot.getSeriesMap().keySet();
        assertThat(names).contains("JVM virtual: starved, no round trip", "JVM process: killed, no round trip");
        assertThat(plot.getSeriesMap().get("JVM virtual: starved, no round trip").getXData()).containsExactly(1.0, 10.0, 100.0);
        assertThat(plot.getSeriesMap().get("JVM process: killed, no round trip").getXData()).containsExactly(100.0);
        assertThat(ChartRules.labelsOnPlot(plot)).contains("starved at 3s", "killed at 3s");
        for (String kind : List.of("JVM virtual", "JVM process", "JVM platform", "BEAM here")) {
            assertThat(names).contains(kind + " p50 with 0 loops (idle)");
        }
        // the markers sit above every round trip drawn
        double highest = plot.getSeriesMap().values().stream().filter(s -> !s.getName().contains("no round trip"))
                .mapToDouble(s -> s.getYMax()).max().orElseThrow();
        assertThat(plot.getSeriesMap().get("JVM virtual: starved, no round trip").getYMin()).isGreaterThan(highest);
    }
}
