package dev.loomlab.runs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.experiment.ExperimentSpec;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RunsTest {

    @Test
    void aRunnersJvmWarmsUpForTheRunnersBudgetAndKeepsItsMeasuredRuns() {
        ExperimentSpec spec = Runs.withRunnerBudget(ExperimentSpec.of("spawn", 1_000).withRepeat(4));
        assertThat(spec.warmupPolicy().budget()).isEqualTo(Runs.WARMUP_BUDGET);
        assertThat(spec.warmupPolicy().measured()).isEqualTo(4);
        assertThat(spec.warmupPolicy().describe()).contains("at most " + Runs.WARMUP_BUDGET.toMillis() + " ms");
    }

    @Test
    void aSpecThatNamesItsOwnWarmUpKeepsIt() {
        ExperimentSpec fixed = ExperimentSpec.of("spawn", 1_000).withFixedRuns(2);
        assertThat(Runs.withRunnerBudget(fixed)).isEqualTo(fixed);
        ExperimentSpec longer = ExperimentSpec.of("spawn", 1_000).withWarmup(Duration.ofSeconds(20), 3);
        assertThat(Runs.withRunnerBudget(longer).warmupPolicy().budget()).isEqualTo(Duration.ofSeconds(20));
    }
}
