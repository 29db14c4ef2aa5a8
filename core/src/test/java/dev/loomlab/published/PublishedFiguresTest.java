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
    void aFigureStandsBesideOursOnlyWhenItsNIsWithinTenTimesOurs() {
        // KLab's ring is published at 10,000,000: beside a ring of 10,000 it is not comparable
        assertThat(PublishedFigures.nearest("ring-hibernated", "nsPerHop", 10_000, 1L)).isPresent();
        assertThat(PublishedFigures.beside("ring-hibernated", "nsPerHop", 10_000, 1L)).isEmpty();
        assertThat(PublishedFigures.beside("ring-hibernated", "nsPerHop", 1_000_000, 1L)).get()
                .extracting(PublishedFigure::n).isEqualTo(10_000_000L);
        // the hibernated weight at 10,000: the nearest published n is 1 (one process), too far off
        PublishedFigure one = PublishedFigures.nearest("hibernate", "bytesPerProcess", 10_000, null).orElseThrow();
        assertThat(one.n()).isEqualTo(1L);
        assertThat(PublishedFigures.comparable(one, 10_000)).isFalse();
        assertThat(PublishedFigures.label(one, 10_000)).startsWith("published at n=1, not comparable with n=10,000 (no ratio)");
        // exactly ten times either way is still comparable; a figure without n always is
        PublishedFigure thousand = PublishedFigures.nearest("spawn", "nsPerSpawn", 1_000, null).orElseThrow();
        assertThat(PublishedFigures.comparable(thousand, 10_000)).isTrue();
        assertThat(PublishedFigures.comparable(thousand, 100)).isTrue();
        assertThat(PublishedFigures.comparable(thousand, 10_001)).isFalse();
        assertThat(PublishedFigures.beside("limit", "processLimit", 5, null)).isPresent();
    }

    @Test
    void aNoteWithACommaIsReadWhole() {
        assertThat(PublishedFigures.of("pingpong", "roundTripNsP50"))
                .filteredOn(f -> f.source().equals("un-million"))
                .singleElement().satisfies(f -> assertThat(f.note()).endsWith(", not a percentile"));
        assertThat(PublishedFigures.sourceTitle("un-million")).contains("\"Ce que coûte un processus BEAM\"");
    }

    @Test
    void everySourceIsNamedWithoutAnyFileOfOurs() {
        assertThat(PublishedFigures.sources()).extracting(Source::id)
                .contains("un-million", "karui", "million-tasks-2024", "million-tasks-2023", "klab-t2000", "unter-last", "peers");
        assertThat(PublishedFigures.sources()).allSatisfy(s -> {
            assertThat(s.title()).isNotBlank();
            assertThat(s.author()).isNotBlank();
            assertThat(s.language()).isNotBlank();
            assertThat(s.address()).satisfiesAnyOf(a -> assertThat(a).isEmpty(), a -> assertThat(a).startsWith("https://"));
            assertThat(s.cite()).doesNotContain("shared/", ".txt");
        });
        assertThat(PublishedFigures.sourceTitle("karui")).contains("(Japanese)", "https://github.com/makoto-developer/");
        assertThat(PublishedFigures.sourcesTable().rowCount()).isEqualTo(PublishedFigures.sources().size());
    }
}
