package dev.loomlab.experiment;

import dev.loomlab.util.Progress;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.NoLeaks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every experiment at small n, in this JVM: it returns its metrics and leaves no thread behind. */
@ExtendWith(NoLeaks.class)
class ExperimentsTest {

    @ParameterizedTest
    @EnumSource(value = Kind.class, names = {"PROCESS", "VIRTUAL", "PLATFORM"}) // BEAM runs in its own VM: dev.loomlab.beam
    void spawnCountsMemoryOnceAllAreParked(Kind kind) throws Exception {
        Measurement m = Experiments.runHere(ExperimentSpec.of("spawn", kind == Kind.PLATFORM ? 50 : 2_000).withKind(kind),
                Progress.SILENT);
        assertThat(m.metrics()).containsKeys("bytesPerProcess", "nsPerSpawn", "rssBytesPerProcess", "nsToAllParked");
        assertThat(m.bytesPerProcess()).isPositive();
        assertThat(m.nsPerSpawn()).isPositive();
        assertThat(m.outcome()).isEqualTo("ok");
    }

    @ParameterizedTest
    @EnumSource(value = Kind.class, names = {"PROCESS", "VIRTUAL", "PLATFORM"}) // BEAM runs in its own VM: dev.loomlab.beam
    void ringPassesTheTokenNTimesMHops(Kind kind) throws Exception {
        Measurement m = Experiments.runHere(ExperimentSpec.of("ring", kind == Kind.PLATFORM ? 20 : 500).withM(3).withKind(kind),
                Progress.SILENT);
        assertThat(m.metric("nsPerHop")).isPositive();
        assertThat(m.metric("totalMillis")).isPositive();
        assertThat(m.metric("gcInWindow")).as("collections counted inside the timed window").isGreaterThanOrEqualTo(0);
    }

    @ParameterizedTest
    @EnumSource(value = Kind.class, names = {"PROCESS", "VIRTUAL", "PLATFORM"}) // BEAM runs in its own VM: dev.loomlab.beam
    void broadcastReachesEveryProcess(Kind kind) throws Exception {
        Measurement m = Experiments.runHere(ExperimentSpec.of("broadcast", kind == Kind.PLATFORM ? 20 : 1_000).withKind(kind),
                Progress.SILENT);
        assertThat(m.metric("nsPerMessage")).isPositive();
        assertThat(m.metric("allReceivedMillis")).isGreaterThanOrEqualTo(m.metric("allSentMillis"));
    }

    @ParameterizedTest
    @EnumSource(value = Kind.class, names = {"PROCESS", "VIRTUAL", "PLATFORM"}) // BEAM runs in its own VM: dev.loomlab.beam
    void pingPongGivesOrderedPercentiles(Kind kind) throws Exception {
        Measurement m = Experiments.runHere(ExperimentSpec.of("pingpong", 1_000).withFixedRuns(1).withKind(kind), Progress.SILENT);
        assertThat(m.metric("roundTripNsP50")).isPositive()
                .isLessThanOrEqualTo(m.metric("roundTripNsP99"));
        assertThat(m.metric("roundTripNsP99")).isLessThanOrEqualTo(m.metric("roundTripNsMax"));
    }

    @Test
    void hibernateCountsProcessesWithoutThreads() throws Exception {
        Measurement m = Experiments.runHere(ExperimentSpec.of("hibernate", 2_000).withFixedRuns(1), Progress.SILENT);
        assertThat(m.bytesPerProcess()).isPositive();
    }

    @Test
    void hibernateRefusesRawThreads() {
        assertThatThrownBy(() -> Experiments.runHere(ExperimentSpec.of("hibernate", 10).withFixedRuns(1).withKind(Kind.VIRTUAL), Progress.SILENT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--kind process");
    }

    @Test
    void repeatShowsEveryRunAndMarksTheFirstCold() throws Exception {
        Measurement m = Experiments.runHere(ExperimentSpec.of("spawn", 500).withFixedRuns(3), Progress.SILENT);
        assertThat(m.runs()).hasSize(3);
        assertThat(m.runs()).extracting(Run::cold).containsExactly(true, false, false);
        assertThat(m.summaryOf()).contains("not checked for steadiness");
        assertThat(m.steady()).isFalse();
        assertThat(m.toString()).contains("runs in one JVM");
    }

    @Test
    void theDefaultProtocolWarmsUpThenMeasuresOrSaysNotSteady() throws Exception {
        Measurement m = Experiments.runHere(ExperimentSpec.of("ring", 200).withM(5)
                .withWarmup(java.time.Duration.ofSeconds(2), 2), Progress.SILENT);
        assertThat(m.runs().get(0).phase()).isEqualTo("cold");
        assertThat(m.steadiness()).isIn(Measurement.STEADY, Measurement.SCATTERED, Measurement.NOT_STEADY);
        if (m.steady()) {
            assertThat(m.runs()).filteredOn(Run::measured).hasSize(2);
            assertThat(m.runs().size()).isGreaterThanOrEqualTo(5);
            assertThat(m.summaryOf()).startsWith("steady");
        } else if (m.steadiness().equals(Measurement.SCATTERED)) {
            assertThat(m.runs()).filteredOn(Run::measured).hasSize(2);
            assertThat(m.summaryOf()).startsWith("MEASURED RUNS DISAGREE");
        } else {
            assertThat(m.runs()).noneMatch(Run::measured);
            assertThat(m.summaryOf()).startsWith("NOT STEADY");
        }
        Measurement back = Measurement.fromJson(m.toJson());
        assertThat(back.steadiness()).isEqualTo(m.steadiness());
        assertThat(back.runs()).extracting(Run::phase).isEqualTo(m.runs().stream().map(Run::phase).toList());
        assertThat(back.spread().get("nsPerHop").median()).isEqualTo(m.metric("nsPerHop"), org.assertj.core.data.Offset.offset(0.5));
        assertThat(m.toJson()).contains("\"steady\"").contains("\"spread\"").contains("\"phase\"");
        assertThat(m.verdict("nsPerHop", "a hop")).startsWith("on this machine a hop costs").contains("cold:");
    }

    @Test
    void experimentsMadeOncePerJvmAreNotRepeated() {
        assertThat(Experiments.named("tasks").timed()).isFalse();
        assertThat(Experiments.named("limit").timed()).isFalse();
        assertThat(Experiments.named("ring").timed()).isTrue();
    }

    @Test
    void sizesAboveTheCapAreRefusedWithTheWayOut() {
        assertThatThrownBy(() -> Experiments.runHere(ExperimentSpec.of("spawn", 100_001).withFixedRuns(1), Progress.SILENT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("above the cap of 100,000")
                .hasMessageContaining("--no-cap")
                .hasMessageContaining("Cap.lift()");
    }

    @Test
    void zeroAndNegativeSizesAreRefused() {
        assertThatThrownBy(() -> Experiments.runHere(ExperimentSpec.of("spawn", 0).withFixedRuns(1), Progress.SILENT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 1");
        assertThatThrownBy(() -> Experiments.runHere(ExperimentSpec.of("ring", -5).withM(1), Progress.SILENT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 1");
        assertThatThrownBy(() -> Experiments.runHere(ExperimentSpec.of("ring", 10).withFixedRuns(1), Progress.SILENT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("m (times round the ring)");
    }

    @Test
    void unknownExperimentsNameTheKnownOnes() {
        assertThatThrownBy(() -> Experiments.named("sprawn"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown experiment \"sprawn\"").hasMessageContaining("spawn, ring");
    }

    @Test
    void unknownKindsAreRefused() {
        assertThatThrownBy(() -> Kind.parse("green"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("process, virtual, platform");
    }

    @Test
    void aMeasurementRoundTripsThroughJson() throws Exception {
        Measurement m = Experiments.runHere(ExperimentSpec.of("ring", 100).withFixedRuns(1).withM(2), Progress.SILENT);
        Measurement back = Measurement.fromJson(m.toJson());
        assertThat(back.experiment()).isEqualTo("ring");
        assertThat(back.m()).isEqualTo(2);
        assertThat(back.metric("nsPerHop")).isEqualTo(m.metric("nsPerHop"), org.assertj.core.data.Offset.offset(0.5));
        assertThat(back.env()).isEqualTo(m.env());
        assertThat(back.runs()).hasSize(1);
    }

    @Test
    void aResultFromAnotherSchemaIsRefused() {
        assertThatThrownBy(() -> Measurement.fromJson("{\"schemaVersion\": 99, \"experiment\": \"spawn\"}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("schema version 99");
    }

    @Test
    void theTableShowsThePublishedFigureBesideOurs() throws Exception {
        Measurement m = Experiments.runHere(ExperimentSpec.of("spawn", 1_000).withFixedRuns(1), Progress.SILENT);
        var table = m.grid();
        assertThat(table.columnNames()).contains("BEAM published", "JVM / BEAM");
        int row = table.texts("metric").indexOf("bytesPerProcess");
        assertThat(table.number(row, "BEAM published")).isEqualTo(2767.0);
    }
}
