package dev.loomlab.articles;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The side-by-side table: 7 columns with the article's own published figures; another article's in the details. */
class UnitWeightsTest {

    @Test
    void anotherArticlesFigureIsInTheDetailsOnly() {
        var section = UnitWeights.section("What one idle unit weighs", "bytes per process", "un-million", List.of(
                new UnitWeights.Row("toolkit process", 1_100, "1,100", 2_600, "2,600", 2_632, "BEAM (un-million, n = 1)", "measured"),
                new UnitWeights.Row("raw virtual thread", 900, "900", 2_600, "2,600", 2_600, "Go (karui)", "measured")), List.of(), List.of());
        var table = section.grid();
        assertThat(table.columnNames()).containsExactly("what", "JVM here, bytes per process", "BEAM here, bytes per process",
                "published, bytes per process", "JVM / BEAM here", "JVM / published", "how ours was obtained");
        assertThat(table.number(0, "published, bytes per process")).isEqualTo(2_632);
        assertThat(table.number(1, "published, bytes per process")).isNaN();
        assertThat(table.number(1, "JVM / published")).isNaN();
        var every = section.details().get(0);
        assertThat(every.columnNames()).hasSize(8).contains("published figure");
        assertThat(every.number(1, "published, bytes per process")).isEqualTo(2_600);
    }
}
