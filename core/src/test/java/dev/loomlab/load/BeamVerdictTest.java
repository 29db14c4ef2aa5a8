package dev.loomlab.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The sentence under a load table about BEAM here is computed from its rows, and says "on this machine". */
class BeamVerdictTest {

    private static LoadRow row(int loops, double p50, String status) {
        return new LoadRow("beam", loops, 1, 2, status, LoadRow.STARVED.equals(status), 100, 10, 10, p50, p50, p50, p50,
                Double.NaN, Double.NaN, Double.NaN, List.of(), "");
    }

    @Test
    void itSaysFromWhereToWhereTheMedianWentAndWhetherAnythingStarved() {
        String said = LoadNotes.beamVerdict(List.of(row(0, 1.5, LoadRow.OK), row(100, 1735.25, LoadRow.INCOMPLETE)));
        assertThat(said).isEqualTo("BEAM here on this machine: the median round trip went from 1.5 µs with 0 busy processes "
                + "to 1,735 µs with 100; no row starved: slower, never frozen");
        assertThat(LoadNotes.beamVerdict(List.of(row(1000, 9435, LoadRow.OK))))
                .isEqualTo("BEAM here on this machine: the median round trip was 9,435 µs with 1,000 busy processes; "
                        + "no row starved: slower, never frozen");
        assertThat(LoadNotes.beamVerdict(List.of(row(1, 2, LoadRow.OK), row(2, Double.NaN, LoadRow.STARVED))))
                .endsWith("1 row(s) starved");
        assertThat(LoadNotes.beamVerdict(List.of())).isEqualTo("BEAM here on this machine: no row measured a round trip");
    }
}
