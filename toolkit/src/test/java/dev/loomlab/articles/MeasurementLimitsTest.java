package dev.loomlab.articles;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.SpawnRuns;
import dev.loomlab.measure.Env;
import dev.loomlab.measure.ForkPolicy;
import dev.loomlab.measure.ForkProtocol;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** §8's rows say which figure a steadiness label belongs to: the spawn time the protocol judged, not the bytes. */
class MeasurementLimitsTest {

    @Test
    void theLabelIsTheSpawnTimesAndTheBytesSayWhichRunTheyComeFrom() {
        Measurement notSteady = Measurement.of(ExperimentSpec.of("spawn", 10_000), Env.current(),
                SpawnRuns.of(2_000, 650, 10_000, 3_000, 1_500, 2_400), Measurement.NOT_STEADY, List.of());
        assertThat(MeasurementLimits.of(notSteady).grid().title()).endsWith("(from spawn n = 10,000, not steady on nsPerSpawn)");
        assertThat(MeasurementLimits.coldAgainstWarm(notSteady).thisRun())
                .contains("2.4 µs not steady", "650 B in the last run").doesNotContain("650 B not steady");
    }

    /** Over fresh JVMs, the title counts them and the bytes are their median, not one JVM's last run. */
    @Test
    void overFreshJvmsTheFiguresAreTheirMedian() {
        List<Measurement> vms = List.of(
                Measurement.of(ExperimentSpec.of("spawn", 10_000), Env.current(), SpawnRuns.of(2_000, 650, 10_000, 3_000, 1_500, 2_400),
                        Measurement.NOT_STEADY, List.of()),
                Measurement.of(ExperimentSpec.of("spawn", 10_000), Env.current(), SpawnRuns.of(2_000, 640, 10_000, 700, 710, 690),
                        Measurement.STEADY, List.of()));
        Measurement forked = Measurement.forked(ExperimentSpec.of("spawn", 10_000), vms,
                ForkPolicy.adaptive(2, Duration.ZERO, 0.1), ForkProtocol.Stop.FIXED);
        assertThat(MeasurementLimits.of(forked).grid().title()).endsWith("not steady on nsPerSpawn in at least one of 2 fresh JVMs)");
        assertThat(MeasurementLimits.coldAgainstWarm(forked).thisRun()).contains("after the warm-up, the median of 2 fresh JVMs")
                .doesNotContain("in the last run");
    }

    /** The RSS row says which way this run's RSS went against the heap, and why that way. */
    @Test
    void theRssRowSaysWhichWayThisRunWent() {
        assertThat(MeasurementLimits.heapAgainstRss(heapAndRss(620, 1)).meaning())
                .contains("here RSS grew less than the heap", "already touched before the spawn");
        assertThat(MeasurementLimits.heapAgainstRss(heapAndRss(620, 2_000)).meaning())
                .contains("here RSS grew more than the heap", "not returned").doesNotContain("grew less");
        assertThat(MeasurementLimits.heapAgainstRss(heapAndRss(620, Double.NaN)).meaning()).doesNotContain("here RSS");
    }

    private static Measurement heapAndRss(double heap, double rss) {
        return new Measurement("spawn", "process", 10_000, 0, Env.current(), Measurement.OK, "",
                Map.of("heapBytesPerProcess", heap, "rssBytesPerProcess", rss), List.of(), List.of(), Measurement.STEADY, Map.of());
    }
}
