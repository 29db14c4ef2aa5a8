package dev.loomlab.beam;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Kind;
import dev.loomlab.measure.ForkPolicy;
import dev.loomlab.measure.ForkProtocol;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Run;
import dev.loomlab.measure.Env;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Three columns, JVM here, BEAM here, BEAM published; ratios against BEAM here; verdicts from the runs. */
class BeamBesideTest {

    private static final Env ENV = Env.current();
    private static final ExperimentSpec SPEC = ExperimentSpec.of("spawn", 100_000).withFixedRuns(3);
    private static final Measurement JVM = Measurement.of(SPEC, ENV, List.of(
            new Run(1, true, Map.of("bytesPerProcess", 900.0)), new Run(2, false, Map.of("bytesPerProcess", 800.0)),
            new Run(3, false, Map.of("bytesPerProcess", 800.0))), List.of());
    private static final Measurement BEAM = BeamResults.measurement(SPEC.withKind(Kind.BEAM), ENV,
            BeamResultsTest.fixture("spawn-3-runs.json"));

    @Test
    void beamHereComesFirstThenTheJvmTheRatioAgainstBeamHereAndThePublishedFigure() {
        var table = new BeamBeside(JVM, BEAM).grid();
        assertThat(table.columnNames()).containsExactly("metric", "BEAM here", "JVM here (process)", "JVM / BEAM here",
                "on this machine", "BEAM published", "published at, source");
        int row = table.texts("metric").indexOf("bytesPerProcess");
        double here = BEAM.bytesPerProcess();
        assertThat(table.number(row, "JVM / BEAM here")).isEqualTo(Math.round(800 / here * 100) / 100.0);
        assertThat(table.texts("on this machine").get(row)).isEqualTo("no interval");
        assertThat(table.number(row, "BEAM published")).isEqualTo(2666.0);
        assertThat(table.texts("metric")).contains("processInfoBytesPerProcess");
    }

    @Test
    void overFreshVmsTheCellsCarryTheirIntervalsAndTheVerdictRestsOnThem() {
        Measurement jvm = forked(Kind.PROCESS, 800, 810, 790);
        Measurement beam = forked(Kind.BEAM, 2_600, 2_640, 2_620);
        var beside = new BeamBeside(jvm, beam);
        var table = beside.grid();
        assertThat(table.columnNames()).contains("BEAM here (3 VMs)", "JVM here (process, 3 VMs)");
        assertThat(table.texts("JVM here (process, 3 VMs)").get(0)).startsWith("800 [");
        assertThat(table.texts("on this machine").get(0)).isEqualTo("JVM lighter");
        assertThat(beside.verdict("bytesPerProcess", "an idle process")).startsWith("on this machine, an idle process: BEAM here 2.56 KiB [")
                .contains("lighter (the intervals do not overlap)").contains("published on another machine");
        var close = new BeamBeside(forked(Kind.PROCESS, 2_500, 2_700, 2_600), beam);
        assertThat(close.grid().texts("on this machine").get(0)).isEqualTo("not distinguishable");
        assertThat(close.verdict("bytesPerProcess", "an idle process")).contains("not distinguishable on this machine in this run");
    }

    private static Measurement forked(Kind kind, double... perVm) {
        ExperimentSpec spec = SPEC.withKind(kind);
        List<Measurement> vms = java.util.Arrays.stream(perVm).mapToObj(v -> new Measurement("spawn", kind.label(), SPEC.n(), 0,
                ENV, Measurement.OK, "", Map.of("bytesPerProcess", v), List.of(new Run(1, true, Map.of("bytesPerProcess", v))),
                List.of(), Measurement.STEADY, Map.of())).toList();
        return Measurement.forked(spec, vms, ForkPolicy.adaptive(3, java.time.Duration.ZERO, 0.1), ForkProtocol.Stop.FIXED);
    }

    @Test
    void theVerdictsSayOnThisMachineAndComeFromTheRuns() {
        var verdicts = new BeamBeside(JVM, BEAM).verdicts().columns().get(0).values().stream().map(String::valueOf).toList();
        assertThat(verdicts.get(0)).startsWith("bytesPerProcess, on this machine: BEAM here ")
                .contains("the JVM (process) 800 B")
                .contains("no interval to say which is lighter")
                .contains("published on another machine");
        assertThat(verdicts).anyMatch(v -> v.startsWith("BEAM here: the median of runs 2 to 3"));
        assertThat(new BeamBeside(JVM, BEAM).grids()).hasSize(2); // the comparison and the verdicts
        assertThat(new BeamBeside(JVM, BEAM).details()).hasSize(2); // every run of each side, collapsed
    }

    @Test
    void withoutErlangTheBeamHereColumnSaysHowToInstallIt() {
        var beside = new BeamBeside(JVM, Measurement.failed(SPEC.withKind(Kind.BEAM), BeamHere.MISSING));
        var table = beside.grid();
        assertThat(table.texts("BEAM here")).allMatch(c -> c.contains("apt-get install erlang-nox"));
        assertThat(java.util.stream.IntStream.range(0, table.rowCount()).mapToDouble(r -> table.number(r, "JVM / BEAM here")))
                .allMatch(v -> Double.isNaN(v));
        assertThat(beside.verdicts().columns().get(0).values()).anyMatch(v -> String.valueOf(v).contains("apt-get install erlang-nox"));
    }

    @Test
    void aBeamRunThatFailedSaysWhatStoppedIt() {
        Measurement killed = BeamResults.failed(SPEC.withKind(Kind.BEAM), ENV, "killed at its deadline: too slow", List.of());
        var beside = new BeamBeside(JVM, killed);
        assertThat(beside.grid().texts("BEAM here").get(0)).isEqualTo("killed at its deadline: too slow");
        assertThat(beside.verdicts().columns().get(0).values()).anyMatch(v -> String.valueOf(v).contains("did not finish"));
    }
}
