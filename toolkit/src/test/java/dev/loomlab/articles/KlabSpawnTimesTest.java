package dev.loomlab.articles;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.display.Tables;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Notebook 04: KLab's spawn times come from the dataset, per spawn, and a failed run of ours is a row that says so. */
class KlabSpawnTimesTest {

    @Test
    void klabsBatchesAreReadPerSpawnFromTheDataset() {
        assertThat(KlabSpawnTimes.published()).hasSize(3);
        assertThat(KlabSpawnTimes.klabPerSpawnMicros(1_000)).isEqualTo(10.177);
        assertThat(KlabSpawnTimes.klabPerSpawnMicros(40_000)).isEqualTo(121_310.0 / 40_000);
        assertThat(KlabSpawnTimes.klabPerSpawnMicros(7)).isNaN();
    }

    @Test
    void aFailedRunOfOursIsARowWithItsOutcomeAndNoFigure() {
        var failed = (Measurement.failed(ExperimentSpec.of("spawn", 1_000), "killed at its deadline: 3m"));
        var section = KlabSpawnTimes.of(1_000, Map.of(Kind.PROCESS, failed), 40_000, Map.of(Kind.PROCESS, failed));
        var table = Tables.from(section.grid());
        assertThat(table.rowCount()).isEqualTo(3 + 2);
        assertThat(table.stringColumn("protocol").get(3)).startsWith("killed at its deadline");
        assertThat(table.doubleColumn("KLab 32-bit at this n, µs").get(4)).isEqualTo(121_310.0 / 40_000);
        assertThat(section.notes()).hasSize(2).anyMatch(n -> n.contains("without a unit"));
        assertThat(table.columnNames()).hasSizeLessThanOrEqualTo(7).doesNotContain("note");
        assertThat(section.details().get(0).columnNames()).contains("note");
    }

    @Test
    void beamHereComesFirstAmongOursAtEachSize() {
        var process = Measurement.failed(ExperimentSpec.of("spawn", 1_000), "killed at its deadline: 3m");
        var beam = Measurement.failed(ExperimentSpec.of("spawn", 1_000).withKind(Kind.BEAM), "not run: no erl");
        Map<Kind, Measurement> ours = new LinkedHashMap<>();
        ours.put(Kind.BEAM, beam);
        ours.put(Kind.PROCESS, process);
        var table = Tables.from(KlabSpawnTimes.of(1_000, ours, 40_000, ours).grid());
        // at a cap of 1,000 the larger size is the same n: two rows of each, no clash
        assertThat(KlabSpawnTimes.of(1_000, ours, 1_000, ours).notes()).filteredOn(n -> n.contains("a spawn at 1,000")).hasSize(2);
        assertThat(table.rowCount()).isEqualTo(3 + 4);
        assertThat(table.stringColumn("who").asList().subList(3, 7))
                .containsExactly("BEAM here", "JVM here: process", "BEAM here", "JVM here: process");
        assertThat(table.stringColumn("protocol").get(3)).isEqualTo("not run: no erl");
    }
}
