package dev.loomlab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Run;
import dev.loomlab.measure.Env;
import dev.loomlab.measure.ForkPolicy;
import dev.loomlab.measure.ForkProtocol;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Intervals across fresh VMs in a report's tables, and compare's verdicts between machines, on synthetic results. */
class CompareIntervalsTest {

    private static final Env ENV = Env.current();
    private static final ExperimentSpec RING = ExperimentSpec.of("ring", 1_000).withM(1);

    private static Measurement vm(double nsPerHop) {
        return new Measurement("ring", "process", RING.n(), RING.m(), ENV, Measurement.OK, "", Map.of("nsPerHop", nsPerHop),
                List.of(new Run(1, true, "cold", Map.of("nsPerHop", 9_000.0)), new Run(2, false, "measured", Map.of("nsPerHop", nsPerHop))),
                List.of(), Measurement.STEADY, Map.of());
    }

    private static Measurement ring(double... perVm) {
        if (perVm.length == 1) {
            return vm(perVm[0]);
        }
        return Measurement.forked(RING, Arrays.stream(perVm).mapToObj(CompareIntervalsTest::vm).toList(),
                ForkPolicy.adaptive(perVm.length, Duration.ZERO, 0.1), ForkProtocol.Stop.FIXED);
    }

    private static Measurement spawn() {
        Map<String, Double> metrics = Map.of("bytesPerProcess", 1_000.0, "nsPerSpawn", 2_000.0);
        return Measurement.of(ExperimentSpec.of("spawn", 1_000), ENV, List.of(new Run(1, true, metrics), new Run(2, false, metrics)), List.of());
    }

    private static ResultsFile machine(String label, Measurement ring) {
        List<ReportRow> rows = List.of(ReportRow.ok(ExperimentSpec.of("spawn", 1_000), spawn(), 10), ReportRow.ok(RING, ring, 10));
        return new ResultsFile(label, "2026-01-01T00:00:00Z", 1_000, ENV, "test", true, rows, List.of());
    }

    private static List<String> verdicts(Measurement alice, Measurement bob) {
        return Compare.merge(List.of(machine("alice", alice), machine("bob", bob)), List.of("a.json", "b.json"), List.of()).verdicts("ring");
    }

    @Test
    void aMachineIsSlowerOnlyWhenTheIntervalsDoNotOverlap() {
        assertThat(verdicts(ring(900, 950, 1_000), ring(2_000, 2_100, 2_200))).singleElement().asString()
                .startsWith("ring process n=1,000 m=1, nsPerHop: alice ")
                .contains("over 3 VMs", "bob is 2.2× alice", "slower (the intervals do not overlap)");
        assertThat(verdicts(ring(900, 1_500, 2_100), ring(1_000, 1_600, 2_000))).singleElement().asString()
                .contains("not distinguishable between these machines (the intervals overlap)")
                .doesNotContain("faster", "slower (");
    }

    @Test
    void aMachineMeasuredInOneVmGetsNoWinner() {
        assertThat(verdicts(ring(900, 950, 1_000), ring(5_000))).singleElement().asString()
                .contains("5 µs (one VM)", "with one side measured in one VM: no interval to say which is faster");
    }

    @Test
    void oneMachineHasNoVerdict() {
        Compare one = Compare.merge(List.of(machine("alice", ring(900, 950, 1_000))), List.of("a.json"), List.of());
        assertThat(one.verdicts("ring")).isEmpty();
    }

    @Test
    void aForkedSourceHasItsIntervalColumnInEveryTableSoTheMergedCsvHoldsThemAll() {
        Compare compare = Compare.merge(List.of(machine("alice", ring(900, 950, 1_000)), machine("bob", ring(2_000))),
                List.of("a.json", "b.json"), List.of());
        var ring = compare.tables().get(compare.experiments().indexOf("ring"));
        assertThat(ring.columnNames()).containsSubsequence("alice", "alice " + MachineTable.INTERVAL, "bob", "BEAM published")
                .doesNotContain("bob " + MachineTable.INTERVAL);
        int hop = ring.stringColumn("metric").indexOf("nsPerHop");
        assertThat(ring.doubleColumn("alice").get(hop)).as("the median of its VMs").isEqualTo(950);
        assertThat(ring.stringColumn("alice " + MachineTable.INTERVAL).get(hop)).startsWith("[").endsWith("] over 3 VMs");
        var spawn = compare.tables().get(compare.experiments().indexOf("spawn"));
        assertThat(spawn.stringColumn("alice " + MachineTable.INTERVAL).asList()).containsOnly("one VM");
        assertThat(compare.mergedCsv()).startsWith("experiment,kind,n,metric,alice,alice 95% interval,bob,BEAM published");
    }

    @Test
    void aReportRunsRingBroadcastPingpongAndLoadOverItsForksAndEveryOtherRowInOneVm() {
        ReportPlan plan = ReportPlan.at(200, Set.of(), List.of(Kind.PROCESS), Duration.ofMinutes(1), 4);
        for (ReportPlan.Entry entry : plan.entries()) {
            boolean forked = ReportPlan.FORKED.contains(Experiments.named(entry.spec().experiment()));
            assertThat(entry.spec().forkPolicy().forks()).as(entry.spec().experiment()).isEqualTo(forked ? 4 : 1);
            assertThat(entry.spec().forkPolicy().maxForks() == entry.spec().forkPolicy().forks() || entry.spec().forkPolicy().budget().isZero())
                    .as("exactly that many VMs, none added").isTrue();
        }
        long runnable = plan.entries().stream().filter(ReportPlan.Entry::runnable).count();
        long forked = plan.entries().stream().filter(e -> e.runnable() && e.spec().forkPolicy().forks() == 4).count();
        assertThat(forked).isEqualTo(3);
        assertThat(plan.load().vms()).isEqualTo(4);
        assertThat(PlanEstimate.unprobed(plan).freshVms())
                .isEqualTo(runnable + 3 * forked + 4L * plan.load().kinds().size() * plan.load().loops().size());
        assertThat(PlanEstimate.unprobed(plan).lines()).anyMatch(l -> l.contains("ring: process n=200 m=1 x 4 VMs"))
                .anyMatch(l -> l.startsWith("  load: ") && l.endsWith(" x 4 VMs"));
    }
}
