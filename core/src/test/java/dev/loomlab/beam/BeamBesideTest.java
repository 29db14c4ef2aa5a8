package dev.loomlab.beam;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Kind;
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
    void theRatioIsAgainstBeamHereWithThePublishedRatioBesideIt() {
        var table = new BeamBeside(JVM, BEAM, null).grid();
        assertThat(table.columnNames()).containsSubsequence("JVM here (process)", "BEAM here", "BEAM published",
                "JVM / BEAM here", "JVM / BEAM published");
        int row = table.texts("metric").indexOf("bytesPerProcess");
        double here = BEAM.bytesPerProcess();
        assertThat(table.number(row, "JVM / BEAM here")).isEqualTo(Math.round(800 / here * 100) / 100.0);
        assertThat(table.number(row, "BEAM published")).isEqualTo(2666.0);
        assertThat(table.number(row, "JVM / BEAM published")).isEqualTo(Math.round(800 / 2666.0 * 100) / 100.0);
        assertThat(table.texts("metric")).contains("processInfoBytesPerProcess");
    }

    @Test
    void theVerdictsSayOnThisMachineAndComeFromTheRuns() {
        var verdicts = new BeamBeside(JVM, BEAM, null).verdicts().columns().get(0).values().stream().map(String::valueOf).toList();
        assertThat(verdicts.get(0)).startsWith("bytesPerProcess: on this machine the JVM (process) measured 800")
                .contains(String.format("%.2f× BEAM here", 800 / BEAM.bytesPerProcess()))
                .contains("published on another machine");
        assertThat(verdicts).anyMatch(v -> v.startsWith("BEAM here: the median of runs 2 to 3"));
        assertThat(new BeamBeside(JVM, BEAM, null).grids()).hasSize(4);
    }

    @Test
    void withoutErlangTheBeamColumnSaysHowToInstallIt() {
        var beside = new BeamBeside(JVM, null, Erlang.missing());
        var table = beside.grid();
        assertThat(table.texts("BEAM here")).allMatch(c -> c.contains("apt-get install erlang-nox"));
        assertThat(java.util.stream.IntStream.range(0, table.rowCount()).mapToDouble(r -> table.number(r, "JVM / BEAM here")))
                .allMatch(v -> Double.isNaN(v));
        assertThat(beside.verdicts().columns().get(0).values()).anyMatch(v -> String.valueOf(v).contains("apt-get install erlang-nox"));
    }

    @Test
    void aBeamRunThatFailedSaysWhatStoppedIt() {
        Measurement killed = BeamResults.failed(SPEC.withKind(Kind.BEAM), ENV, "killed at its deadline: too slow", List.of());
        var beside = new BeamBeside(JVM, killed, null);
        assertThat(beside.grid().texts("BEAM here").get(0)).isEqualTo("killed at its deadline: too slow");
        assertThat(beside.verdicts().columns().get(0).values()).anyMatch(v -> String.valueOf(v).contains("did not finish"));
    }
}
