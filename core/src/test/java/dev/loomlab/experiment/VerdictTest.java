package dev.loomlab.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.measure.Env;
import dev.loomlab.measure.ForkPolicy;
import dev.loomlab.measure.ForkProtocol;
import dev.loomlab.measure.Interval;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Comparison sentences from intervals across fresh VMs, on synthetic figures. */
class VerdictTest {

    @Test
    void overlappingIntervalsAreNotDistinguishable() {
        Interval beam = Interval.of(600, 650, 700);
        Interval jvm = Interval.of(640, 700, 760);
        assertThat(Verdict.relation(jvm, beam)).isEqualTo(Verdict.Relation.NOT_DISTINGUISHABLE);
        String said = Verdict.compare("nsPerHop", beam, 3, "BEAM here", jvm, 3, "the JVM");
        assertThat(said).startsWith("BEAM here 650 ns").contains("not distinguishable on this machine in this run")
                .doesNotContain("faster").doesNotContain("slower");
    }

    @Test
    void separateIntervalsSayWhichIsFaster() {
        Interval beam = Interval.of(600, 650, 700);
        Interval jvm = Interval.of(2_000, 2_100, 2_200);
        assertThat(Verdict.relation(jvm, beam)).isEqualTo(Verdict.Relation.ABOVE);
        assertThat(Verdict.compare("nsPerHop", beam, 3, "BEAM here", jvm, 3, "the JVM"))
                .contains("the JVM is 3.2× BEAM here, slower (the intervals do not overlap)");
        assertThat(Verdict.compare("bytesPerProcess", jvm, 3, "BEAM here", beam, 3, "the JVM")).contains("lighter");
    }

    @Test
    void oneVmGivesNoVerdict() {
        String said = Verdict.compare("nsPerHop", Interval.of(650), 1, "BEAM here", Interval.of(2_100), 1, "the JVM");
        assertThat(said).contains("no interval").doesNotContain("slower (");
        assertThat(Verdict.relation(Interval.of(1), Interval.of(2, 3, 4))).isEqualTo(Verdict.Relation.NO_INTERVAL);
    }

    @Test
    void equalFiguresFromOneVmEachAreTheSameNotUndecided() {
        String said = Verdict.compare("processLimit", Interval.of(1_024), 1, "BEAM here", Interval.of(1_024), 1, "the JVM");
        assertThat(said).endsWith(", the same figure (each measured in one VM)").doesNotContain("no interval");
        assertThat(Verdict.compare("processLimit", Interval.of(1_024), 1, "BEAM here", Interval.of(1_000), 1, "the JVM"))
                .contains("no interval to say which");
    }

    @Test
    void aForkedMeasurementIsTheMedianOfItsVmsWithTheirInterval() {
        ExperimentSpec spec = ExperimentSpec.of("ring", 1_000).withM(1);
        List<Measurement> vms = List.of(vm(spec, 900), vm(spec, 1_000), vm(spec, 1_300));
        Measurement m = Measurement.forked(spec, vms, ForkPolicy.adaptive(3, Duration.ZERO, 0.1), ForkProtocol.Stop.FIXED);
        assertThat(m.metric("nsPerHop")).isEqualTo(1_000);
        assertThat(m.vms()).isEqualTo(3);
        assertThat(m.interval("nsPerHop").has()).isTrue();
        assertThat(m.runs()).extracting(Run::vm).containsExactly(1, 1, 2, 2, 3, 3);
        assertThat(m.cold("nsPerHop")).isEqualTo(10_000);
        Measurement back = Measurement.fromJson(m.toJson());
        assertThat(back.vms()).isEqualTo(3);
        assertThat(back.interval("nsPerHop")).isEqualTo(m.interval("nsPerHop"));
        assertThat(back.runs()).extracting(Run::vm).containsExactly(1, 1, 2, 2, 3, 3);
    }

    @Test
    void aSummaryOverVmsIsAsSteadyAsItsLeastSteadyVm() {
        ExperimentSpec spec = ExperimentSpec.of("ring", 1_000).withM(1);
        Measurement scattered = new Measurement("ring", "process", 1_000, 1, Env.current(), Measurement.OK, "",
                Map.of("nsPerHop", 950.0), List.of(new Run(1, true, "cold", Map.of("nsPerHop", 9_000.0))), List.of(),
                Measurement.SCATTERED, Map.of());
        Measurement m = Measurement.forked(spec, List.of(vm(spec, 900), scattered, vm(spec, 1_000)),
                ForkPolicy.adaptive(3, Duration.ZERO, 0.1), ForkProtocol.Stop.FIXED);
        assertThat(m.steadiness()).isEqualTo(Measurement.SCATTERED);
        assertThat(m.steady()).isFalse();
    }

    /** The steadiness is the judged metric's (the first): a sentence about another metric names the judged one. */
    @Test
    void aSentenceAboutAnotherMetricNamesTheJudgedOne() {
        List<Run> runs = SpawnRuns.of(736, 736, 9_000, 700, 1_500, 800);
        Measurement m = Measurement.of(ExperimentSpec.of("spawn", 10_000), Env.current(), runs, Measurement.SCATTERED, List.of());
        assertThat(Verdict.of(m, "bytesPerProcess", "an idle process"))
                .contains("(median of the measured runs, whose nsPerSpawn disagreed beyond the tolerance)");
        assertThat(Verdict.of(m, "nsPerSpawn", "a spawn")).contains("(median of measured runs that disagree beyond the tolerance)");
        Measurement steady = Measurement.of(ExperimentSpec.of("spawn", 10_000), Env.current(), runs, Measurement.STEADY, List.of());
        assertThat(steady.summaryOf()).startsWith("steady on nsPerSpawn:");
        assertThat(Verdict.of(steady, "bytesPerProcess", "an idle process")).contains("(median of the measured runs once nsPerSpawn was steady)");
        Measurement fixed = Measurement.of(ExperimentSpec.of("spawn", 10_000), Env.current(), runs, Measurement.NOT_CHECKED, List.of());
        assertThat(fixed.judged()).isEmpty(); // a fixed number of runs: nothing was judged, so no label names a metric
        assertThat(fixed.steadinessOn("bytesPerProcess")).isEmpty();
        assertThat(Verdict.of(fixed, "bytesPerProcess", "an idle process")).doesNotContain(" on nsPerSpawn");
    }

    private static Measurement vm(ExperimentSpec spec, double nsPerHop) {
        List<Run> runs = List.of(new Run(1, true, "cold", Map.of("nsPerHop", 10_000.0)),
                new Run(2, false, "measured", Map.of("nsPerHop", nsPerHop)));
        return new Measurement("ring", "process", spec.n(), spec.m(), Env.current(), Measurement.OK, "",
                Map.of("nsPerHop", nsPerHop), runs, List.of(), Measurement.STEADY, Map.of());
    }
}
