package dev.loomlab.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.published.PublishedFigures;
import org.junit.jupiter.api.Test;

/** The limit table compares like with like: a lowered limit beside the article's lowered +P, defaults beside defaults. */
class LimitComparisonTest {

    @Test
    void aLoweredLimitSitsBesideTheArticlesLoweredPlusP() {
        assertThat(PublishedFigures.beside("limit", "processLimit", 2_000, null).orElseThrow().value()).isEqualTo(1024);
    }

    @Test
    void theDefaultsAreComparedTheSameWay() {
        assertThat(LimitExperiment.defaults()).contains("the toolkit's 1,048,576 (2^20) against BEAM's 1,048,576 (+P)");
    }
}
