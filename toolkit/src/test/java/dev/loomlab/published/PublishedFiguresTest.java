package dev.loomlab.published;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The dataset loads whole, every row has a known source, and the articles' key figures are there. */
class PublishedFiguresTest {

    @Test
    void everyRowHasAKnownSource() {
        assertThat(PublishedFigures.all()).hasSizeGreaterThan(100);
        assertThat(PublishedFigures.all()).allSatisfy(f ->
                assertThat(PublishedFigures.sourceTitle(f.source())).isNotEqualTo(f.source()));
    }

    @Test
    void theArticlesKeyFiguresAreCarried() {
        assertThat(PublishedFigures.beside("spawn", "bytesPerProcess", 1, null)).get()
                .extracting(PublishedFigure::value).isEqualTo(2632.0);
        assertThat(PublishedFigures.beside("ring", "nsPerHop", 100_000, 1L)).get()
                .extracting(PublishedFigure::value).isEqualTo(825.0);
        assertThat(PublishedFigures.beside("hibernate", "bytesPerProcess", 1, null)).get()
                .extracting(PublishedFigure::value).isEqualTo(808.0);
        assertThat(PublishedFigures.of("tasks", "peakMegabytes")).hasSize(50);
    }

    @Test
    void theNearestTierIsChosen() {
        assertThat(PublishedFigures.beside("spawn", "nsPerSpawn", 50_000, null)).get()
                .extracting(PublishedFigure::n).isEqualTo(10_000L);
    }

    @Test
    void aNoteWithACommaIsReadWhole() {
        assertThat(PublishedFigures.of("pingpong", "roundTripNsP50"))
                .filteredOn(f -> f.source().equals("un-million"))
                .singleElement().satisfies(f -> assertThat(f.note()).endsWith(", not a percentile"));
        assertThat(PublishedFigures.sourceTitle("un-million")).contains("\"Ce que coûte un processus BEAM\"");
    }
}
