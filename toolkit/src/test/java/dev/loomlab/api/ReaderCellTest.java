package dev.loomlab.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.MeasurementJson;
import dev.loomlab.experiment.Run;
import dev.loomlab.experiment.SpawnRuns;
import dev.loomlab.load.LoadRow;
import dev.loomlab.measure.Env;
import dev.loomlab.measure.ForkPolicy;
import dev.loomlab.measure.ForkProtocol;
import dev.loomlab.measure.Spread;
import dev.loomlab.view.Grid;
import dev.loomlab.view.Section;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The sentence that sets a reader's cell beside the protocol, on synthetic figures. */
class ReaderCellTest {

    private static final ExperimentSpec RING = ExperimentSpec.of("ring", 100_000).withM(1);

    /** One steady VM: a cold run, then measured runs at these figures. */
    private static Measurement vm(String kind, double cold, double... measured) {
        List<Run> runs = new java.util.ArrayList<>(List.of(new Run(1, true, "cold", hop(cold))));
        for (double v : measured) {
            runs.add(new Run(runs.size() + 1, false, "measured", hop(v)));
        }
        Spread spread = Spread.of(measured);
        return new Measurement("ring", kind, RING.n(), 1, Env.current(), Measurement.OK, "",
                Map.of("nsPerHop", spread.median(), "gcInWindow", 0.0), runs, List.of(), Measurement.STEADY,
                Map.of("nsPerHop", spread));
    }

    /** The same measurement at another n. */
    private static Measurement atN(long n, Measurement m) {
        return new Measurement(m.experiment(), m.kind(), n, m.m(), m.env(), m.outcome(), m.summaryOf(), m.metrics(), m.runs(), m.notes(),
                m.steadiness(), m.spread());
    }

    /** A ring run's metrics, nsPerHop first: the one the protocol judged. */
    private static Map<String, Double> hop(double nsPerHop) {
        Map<String, Double> metrics = new java.util.LinkedHashMap<>();
        metrics.put("nsPerHop", nsPerHop);
        metrics.put("gcInWindow", 0.0);
        return metrics;
    }

    private static Measurement threeVms() {
        return Measurement.forked(RING, List.of(vm("process", 25_000, 2_200, 2_250), vm("process", 25_000, 2_300, 2_320),
                vm("process", 25_000, 2_400, 2_380)), ForkPolicy.adaptive(3, Duration.ZERO, 0.1), ForkProtocol.Stop.FIXED);
    }

    @Test
    void aFigureInsideTheIntervalAgrees() {
        String s = ReaderCell.relate(2_300, "nsPerHop", "a hop", threeVms());
        assertThat(s).startsWith("your cell: 2.3 µs for a hop, one fresh JVM; the protocol: ")
                .contains("over 3 fresh JVMs", "steady in every VM", "n = 100,000", "(cold: 25 µs)",
                        "inside its interval: the cell and the protocol agree")
                .doesNotContain("outside");
    }

    @Test
    void aColdFigureOutsideTheIntervalSaysColdJitAndOneVm() {
        String s = ReaderCell.relate(20_000, "nsPerHop", "a hop", threeVms());
        assertThat(s).contains("outside its interval", "nearer the protocol's cold runs", "before the JIT",
                "your cell is one VM", "an interval over 3 VMs", "a collection inside your timed window adds to your figure",
                "and none fell inside its window", "the protocol's 100,000");
    }

    @Test
    void aColdMemoryFigureIsWordedAsWhatTheFirstRunAllocatedNotTheJit() {
        Measurement bytes = new Measurement("spawn", "platform", 1_000, 0, Env.current(), Measurement.OK, "",
                Map.of("bytesPerProcess", 20_000.0), List.of(new Run(1, true, "cold", Map.of("bytesPerProcess", 70_000.0)),
                new Run(2, false, "measured", Map.of("bytesPerProcess", 20_000.0))), List.of(),
                Measurement.STEADY, Map.of("bytesPerProcess", Spread.of(20_000.0)));
        assertThat(ReaderCell.relate(100_000, "bytesPerProcess", "a process", bytes))
                .contains("nearer the protocol's cold runs", "the frames of code the JIT has not compiled yet", "what it allocated once")
                .doesNotContain("before the JIT has compiled the measured code");
    }

    @Test
    void aColdNativeStackFigureNamesTheInterpretersShadowZone() {
        Measurement stacks = new Measurement("spawn", "platform", 1_000, 0, Env.current(), Measurement.OK, "",
                Map.of("nativeStackBytesPerProcess", 20_000.0), List.of(
                new Run(1, true, "cold", Map.of("nativeStackBytesPerProcess", 70_000.0)),
                new Run(2, false, "measured", Map.of("nativeStackBytesPerProcess", 20_000.0))), List.of(),
                Measurement.STEADY, Map.of("nativeStackBytesPerProcess", Spread.of(20_000.0)));
        assertThat(ReaderCell.relate(100_000, "nativeStackBytesPerProcess", "a platform thread's committed stack", stacks))
                .contains("nearer the protocol's cold runs: a thread that runs interpreted code")
                .doesNotContain("the JIT has not compiled yet", "classes loaded", "JShell");
    }

    @Test
    void aColdRunInsideTheIntervalIsNoReason() {
        Measurement warmFromTheStart = Measurement.forked(RING, List.of(vm("process", 2_250, 2_200, 2_250),
                vm("process", 2_300, 2_300, 2_320), vm("process", 2_350, 2_400, 2_380)),
                ForkPolicy.adaptive(3, Duration.ZERO, 0.1), ForkProtocol.Stop.FIXED);
        assertThat(ReaderCell.relate(3_000, "nsPerHop", "a hop", warmFromTheStart)).contains("outside its interval")
                .doesNotContain("cold runs:", "nearer the protocol's cold");
    }

    @Test
    void aColdRunThatPrintsAsTheSteadyFigureIsNoReason() {
        Measurement beam = vm("beam", 2_602, 2_600, 2_600);
        assertThat(ReaderCell.relate(2_630, "nsPerHop", "a hop", beam)).contains("1.0× (+1.2%)")
                .doesNotContain("nearer the protocol's first runs");
    }

    @Test
    void aFirstRunCheaperThanTheMeasuredOnesExplainsNoFigure() {
        // the BEAM VM's cold run (485) was below its measured runs (657): a cell at 427 is nearer it, but not for what a first run pays
        Measurement beam = vm("beam", 485, 600, 657, 700);
        assertThat(ReaderCell.relate(427, "nsPerHop", "a hop", beam)).contains("outside the range of its measured runs")
                .doesNotContain("first run", "cold runs");
    }

    @Test
    void figuresOfDifferentSignsTakeNoRatio() {
        assertThat(ReaderCell.relate(-41, "nsPerLoop", "each extra busy loop", 5, false, "one fresh JVM per row"))
                .contains("different signs", "no ratio").doesNotContain("×");
    }

    /**
     * A cold run a few percent above the measured ones does not explain a cell four times above them; one that reaches
     * a third of the way there (on a log scale) does.
     */
    @Test
    void aColdRunThatReachesLessThanAThirdOfTheWayToTheCellIsNoReason() {
        Measurement hibernated = new Measurement("hibernate", "process", 100_000, 0, Env.current(), Measurement.OK, "",
                Map.of("bytesPerProcess", 64.0), List.of(new Run(1, true, "cold", Map.of("bytesPerProcess", 67.0)),
                new Run(2, false, "measured", Map.of("bytesPerProcess", 64.0)), new Run(3, false, "measured", Map.of("bytesPerProcess", 64.5))),
                List.of(), Measurement.STEADY, Map.of("bytesPerProcess", Spread.of(64.0, 64.5)));
        assertThat(ReaderCell.relate(265, "bytesPerProcess", "a hibernated process", hibernated))
                .contains("4.1× the protocol's", "both sides are one VM each", "the protocol's 100,000",
                        "if your cell reads the heap in two statements", "JShell, which compiles each statement when it reaches it").doesNotContain("cold runs:");
        assertThat(ReaderCell.relate(60, "bytesPerProcess", "a hibernated process", hibernated)).doesNotContain("JShell");
        assertThat(ReaderCell.relate(70, "bytesPerProcess", "a hibernated process", hibernated)).contains("nearer the protocol's cold runs");
        Measurement idle = new Measurement("spawn", "process", 100_000, 0, Env.current(), Measurement.OK, "",
                Map.of("bytesPerProcess", 620.0), List.of(new Run(1, true, "cold", Map.of("bytesPerProcess", 1_085.0)),
                new Run(2, false, "measured", Map.of("bytesPerProcess", 620.0)), new Run(3, false, "measured", Map.of("bytesPerProcess", 621.0))),
                List.of(), Measurement.STEADY, Map.of("bytesPerProcess", Spread.of(620.0, 621.0)));
        assertThat(ReaderCell.relate(2_115, "bytesPerProcess", "an idle process", idle)).contains("nearer the protocol's cold runs",
                "the share of the units that ran before the JIT compiled their code");
    }

    @Test
    void aCellAboveAWarmFigureWithoutItsColdOneNamesTheJit() {
        String above = ReaderCell.relateToWarm(9_770, "nsPerMessage", "a message", 1_190, "one child JVM, its last batch once three agree");
        assertThat(above).contains("8.2× the protocol's", "your cell is one cold run in a fresh JVM", "untilSteady",
                "both sides are one VM each").doesNotContain("collection inside your timed window");
        assertThat(ReaderCell.relateToWarm(900, "nsPerMessage", "a message", 1_190, "one child JVM")).doesNotContain("cold run");
        assertThat(ReaderCell.relateToWarm(9_770, "bytesPerProcess", "a process", 1_190, "one child JVM")).doesNotContain("cold run");
        assertThat(ReaderCell.relate(9_770, "nsPerMessage", "a message", 1_190, false, "one child JVM")).doesNotContain("cold run");
        assertThat(ReaderCell.relateToWarm(9_770, "nsPerMessage", "a message", Double.NaN, "one child JVM"))
                .contains("the protocol has no figure to set it beside");
    }

    @Test
    void aFasterFigureOutsideNamesNoColdRunNorCollection() {
        String s = ReaderCell.relate(1_000, "nsPerHop", "a hop", threeVms());
        assertThat(s).contains("0.43× the protocol's, outside its interval", "your cell is one VM")
                .doesNotContain("cold runs:", "nearer the protocol's cold", "collection inside your timed window");
    }

    @Test
    void againstOneVmTheRangeOfItsMeasuredRunsDecides() {
        Measurement one = vm("process", 25_000, 2_200, 2_400, 2_300);
        assertThat(ReaderCell.relate(2_250, "nsPerHop", "a hop", one))
                .contains("steady in one VM", "inside the range of its measured runs");
        assertThat(ReaderCell.relate(3_000, "nsPerHop", "a hop", one))
                .contains("outside the range of its measured runs", "both sides are one VM each");
    }

    /**
     * A spawn's protocol judges the time per spawn; its bytes per process can read the same in every
     * measured run while the times disagree. The sentence names the metric the label belongs to, and
     * says the measured runs of this one all read the same figure (naming it) rather than that there was one.
     */
    @Test
    void anotherMetricThanTheJudgedOneNamesIt() {
        Measurement spawn = Measurement.of(ExperimentSpec.of("spawn", 10_000), Env.current(), SpawnRuns.of(2_300, 736, 9_000, 700, 1_500, 800),
                Measurement.SCATTERED, List.of());
        assertThat(spawn.judged()).isEqualTo("nsPerSpawn");
        assertThat(spawn.summaryOf()).startsWith("MEASURED RUNS DISAGREE on nsPerSpawn:");
        assertThat(ReaderCell.relate(2_400, "bytesPerProcess", "an idle process", spawn))
                .contains("measured runs disagree on nsPerSpawn in one VM",
                        "the protocol's measured runs all read 736 B, so no range holds yours")
                .doesNotContain("one figure has no range");
        assertThat(ReaderCell.relate(1_000, "nsPerSpawn", "a spawn", spawn)).contains("measured runs disagree in one VM")
                .doesNotContain(" on nsPerSpawn");
    }

    @Test
    void aWholeVmPeakAboveTheProtocolsNamesJShellAndNoPerUnitReason() {
        Measurement peak = new Measurement("tasks", "virtual", 10_000, 0, Env.current(), Measurement.OK, "",
                Map.of("peakRssBytes", 80e6), List.of(new Run(1, true, "cold", Map.of("peakRssBytes", 80e6))), List.of(),
                Measurement.STEADY, Map.of("peakRssBytes", Spread.of(80e6)));
        assertThat(ReaderCell.relate(230e6, "peakRssBytes", "the peak", peak)).contains("the protocol's one figure has no range to hold yours")
                .contains("a %fresh JVM also runs JShell").doesNotContain("fixed costs divided by n");
        assertThat(ReaderCell.relate(60e6, "peakRssBytes", "the peak", peak)).doesNotContain("JShell");
        assertThat(ReaderCell.relate(20_000, "nsPerHop", "a hop", threeVms())).contains("fixed costs divided by n");
    }

    @Test
    void beamHereIsWordedAsABeamVmWithoutTheJit() {
        String s = ReaderCell.relate(20_000, "nsPerHop", "a hop", vm("beam", 25_000, 900, 950));
        assertThat(s).startsWith("your cell: 20 µs for a hop, one fresh BEAM VM")
                .contains("a first run in a fresh BEAM VM").doesNotContain("JIT");
    }

    @Test
    void aCellWithoutAFigureAndAFailedProtocolSaySo() {
        assertThat(ReaderCell.relate(Double.NaN, "nsPerHop", "a hop", threeVms()))
                .startsWith("your cell: no figure for a hop").contains("Your cell has no figure where the protocol has one");
        assertThat(ReaderCell.relate(2_000, "nsPerHop", "a hop", Measurement.failed(RING, "out of memory: ...")))
                .contains("the protocol has no figure (out of memory: ...)");
        assertThat(ReaderCell.relate(2_000, "nsPerHop", "a hop", (Measurement) null)).contains("the protocol did not run");
        assertThat(ReaderCell.relate(2_000, "a round trip", (LoadRow) null)).contains("the protocol has no such row");
    }

    @Test
    void aSectionGivesTheMeasurementOfTheExperimentAndKindAsked() {
        Measurement beam = vm("beam", 3_000, 1_000, 1_100);
        Section section = new Section(new Grid("t", List.of()), null, List.of(), List.of(MeasurementJson.tree(vm("process", 25_000, 2_200, 2_400)),
                MeasurementJson.tree(beam)));
        assertThat(ReaderCell.relate(1_050, "nsPerHop", "a hop", section, Experiments.RING, Kind.BEAM)).contains("one fresh BEAM VM", "inside");
        assertThat(ReaderCell.relate(1_050, "nsPerHop", "a hop", section, Experiments.SPAWN, Kind.PROCESS))
                .contains("the section holds no spawn measurement by process");
    }

    @Test
    void twoKindsBehindOneSectionAreComparedOnlyAsFarAsTheirIntervalsAllow() {
        Section oneVmEach = new Section(new Grid("t", List.of()), null, List.of(), List.of(MeasurementJson.tree(vm("process", 25_000, 2_200, 2_400)),
                MeasurementJson.tree(vm("virtual", 25_000, 3_000, 3_100))));
        assertThat(Loomlab.verdictIn(oneVmEach, Experiments.RING, "nsPerHop", Kind.VIRTUAL, Kind.PROCESS))
                .startsWith("nsPerHop: the raw virtual thread ").contains("the toolkit process", "no interval to say which is faster")
                .doesNotContain(", faster", ", slower");
        assertThat(Loomlab.verdictIn(oneVmEach, Experiments.RING, "nsPerHop", Kind.BEAM, Kind.PROCESS))
                .isEqualTo("the section holds no ring measurement by beam to compare");
        Section forked = new Section(new Grid("t", List.of()), null, List.of(), List.of(MeasurementJson.tree(threeVms()),
                MeasurementJson.tree(Measurement.forked(RING.withKind(Kind.VIRTUAL), List.of(vm("virtual", 25_000, 9_000, 9_100),
                        vm("virtual", 25_000, 9_200, 9_300), vm("virtual", 25_000, 9_400, 9_300)),
                        ForkPolicy.adaptive(3, Duration.ZERO, 0.1), ForkProtocol.Stop.FIXED))));
        assertThat(Loomlab.verdictIn(forked, Experiments.RING, "nsPerHop", Kind.VIRTUAL, Kind.PROCESS)).contains("faster", "do not overlap");
    }

    @Test
    void aSectionGivesTheMeasurementWithTheMAsked() {
        Measurement small = vm("process", 25_000, 2_200, 2_400);
        Measurement big = new Measurement("ring", "process", RING.n(), 100, Env.current(), Measurement.OK, "",
                Map.of("nsPerHop", 9_000.0), small.runs(), List.of(), Measurement.STEADY, Map.of("nsPerHop", Spread.of(9_000.0, 9_100.0)));
        Section section = new Section(new Grid("t", List.of()), null, List.of(), List.of(MeasurementJson.tree(small), MeasurementJson.tree(big)));
        assertThat(ReaderCell.relate(9_050, "nsPerHop", "a hop", section, Experiments.RING, Kind.PROCESS, 100)).contains("9.05 µs", "inside");
        assertThat(ReaderCell.relate(9_050, "nsPerHop", "a hop", section, Experiments.RING, Kind.PROCESS, 1)).contains("outside");
        assertThat(ReaderCell.relate(9_050, "nsPerHop", "a hop", section, Experiments.RING, Kind.PROCESS, 7))
                .contains("the section holds no ring measurement by process with m = 7");
    }

    @Test
    void aSectionGivesTheMeasurementWhoseNIsNearestTheCells() {
        Section tiers = new Section(new Grid("t", List.of()), null, List.of(), List.of(
                MeasurementJson.tree(atN(10_000, vm("process", 25_000, 2_200, 2_400))),
                MeasurementJson.tree(atN(100_000, vm("process", 25_000, 9_000, 9_100)))));
        assertThat(ReaderCell.relateNearN(2_300, "nsPerHop", "a hop", tiers, Experiments.RING, Kind.PROCESS, 10_000))
                .contains("n = 10,000", "inside");
        assertThat(ReaderCell.relateNearN(2_300, "nsPerHop", "a hop", tiers, Experiments.RING, Kind.PROCESS, 70_000))
                .contains("n = 100,000", "outside", "your cell's n is 70,000, the protocol's 100,000");
        assertThat(ReaderCell.relateNearN(3_000, "nsPerHop", "a hop", tiers, Experiments.RING, Kind.PROCESS, 10_000))
                .as("the same n is no reason").contains("outside").doesNotContain("n is", "n was not");
        assertThat(ReaderCell.relateNearN(2_300, "nsPerHop", "a hop", tiers, Experiments.RING, Kind.PROCESS, 55_000))
                .as("the larger n of two as near").contains("n = 100,000");
        assertThat(ReaderCell.relate(2_300, "nsPerHop", "a hop", tiers, Experiments.RING, Kind.PROCESS)).contains("n = 100,000");
    }

    @Test
    void aFlagsChangeIsTheDifferenceBetweenTwoCells() {
        assertThat(ReaderCell.change(90e6, 100e6, "-XX:+UseSerialGC", "peakRssBytes", "the peak"))
                .startsWith("the peak: ").contains("with -XX:+UseSerialGC", "changed it by -", "(-10%)", "one fresh JVM each");
        assertThat(ReaderCell.change(Double.NaN, 100e6, "-Xmx8m", "peakRssBytes", "the peak"))
                .contains("no figure from the cell with -Xmx8m");
    }

    @Test
    void aLoadRowIsOneWarmVmAndAStarvedRowSaysItStarved() {
        LoadRow row = new LoadRow("platform", 10, 1, 2, LoadRow.OK, false, 100, 500, 500, 20, 40, 90, 25, 1e8, 1e9, 1e8,
                List.of(), "");
        assertThat(ReaderCell.relate(22_000, "a round trip", row)).contains("platform with 10 busy loops, warmed up",
                "inside the range of its round trips from p50 to p99");
        assertThat(ReaderCell.relate(50_000, "a round trip", row)).contains("outside the range of its round trips from p50 to p99")
                .doesNotContain("measured runs");
        LoadRow starved = new LoadRow("virtual", 4, 2, 2, LoadRow.STARVED, true, 2000, 0, 500, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, 1e8, 1e9, 1e8, List.of(), "");
        assertThat(ReaderCell.relate(Double.NaN, "a round trip", starved)).startsWith("your cell: no figure")
                .contains("virtual, 4 loops", "Neither completed a round trip: the cell and the protocol agree");
    }

    @Test
    void aLoadRowOverFreshVmsAndASlopeOverVmPassesCarryTheirIntervals() {
        List<LoadRow> vms = List.of(20.0, 22.0, 24.0).stream().map(p -> new LoadRow("platform", 10, 1, 2, LoadRow.OK, false, 100,
                500, 500, p, 2 * p, 3 * p, p, 1e8, 1e9, 1e8, List.of(), "")).toList();
        assertThat(ReaderCell.relate(22_000, "a round trip", LoadRow.acrossVms(vms)))
                .contains("over 3 fresh JVMs, platform with 10 busy loops, warmed up, the median of their means", "inside its interval")
                .as("the VMs named once").containsOnlyOnce("fresh JVMs");
        assertThat(ReaderCell.relate(2.1, "nsPerBusyLoop", "each extra busy loop", dev.loomlab.measure.Interval.of(1.9, 2.0, 2.2),
                false, "one slope per pass of fresh JVMs")).contains("[", "over 3 fresh JVMs", "one slope per pass of fresh JVMs",
                "inside its interval");
    }

    @Test
    void aSingleFigureIsOneVmBesideOneVm() {
        String s = ReaderCell.relate(900, "bytesPerProcess", "a hibernated process", 880, false, "one fresh JVM, heap after GC / n");
        assertThat(s).startsWith("your cell: ").contains("for a hibernated process, one fresh JVM; the protocol: ",
                "one fresh JVM, heap after GC / n", "1.0× (+2.3%) the protocol's; the protocol's one figure has no range to hold yours",
                "both sides are one VM each").doesNotContain("outside");
        assertThat(ReaderCell.relate(880, "bytesPerProcess", "a hibernated process", 880, true, "one fresh BEAM VM"))
                .contains("one fresh BEAM VM", "the same figure: the cell and the protocol agree");
        assertThat(ReaderCell.relate(880, "bytesPerProcess", "a process", Double.NaN, false, "did not run"))
                .endsWith("the protocol has no figure to set it beside (did not run)");
        assertThat(ReaderCell.relate(5_000, "nsPerMessage", "a message", 1_000, false, "one child JVM"))
                .contains("no range to hold yours").doesNotContain("collection");
    }
}
