package dev.loomlab.articles;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.measure.ForkPolicy;
import dev.loomlab.measure.ForkProtocol;
import dev.loomlab.measure.Spread;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** §7.3's verdict, from synthetic measurements: the change under a limit against the run's own spread and the article's 1.3%. */
class ContainerWeightTest {

    private static Measurement spawn(double bytes, double min, double max) {
        return new Measurement("spawn", "process", 10_000, 0, null, Measurement.OK, "median", Map.of("bytesPerProcess", bytes),
                List.of(), List.of(), Measurement.STEADY, Map.of("bytesPerProcess", Spread.of(min, bytes, max)));
    }

    private static ContainerWeight of(Measurement... ms) {
        return new ContainerWeight(List.of(new ContainerWeight.Row("no limit", List.of(), ms[0]),
                new ContainerWeight.Row("512 MB", List.of("-XX:MaxRAM=512m"), ms[1])));
    }

    @Test
    void aChangeWithinTheRunsOwnRangeIsNoEffectSeen() {
        String verdict = of(spawn(1000, 950, 1050), spawn(1020, 1000, 1040)).verdict();
        assertThat(verdict).contains("at most 2% (the article's BEAM: within 1.3%, ours beyond it)")
                .contains("within the unlimited run's own run-to-run range (10%), so no effect of the limit is seen");
    }

    @Test
    void aChangeBeyondTheRangeSaysSo() {
        assertThat(of(spawn(1000, 999, 1001), spawn(1100, 1100, 1100)).verdict()).contains("beyond the unlimited run's own");
        assertThat(of(spawn(1000, 999, 1001), spawn(1005, 1005, 1005)).verdict()).contains("ours within the same bound");
        var w = of(spawn(1000, 999, 1001), spawn(1005, 1005, 1005));
        assertThat(w.grid().columnNames()).hasSize(6).doesNotContain("heap bytes per process (after GC)", "RSS bytes per process");
        assertThat(w.details().get(0).columnNames()).contains("heap bytes per process (after GC)").hasSize(8);
        // jshell prints the narrow table, names the two columns it leaves out, and the verdict among the notes
        assertThat(w.toString()).contains("2 more columns in .details()", "note: " + w.verdict())
                .doesNotContain("Every column");
    }

    /** Runs of one JVM that all read the same bytes give no range: a change across fresh JVMs is not set against 0%. */
    @Test
    void runsThatAllReadTheSameGiveNoRange() {
        assertThat(of(spawn(1000, 1000, 1000), spawn(1026, 1026, 1026)).verdict())
                .contains("all read the same bytes, so they give no range").doesNotContain("beyond the unlimited run's own", "(0%)");
    }

    /** Settings over fresh JVMs are set against the unlimited run's interval, not against one JVM's run-to-run range. */
    @Test
    void overFreshJvmsTheIntervalsDecide() {
        assertThat(of(forked(1000, 1010, 990), forked(1020, 1030, 1010)).verdict())
                .contains("every setting's 95% interval across fresh JVMs overlaps the unlimited run's, so no effect of the limit is seen")
                .doesNotContain("run-to-run");
        assertThat(of(forked(1000, 1001, 999), forked(1200, 1201, 1199)).verdict())
                .contains("lies apart from the unlimited run's for 512 MB: there the limit changed the bytes per process");
        assertThat(of(forked(1000, 1001, 999), forked(1200, 1201, 1199)).grid().texts("bytes per process").get(0)).contains("[");
    }

    private static Measurement forked(double... perVm) {
        List<Measurement> vms = java.util.Arrays.stream(perVm).mapToObj(b -> spawn(b, b, b)).toList();
        return Measurement.forked(ExperimentSpec.of("spawn", 10_000), vms, ForkPolicy.adaptive(3, Duration.ZERO, 0.1),
                ForkProtocol.Stop.FIXED);
    }

    @Test
    void aFailedRunIsSaidNotCompared() {
        ContainerWeight w = of(spawn(1000, 999, 1001), Measurement.failed(ExperimentSpec.of("spawn", 10), "out of memory"));
        assertThat(w.verdict()).contains("could not compare");
    }
}
