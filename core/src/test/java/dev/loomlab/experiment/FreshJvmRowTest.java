package dev.loomlab.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class FreshJvmRowTest {

    @Test
    void aRowsJvmWarmsUpForTheRowsBudgetAndKeepsItsMeasuredRuns() {
        ExperimentSpec spec = FreshJvm.withRowBudget(ExperimentSpec.of("spawn", 1_000).withRepeat(4));
        assertThat(spec.warmupPolicy().budget()).isEqualTo(FreshJvm.ROW_WARMUP_BUDGET);
        assertThat(spec.warmupPolicy().measured()).isEqualTo(4);
        assertThat(spec.warmupPolicy().describe()).contains("at most " + FreshJvm.ROW_WARMUP_BUDGET.toMillis() + " ms");
    }

    @Test
    void aSpecThatNamesItsOwnWarmUpKeepsIt() {
        ExperimentSpec fixed = ExperimentSpec.of("spawn", 1_000).withFixedRuns(2);
        assertThat(FreshJvm.withRowBudget(fixed)).isEqualTo(fixed);
        ExperimentSpec longer = ExperimentSpec.of("spawn", 1_000).withWarmup(Duration.ofSeconds(20), 3);
        assertThat(FreshJvm.withRowBudget(longer).warmupPolicy().budget()).isEqualTo(Duration.ofSeconds(20));
    }
}
