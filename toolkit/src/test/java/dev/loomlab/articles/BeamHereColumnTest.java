package dev.loomlab.articles;

import dev.loomlab.beam.BeamHere;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.beam.Erlang;
import dev.loomlab.view.Section;
import dev.loomlab.display.Tables;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.util.Progress;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Without Erlang the BEAM-here column is one line saying how to install it, nothing starts for it,
 * and the JVM side of the same table runs as before. Erlang is hidden by pointing {@code loomlab.erl}
 * at a path that does not exist.
 */
class BeamHereColumnTest {

    private String before;

    @BeforeEach
    void hideErlang() {
        before = System.getProperty(Erlang.PROPERTY);
        System.setProperty(Erlang.PROPERTY, "/nonexistent/loomlab-test/erl");
    }

    @AfterEach
    void restore() {
        if (before == null) {
            System.clearProperty(Erlang.PROPERTY);
        } else {
            System.setProperty(Erlang.PROPERTY, before);
        }
    }

    @Test
    void withoutErlangTheCellIsTheInstallLineAndNothingStarts() {
        Measurement m = BeamHere.row(ExperimentSpec.of("spawn", 1_000), line -> {
            throw new AssertionError("nothing should run: " + line);
        });
        assertThat(m.kind()).isEqualTo("beam");
        assertThat(m.ok()).isFalse();
        assertThat(BeamHere.cell(m, "bytesPerProcess")).isEqualTo(BeamHere.MISSING)
                .startsWith("not installed: install Erlang: sudo apt-get install erlang-nox").doesNotContain("\n");
        assertThat(BeamHere.value(m, "bytesPerProcess")).isNaN();
        assertThat(BeamHere.verdict("an idle toolkit process", 1_234, m, "bytesPerProcess", 2_632))
                .isEqualTo("On this machine, an idle toolkit process: BEAM here: " + BeamHere.MISSING + "; the JVM 1.21 KiB.");
    }

    @Test
    void withoutErlangTheTableStillHasEveryJvmFigureAndTheColumnSaysHowToInstall() {
        Section r = Karui.idleScaling(new int[] {200}, Progress.SILENT);
        assertThat(Tables.from(r.grid()).stringColumn("JVM bytes / process").get(0)).as("the median and its interval over fresh JVMs")
                .matches("[0-9,.]+ \\[[0-9,.]+, [0-9,.]+\\]");
        assertThat(Tables.from(r.grid()).stringColumn("BEAM here bytes / process").get(0)).isEqualTo(BeamHere.MISSING);
        assertThat(Tables.from(r.grid()).doubleColumn("JVM / BEAM here (memory)").isMissing(0)).isTrue();
        assertThat(Tables.from(r.grid()).doubleColumn("JVM / BEAM article (memory)").get(0)).isPositive();
        assertThat(r.notes().get(0)).contains("BEAM here: " + BeamHere.MISSING);
    }

    @Test
    void theVerdictPutsBeamHereFirstAndThePublishedFigureAfterAsAnotherMachine() {
        Measurement beam = new Measurement("spawn", "beam", 1_000, 0, null, "ok", "steady",
                java.util.Map.of("bytesPerProcess", 2_500.0), java.util.List.of(), java.util.List.of());
        assertThat(BeamHere.verdict("an idle toolkit process", 1_250, beam, "bytesPerProcess", 2_632))
                .isEqualTo("On this machine, an idle toolkit process: BEAM here 2.44 KiB (one VM), the JVM 1.22 KiB (one VM): "
                        + "the JVM is 0.50× BEAM here, each measured in one VM: no interval to say which is lighter; "
                        + "the BEAM figure published on another machine is 2.57 KiB: the JVM would be 0.47× it.");
        assertThat(BeamHere.ratio(1_250, beam, "bytesPerProcess")).isEqualTo(0.5);
    }
}
