package dev.loomlab.beam;

import dev.loomlab.experiment.FreshJvm;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.loomlab.experiment.Experiment;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.load.LoadKind;
import dev.loomlab.load.LoadRow;
import dev.loomlab.load.LoadSpec;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Small BEAM measurements, for real, in a fresh erl each: the Erlang side compiles, runs and reports
 * every experiment that has a BEAM version. Skipped (with the install hint) where Erlang is missing;
 * {@code .ci/run} installs it. No timing is asserted.
 */
class BeamIntegrationTest {

    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @BeforeAll
    static void needsErlang() {
        assumeTrue(Erlang.installed().isPresent(), Erlang::missing);
    }

    private static Measurement beam(ExperimentSpec spec) {
        return FreshJvm.run(spec.withKind(Kind.BEAM).withDeadline(DEADLINE), line -> { });
    }

    @Test
    void idleProcessesAreWeighedByTheVmAndByProcessInfoInEveryRun() {
        Measurement m = beam(ExperimentSpec.of("spawn", 1_000).withFixedRuns(2));
        assertThat(m.outcome()).isEqualTo("ok");
        assertThat(m.kind()).isEqualTo("beam");
        assertThat(m.runs()).hasSize(2);
        assertThat(m.runs().get(0).cold()).isTrue();
        assertThat(m.metric("processInfoBytesPerProcess")).isGreaterThan(0);
        assertThat(m.metric("bytesPerProcess")).isGreaterThan(0);
        assertThat(m.metric("nsPerSpawn")).isGreaterThan(0);
        assertThat(m.notes().get(0)).contains("Erlang/OTP");
    }

    @Test
    void idleMemoryAtSmallNReadsTheSameInEveryRunOfOneVm() {
        // processes_used counts live processes only; processes (allocated) also holds the process
        // structures kept from the previous run, so it drops after run 1: both are reported
        Measurement m = beam(ExperimentSpec.of("spawn", 1_000).withFixedRuns(4));
        double first = m.runs().get(0).metrics().get("bytesPerProcess");
        assertThat(m.runs()).allSatisfy(r -> assertThat(r.metrics().get("bytesPerProcess")).isBetween(first * 0.9, first * 1.1));
        assertThat(m.runs()).allSatisfy(r -> assertThat(r.metrics()).containsKey("allocatedBytesPerProcess"));
    }

    @Test
    void underTheWarmUpProtocolTheVmStopsOnceTheMeasuredRunsFollowASteadyWindow() {
        // a hibernated process's bytes, the metric its protocol judges, read the same in every run of
        // one VM at small n, so the first window is steady: 3 warm-up runs (the cold one included), then 2 measured
        Measurement m = beam(ExperimentSpec.of("hibernate", 1_000).withRepeat(2));
        assertThat(m.judged()).isEqualTo("bytesPerProcess");
        assertThat(m.steadiness()).isEqualTo(Measurement.STEADY);
        assertThat(m.runs()).extracting(r -> r.phase()).containsExactly("cold", "warmup", "warmup", "measured", "measured");
    }

    @Test
    void bothSidesJudgeTheSameMetricOfEveryExperimentTheyBothRepeat() throws Exception {
        // the warm-up protocol judges a run's first metric, in Experiments.runHere and in loomlab_beam.erl
        for (Experiment experiment : List.of(Experiments.SPAWN, Experiments.HIBERNATE, Experiments.STATE,
                Experiments.RING, Experiments.BROADCAST, Experiments.PINGPONG)) {
            ExperimentSpec spec = ExperimentSpec.of(experiment, 200).withM(2);
            String jvm = experiment.runOnce(spec, line -> { }).keySet().iterator().next();
            Measurement beam = beam(spec.withFixedRuns(1));
            assertThat(beam.runs()).as(experiment.name()).isNotEmpty();
            assertThat(beam.runs().get(0).metrics().keySet().iterator().next()).as(experiment.name()).isEqualTo(jvm);
        }
    }

    @Test
    void theHibernatedRingCarriesTheTokenRoundProcessesThatHibernateBetweenMessages() {
        Measurement ring = beam(ExperimentSpec.of("ring-hibernated", 1_000).withM(3).withFixedRuns(2));
        assertThat(ring.outcome()).isEqualTo("ok");
        assertThat(ring.experiment()).isEqualTo("ring-hibernated");
        assertThat(ring.metric("nsPerHop")).isGreaterThan(0);
        assertThat(ring.notes()).anyMatch(n -> n.contains("erlang:hibernate/3"));
    }

    @Test
    void aHibernatedProcessHasASmallerHeapThanAnIdleOne() {
        Measurement idle = beam(ExperimentSpec.of("spawn", 200));
        Measurement hibernated = beam(ExperimentSpec.of("hibernate", 200));
        assertThat(hibernated.outcome()).isEqualTo("ok");
        assertThat(hibernated.metric("heapWords")).isLessThan(idle.metric("heapWords"));
        assertThat(hibernated.metric("processInfoBytesPerProcess")).isLessThan(idle.metric("processInfoBytesPerProcess"));
    }

    @Test
    void messagesGoRoundTheRingToEveryoneAndBackAndForth() {
        Measurement ring = beam(ExperimentSpec.of("ring", 1_000).withM(2));
        Measurement broadcast = beam(ExperimentSpec.of("broadcast", 1_000));
        Measurement pingPong = beam(ExperimentSpec.of("pingpong", 1_000));
        assertThat(List.of(ring, broadcast, pingPong)).allMatch(m -> m.outcome().equals("ok"));
        assertThat(ring.metric("nsPerHop")).isGreaterThan(0);
        assertThat(broadcast.metric("nsPerMessage")).isGreaterThan(0);
        assertThat(pingPong.metric("roundTripNsP99")).isGreaterThanOrEqualTo(pingPong.metric("roundTripNsP50"));
        assertThat(pingPong.metric("roundTripNsMax")).isGreaterThanOrEqualTo(pingPong.metric("roundTripNsP99"));
    }

    @Test
    void stateGrowsWithTheListAndSleepingTasksReportTheVmsPeak() {
        Measurement state = beam(ExperimentSpec.of("state", 100).withM(1_000));
        assertThat(state.outcome()).isEqualTo("ok");
        assertThat(state.metric("processInfoBytesPerProcess")).isGreaterThan(1_000 * 16);
        Measurement tasks = beam(ExperimentSpec.of("tasks", 1_000).withOption("sleep", "200ms"));
        assertThat(tasks.outcome()).isEqualTo("ok");
        assertThat(tasks.metric("peakRssBytes")).isGreaterThan(0);
        assertThat(tasks.metric("peakRssBytes")).isGreaterThanOrEqualTo(tasks.metric("rssAsleepBytes"));
    }

    @Test
    void theProcessLimitRefusesAtExactlyPlusPAndElsewhereBecomesASystemLimitRow() {
        Measurement limit = beam(ExperimentSpec.of("limit", 2_000));
        assertThat(limit.outcome()).isEqualTo("ok");
        assertThat(limit.metric("refused")).isEqualTo(1.0);
        assertThat(limit.metric("liveProcesses")).isEqualTo(1_024.0);
        Measurement spawn = beam(ExperimentSpec.of("spawn", 2_000).withJvmFlags("-Dloomlab.processLimit=1024"));
        assertThat(spawn.outcome()).startsWith("system_limit").contains("1024");
    }

    @Test
    void busyProcessesOnOneSchedulerSlowTheRoundTripButNeverStarveIt() {
        LoadSpec spec = new LoadSpec(List.of(LoadKind.BEAM), List.of(4), 50, Duration.ofSeconds(20), 1, List.of());
        LoadRow row = BeamLoad.row(spec, 4, line -> { });
        assertThat(row.kind()).isEqualTo("beam");
        assertThat(row.parallelism()).isEqualTo(1);
        assertThat(row.starved()).isFalse();
        assertThat(row.roundsCompleted()).isPositive();
        assertThat(row.perLoopOpsPerSecond()).hasSize(4).allMatch(r -> r > 0);
    }
}
