package dev.loomlab.experiment;

import dev.loomlab.util.Progress;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.NoLeaks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The state experiment at small sizes, in this JVM: memory grows with the list; bad input is refused. */
@ExtendWith(NoLeaks.class)
class StateExperimentTest {

    @Test
    void aBiggerListCostsMorePerProcess() throws Exception {
        Measurement small = Experiments.runHere(ExperimentSpec.of("state", 500).withM(10), Progress.SILENT);
        Measurement big = Experiments.runHere(ExperimentSpec.of("state", 500).withM(2_000), Progress.SILENT);
        assertThat(small.metrics()).containsKeys("bytesPerProcess", "bytesPerElement", "rssBytesPerProcess", "nsPerSpawn");
        assertThat(small.bytesPerProcess()).isPositive();
        // 2,000 distinct boxed integers are at least 16 bytes each: far more than the stateless part
        assertThat(big.bytesPerProcess()).isGreaterThan(small.bytesPerProcess() + 2_000 * 10);
    }

    @Test
    void runsOnRawVirtualThreadsToo() throws Exception {
        Measurement m = Experiments.runHere(ExperimentSpec.of("state", 300).withM(100).withKind(Kind.VIRTUAL), Progress.SILENT);
        assertThat(m.bytesPerProcess()).isPositive();
    }

    @Test
    void badInputIsRefusedClearly() {
        assertThatThrownBy(() -> Experiments.runHere(ExperimentSpec.of("state", 10).withM(-1), Progress.SILENT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("list size (--m)");
        assertThatThrownBy(() -> Experiments.runHere(ExperimentSpec.of("state", 10).withM(5).withKind(Kind.PLATFORM), Progress.SILENT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--kind platform");
        assertThatThrownBy(() -> Experiments.runHere(ExperimentSpec.of("state", 100_000).withM(1_000_000), Progress.SILENT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lower n");
        assertThatThrownBy(() -> Experiments.runHere(ExperimentSpec.of("state", 0).withM(5), Progress.SILENT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 1");
    }

    @Test
    void theListHoldsDistinctObjects() {
        var list = StateExperiment.list(300);
        assertThat(list).hasSize(300);
        assertThat(list.get(0)).isNotSameAs(Integer.valueOf(1_000_000));
    }
}
