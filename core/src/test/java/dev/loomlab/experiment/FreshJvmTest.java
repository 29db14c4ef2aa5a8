package dev.loomlab.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.NoLeaks;
import dev.loomlab.measure.Cap;
import dev.loomlab.util.Progress;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link FreshJvm#attempt}: a child JVM that finishes, overruns its deadline or runs out of heap is always a row. */
@ExtendWith(NoLeaks.class)
class FreshJvmTest {

    @AfterEach
    void restoreCap() {
        Cap.set(Cap.DEFAULT);
    }

    @Test
    void aChildThatFinishesIsItsMeasurement() {
        Measurement m = FreshJvm.attempt(ExperimentSpec.of("spawn", 1_000).withFixedRuns(1), Progress.SILENT);
        assertThat(m.ok()).as(m.outcome()).isTrue();
        assertThat(m.metric("nsPerSpawn")).isPositive();
    }

    @Test
    void aChildKilledAtItsDeadlineIsARowSayingSoAndTheWayOut() {
        Measurement m = FreshJvm.attempt(ExperimentSpec.of("pingpong", 100_000_000).withDeadline(Duration.ofMillis(1500)),
                Progress.SILENT);
        assertThat(m.outcome()).isEqualTo("killed at its deadline: the child JVM for pingpong (kind process, "
                + "n=100,000,000) did not finish within 1.5s and was killed: raise the deadline (--deadline) or lower n");
        assertThat(m.metric("roundTripNsP50")).isNaN();
    }

    @Test
    void aChildOutOfHeapIsARowNamingTheFlag() {
        Cap.lift();
        Measurement m = FreshJvm.attempt(ExperimentSpec.of("spawn", 1_000_000).withJvmFlags("-Xmx32m"), Progress.SILENT);
        assertThat(m.outcome()).isEqualTo("out of memory: the child JVM for spawn (kind process, n=1,000,000) ran out "
                + "of heap (Java heap space) at -Xmx32m: give it more with --jvm-opt -Xmx128m, or lower n");
    }
}
