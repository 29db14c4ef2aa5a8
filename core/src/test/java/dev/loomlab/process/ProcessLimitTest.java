package dev.loomlab.process;

import dev.loomlab.experiment.FreshJvm;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Measurement;
import org.junit.jupiter.api.Test;

/**
 * The limit's error. The limit is fixed when the JVM starts, so this runs the {@code limit}
 * experiment in a child JVM with {@code -Dloomlab.processLimit=1024}, as the article lowered
 * {@code +P} to 1,024.
 */
class ProcessLimitTest {

    @Test
    void spawningPastTheLimitThrowsTooManyProcessesAndTheCountStopsAtTheLimit() {
        Measurement m = FreshJvm.run(ExperimentSpec.of("limit", 2000).withJvmFlags("-Dloomlab.processLimit=1024"),
                line -> { });
        assertThat(m.metric("processLimit")).isEqualTo(1024);
        assertThat(m.metric("liveProcesses")).isEqualTo(1024);
        assertThat(m.metric("refused")).isEqualTo(1);
        assertThat(m.notes()).contains("the error: too many processes: the limit is 1,024 live processes (BEAM's +P). "
                + "Raise it when the JVM starts with -Dloomlab.processLimit=N, or in the CLI with --process-limit N")
                .noneMatch(note -> note.startsWith("the limit is fixed")); // the error already says how to raise it
    }

    @Test
    void underTheLimitNothingIsRefused() {
        Measurement m = FreshJvm.run(ExperimentSpec.of("limit", 100).withJvmFlags("-Dloomlab.processLimit=1024"),
                line -> { });
        assertThat(m.metric("refused")).isZero();
        assertThat(m.metric("liveProcesses")).isEqualTo(100);
        assertThat(m.notes()).anyMatch(note -> note.startsWith("the limit is fixed when the JVM starts"));
    }

    @Test
    void theDefaultLimitIsBeams() {
        assertThat(ProcessLimit.DEFAULT).isEqualTo(1_048_576);
    }

    @Test
    void aLimitBelowOneIsRefusedAtStart() {
        assertThatThrownBy(() -> FreshJvm.run(ExperimentSpec.of("limit", 10).withJvmFlags("-Dloomlab.processLimit=0"),
                line -> { })).hasMessageContaining("must be at least 1");
    }

    @Test
    void theExceptionCarriesTheLimit() {
        ProcessLimitException e = new ProcessLimitException(7);
        assertThat(e.limit()).isEqualTo(7);
        assertThat(e).hasMessageContaining("too many processes").hasMessageContaining("--process-limit");
    }
}
