package dev.loomlab.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What jshell prints for a measurement: where BEAM here is left out, one line says how to get it. */
class MeasurementTextTest {

    private static Measurement measured(String experiment, String kind, long n, long m, String outcome) {
        return new Measurement(experiment, kind, n, m, null, outcome, "median", Map.of("nsPerHop", 800.0),
                List.of(), List.of());
    }

    @Test
    void aJvmRingSaysHowToSetBeamHereBesideIt() {
        Measurement ring = measured("ring", "process", 10_000, 1, Measurement.OK);
        assertThat(ring.beamHereHint()).get().asString()
                .startsWith("BEAM here is left out of this table: beamHere(ExperimentSpec.of(Experiments.RING, 10_000).withM(1)) sets it beside");
        assertThat(ring.toString().strip().lines().toList()).last().asString().contains("beamHere(");
    }

    @Test
    void aSpecWithoutASecondSizeNamesNone() {
        assertThat(measured("spawn", "virtual", 100_000, 0, Measurement.OK).beamHereHint()).get().asString()
                .contains("beamHere(ExperimentSpec.of(Experiments.SPAWN, 100_000)) sets it beside");
    }

    @Test
    void aBeamMeasurementOrAFailedRunHasNoHint() {
        assertThat(measured("ring", "beam", 10_000, 1, Measurement.OK).beamHereHint()).isEmpty();
        assertThat(measured("ring", "process", 10_000, 1, "failed: no luck").beamHereHint()).isEmpty();
        assertThat(measured("ring", "process", 10_000, 1, "failed: no luck").toString()).doesNotContain("beamHere(");
    }

    @Test
    void theBeamPublishedColumnsStandOnlyWhereBeamPublishedAFigure() {
        assertThat(measured("ring", "process", 10_000, 1, Measurement.OK).grid().columnNames())
                .contains("BEAM published", "JVM / BEAM", "published at, source");
        // the million-tasks benchmark published no BEAM figure (Elixir is its own row): no three empty columns
        Measurement tasks = new Measurement("tasks", "process", 10_000, 0, null, Measurement.OK, "median",
                Map.of("peakMegabytes", 80.0), List.of(), List.of());
        assertThat(tasks.grid().columnNames()).doesNotContain("BEAM published", "JVM / BEAM", "published at, source");
    }
}
