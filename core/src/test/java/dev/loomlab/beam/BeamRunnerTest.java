package dev.loomlab.beam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Whatever the VM does, the caller gets a row: a VM that overruns is killed at its deadline, one
 * that crashes or prints nonsense is a failed row. Stand-in commands play the VM, so no Erlang is needed.
 */
class BeamRunnerTest {

    private static final ExperimentSpec SPEC = ExperimentSpec.of("spawn", 1_000).withKind(Kind.BEAM)
            .withDeadline(Duration.ofMillis(500));

    @Test
    void aVmPastItsDeadlineIsKilledAndItsRowSaysSo() {
        long start = System.nanoTime();
        Measurement m = BeamRunner.run(SPEC, List.of("sleep", "30"), line -> { });
        assertThat(m.outcome()).startsWith("killed at its deadline").contains("500ms");
        assertThat(m.kind()).isEqualTo("beam");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
    }

    @Test
    void aVmThatCrashesGivesARowWithItsExitCodeAndLastWords() {
        Measurement m = BeamRunner.run(SPEC, List.of("sh", "-c",
                "echo 'eheap_alloc: Cannot allocate 4000 bytes of memory' >&2; exit 3"), line -> { });
        assertThat(m.outcome()).startsWith("crashed").contains("code 3").contains("Cannot allocate");
        assertThat(m.metrics()).isEmpty();
    }

    @Test
    void aVmThatPrintsNoJsonOrNothingGivesAFailedRow() {
        assertThat(BeamRunner.run(SPEC, List.of("sh", "-c", "echo hello"), line -> { }).outcome())
                .startsWith("failed").contains("not JSON");
        assertThat(BeamRunner.run(SPEC, List.of("true"), line -> { }).outcome())
                .startsWith("failed").contains("without a result");
    }

    @Test
    void carriersBecomeBeamSchedulersUnlessTheSpecNamesItsOwn() {
        ExperimentSpec spec = ExperimentSpec.of("ring", 1_000).withM(1).withKind(Kind.BEAM).withCarriers(1);
        assertThat(String.join(" ", BeamExperiments.flags(spec))).contains("+S 1");
        assertThat(String.join(" ", BeamExperiments.flags(spec.withOption("schedulers", "2")))).contains("+S 2")
                .doesNotContain("+S 1");
        assertThat(String.join(" ", BeamExperiments.flags(ExperimentSpec.of("ring", 1_000).withKind(Kind.BEAM)))).doesNotContain("+S");
        assertThatThrownBy(() -> spec.withCarriers(0)).hasMessageContaining("--carriers takes 1 to 1024");
    }

    @Test
    void theCommandCarriesTheArticlesFlagsAndTheArguments() {
        ExperimentSpec spec = ExperimentSpec.of("spawn", 2_000_000).withKind(Kind.BEAM).withFixedRuns(3)
                .withOption("minHeapWords", "1").withOption("schedulers", "1");
        List<String> command = BeamRunner.command(Path.of("/usr/bin/erl"), Path.of("/tmp/ebin"),
                BeamExperiments.flags(spec), BeamExperiments.arguments(spec));
        assertThat(String.join(" ", command)).startsWith("/usr/bin/erl -noinput +P 2010000 +S 1 +hms 1 ")
                .endsWith("-extra spawn 2000000 0 3");
        // under the warm-up protocol the VM applies it itself, within a bound on the runs
        assertThat(String.join(" ", BeamExperiments.arguments(ExperimentSpec.of("spawn", 2_000).withRepeat(3)
                .withWarmup(java.time.Duration.ofSeconds(4), 3))))
                .isEqualTo("spawn 2000 0 60 minWarmup=3 window=3 tolerancePerMille=150 measured=3 budgetMillis=4000");
        assertThat(BeamExperiments.processLimit(ExperimentSpec.of("limit", 2_000))).isEqualTo(1_024);
        assertThat(BeamExperiments.processLimit(ExperimentSpec.of("ring", 10).withJvmFlags("-Dloomlab.processLimit=4096")))
                .isEqualTo(4_096);
        assertThat(BeamExperiments.arguments(ExperimentSpec.of("tasks", 10).withOption("sleep", "2s")))
                .contains("sleepMillis=2000");
    }

    @Test
    void experimentsWithoutABeamVersionAndBadLimitsAreRefusedBeforeAnyVmStarts() {
        assertThatThrownBy(() -> BeamExperiments.check("gc-pauses"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no BEAM version")
                .hasMessageContaining("spawn, hibernate").hasMessageContaining("ring-hibernated");
        BeamRunner.validate(ExperimentSpec.of("ring-hibernated", 10).withM(2).withKind(Kind.BEAM));
        assertThatThrownBy(() -> BeamRunner.validate(ExperimentSpec.of("limit", 10).withKind(Kind.BEAM)
                .withJvmFlags("-Dloomlab.processLimit=100"))).hasMessageContaining("+P is at least 1,024");
        assertThatThrownBy(() -> BeamRunner.validate(ExperimentSpec.of("spawn", 10_000_000).withKind(Kind.BEAM)))
                .hasMessageContaining("cap");
    }
}
