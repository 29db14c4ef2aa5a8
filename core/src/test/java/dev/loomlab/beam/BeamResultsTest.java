package dev.loomlab.beam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.load.LoadRow;
import dev.loomlab.measure.Env;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What the Erlang side prints becomes the toolkit's result model: fixtures written as loomlab_beam prints them. */
class BeamResultsTest {

    private static final Env ENV = Env.current();

    @Test
    void everyRunIsKeptTheFirstMarkedColdAndTheSummaryIsOverTheWarmOnes() {
        ExperimentSpec spec = ExperimentSpec.of("spawn", 10_000).withKind(Kind.BEAM).withFixedRuns(3);
        Measurement m = BeamResults.measurement(spec, ENV, fixture("spawn-3-runs.json"));
        assertThat(m.kind()).isEqualTo("beam");
        assertThat(m.outcome()).isEqualTo("ok");
        assertThat(m.runs()).hasSize(3);
        assertThat(m.runs().get(0).cold()).isTrue();
        assertThat(m.runs().subList(1, 3)).noneMatch(r -> r.cold());
        assertThat(m.runs().get(0).metric("bytesPerProcess")).isEqualTo(2683.2224);
        assertThat(m.runs().get(2).metric("rssBytesPerProcess")).isNaN();
        assertThat(m.bytesPerProcess()).isEqualTo((2413.6280 + 2312.4488) / 2);
        assertThat(m.summaryOf()).contains("runs 2 to 3").contains("not checked").doesNotContain("JIT");
        assertThat(m.notes().get(0)).contains("Erlang/OTP 25 (erts 13.1.5), 2 schedulers").contains("+P 1048576");
    }

    @Test
    void underTheWarmUpProtocolRunsThatNeverAgreeAreNotSteadyAndTheSummaryIsTheLastRun() {
        ExperimentSpec spec = ExperimentSpec.of("spawn", 10_000).withKind(Kind.BEAM).withRepeat(3);
        Measurement m = BeamResults.measurement(spec, ENV, fixture("spawn-3-runs.json"));
        assertThat(m.runs()).extracting(r -> r.phase()).containsExactly("cold", "warmup", "warmup");
        assertThat(m.steadiness()).isEqualTo(Measurement.NOT_STEADY);
        assertThat(m.bytesPerProcess()).isEqualTo(m.runs().get(2).metric("bytesPerProcess"));
    }

    @Test
    void aBeamMeasurementShowsAsBeamHereBesideThePublishedFigureAndRoundTripsThroughJson() {
        ExperimentSpec spec = ExperimentSpec.of("spawn", 100_000).withKind(Kind.BEAM).withRepeat(3);
        Measurement m = BeamResults.measurement(spec, ENV, fixture("spawn-3-runs.json"));
        assertThat(m.grid().columnNames()).contains("BEAM published", "BEAM here / published")
                .anyMatch(c -> c.startsWith("BEAM here ("));
        assertThat(m.runsGrid().title()).contains("runs in one BEAM VM");
        Measurement back = Measurement.fromJson(m.toJson());
        assertThat(back.kind()).isEqualTo("beam");
        assertThat(back.runs()).hasSize(3);
        assertThat(back.metrics()).isEqualTo(m.metrics());
    }

    @Test
    void idleMemoryIsReadFromProcessesUsedAndTheAllocatorsFigureIsKeptBesideIt() {
        // as loomlab_beam prints a small n: processes_used stays put, processes drops once structures are reused
        String printed = "{\"experiment\":\"spawn\",\"n\":1000,\"m\":0,\"otpRelease\":\"25\",\"erts\":\"13.1.5\","
                + "\"schedulers\":2,\"processLimit\":1048576,\"wordSize\":8,\"outcome\":\"ok\",\"runs\":["
                + "{\"bytesPerProcess\":2646.0960,\"allocatedBytesPerProcess\":2622.1680,\"processInfoBytesPerProcess\":2640.0000},"
                + "{\"bytesPerProcess\":2629.8080,\"allocatedBytesPerProcess\":2039.2720,\"processInfoBytesPerProcess\":2640.0000},"
                + "{\"bytesPerProcess\":2620.4880,\"allocatedBytesPerProcess\":1844.7280,\"processInfoBytesPerProcess\":2640.0000}],"
                + "\"peakRssBytes\":1}";
        Measurement m = BeamResults.measurement(ExperimentSpec.of("spawn", 1_000).withKind(Kind.BEAM).withFixedRuns(3), ENV, printed);
        assertThat(m.bytesPerProcess()).isEqualTo((2629.8080 + 2620.4880) / 2);
        assertThat(m.metric("allocatedBytesPerProcess")).isEqualTo((2039.2720 + 1844.7280) / 2);
        assertThat(m.notes()).anyMatch(n -> n.contains("processes_used") && n.contains("reuse the process structures"));
    }

    @Test
    void theHibernatedRingIsReadAsItsOwnExperiment() {
        String printed = "{\"experiment\":\"ring-hibernated\",\"n\":10000,\"m\":1,\"otpRelease\":\"25\",\"erts\":\"13.1.5\","
                + "\"schedulers\":2,\"processLimit\":262144,\"wordSize\":8,\"outcome\":\"ok\",\"runs\":["
                + "{\"nsPerHop\":3155.6340,\"totalMillis\":63.1127,\"nsPerHopWithSpawn\":7730.5751},"
                + "{\"nsPerHop\":2657.5329,\"totalMillis\":53.1507,\"nsPerHopWithSpawn\":6505.2465}],\"peakRssBytes\":79409152}";
        Measurement m = BeamResults.measurement(ExperimentSpec.of("ring-hibernated", 10_000).withM(1).withKind(Kind.BEAM)
                .withFixedRuns(2), ENV, printed);
        assertThat(m.experiment()).isEqualTo("ring-hibernated");
        assertThat(m.m()).isEqualTo(1);
        assertThat(m.metric("nsPerHop")).isEqualTo(2657.5329);
        assertThat(m.notes()).anyMatch(n -> n.contains("erlang:hibernate/3"));
        // KLab's 10 M is no figure to set beside a ring of 10,000: named with its own n, no ratio
        assertThat(m.grid().texts("published at, source").get(0)).startsWith("published at n=10,000,000, not comparable");
        assertThat(m.grid().number(0, "BEAM here / published")).isNaN();
    }

    @Test
    void systemLimitBecomesARowThatSaysSo() {
        ExperimentSpec spec = ExperimentSpec.of("spawn", 2_000).withKind(Kind.BEAM);
        Measurement m = BeamResults.measurement(spec, ENV, fixture("spawn-system-limit.json"));
        assertThat(m.outcome()).startsWith("system_limit").contains("1024 processes");
        assertThat(m.metrics()).isEmpty();
        assertThat(m.runs()).isEmpty();
        assertThat(m.grid().title()).contains("system_limit");
    }

    @Test
    void aReportPrintedBeforeTheJsonIsSkipped() {
        ExperimentSpec spec = ExperimentSpec.of("spawn", 2_000).withKind(Kind.BEAM);
        Measurement m = BeamResults.measurement(spec, ENV, "=ERROR REPORT==== 30-Nov-2026::15:57:04 ===\nToo many processes\n"
                + fixture("spawn-system-limit.json"));
        assertThat(m.outcome()).startsWith("system_limit");
    }

    @Test
    void aCrashReportedByTheVmBecomesAFailedRow() {
        ExperimentSpec spec = ExperimentSpec.of("ring", 1_000).withM(1).withKind(Kind.BEAM);
        Measurement m = BeamResults.measurement(spec, ENV, fixture("ring-failed.json"));
        assertThat(m.outcome()).startsWith("failed: error:ring_timeout");
        assertThat(m.m()).isEqualTo(1);
    }

    @Test
    void somethingThatIsNotJsonIsRefusedWithAClearMessage() {
        ExperimentSpec spec = ExperimentSpec.of("spawn", 10).withKind(Kind.BEAM);
        assertThatThrownBy(() -> BeamResults.measurement(spec, ENV, "{\"exp"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not JSON");
        assertThatThrownBy(() -> BeamResults.measurement(spec, ENV, "[1,2]"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no JSON object");
    }

    @Test
    void aLoadRowKeepsItsStatusFiguresAndReductionRates() {
        LoadRow row = BeamResults.loadRow(fixture("load-100-incomplete.json"), 2);
        assertThat(row.kind()).isEqualTo("beam");
        assertThat(row.loops()).isEqualTo(100);
        assertThat(row.parallelism()).isEqualTo(1);
        assertThat(row.status()).isEqualTo(LoadRow.INCOMPLETE);
        assertThat(row.starved()).isFalse();
        assertThat(row.roundsCompleted()).isEqualTo(825);
        assertThat(row.roundTripMicrosP50()).isEqualTo(1735.2);
        assertThat(row.perLoopOpsPerSecond()).containsExactly(2200001.0, 2199999.0);
        assertThat(row.verdict()).startsWith("incomplete: 825 of 2,000");
        assertThat(row.detail()).contains("reductions");
    }

    @Test
    void aLoadRowWithoutLoopsHasNoRates() {
        LoadRow row = BeamResults.loadRow(fixture("load-0.json"), 2);
        assertThat(row.completed()).isTrue();
        assertThat(row.opsPerSecondPerLoop()).isNaN();
        assertThat(row.perLoopOpsPerSecond()).isEmpty();
    }

    static String fixture(String name) {
        try (InputStream in = BeamResultsTest.class.getResourceAsStream("/dev/loomlab/beam/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
