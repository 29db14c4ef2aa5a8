package dev.loomlab.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SpreadTest {

    @Test
    void medianQuartilesAndRange() {
        Spread s = Spread.of(5, 1, 3, 2, 4);
        assertThat(s.median()).isEqualTo(3);
        assertThat(s.min()).isEqualTo(1);
        assertThat(s.max()).isEqualTo(5);
        assertThat(s.q1()).isEqualTo(2);
        assertThat(s.q3()).isEqualTo(4);
        assertThat(s.relativeRange()).isEqualTo(4.0 / 3);
    }

    @Test
    void evenCountsInterpolate() {
        assertThat(Spread.of(1, 2, 3, 4).median()).isEqualTo(2.5);
    }

    @Test
    void nanIsLeftOutAndNothingGivesNan() {
        assertThat(Spread.of(1, Double.NaN, 3).median()).isEqualTo(2);
        assertThat(Spread.of(Double.NaN).median()).isNaN();
        assertThat(Spread.of().count()).isZero();
    }
}
