package dev.loomlab.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The interval across fresh VMs, on synthetic per-VM figures. */
class IntervalTest {

    @Test
    void threeVmsGiveTheStudentTInterval() {
        // mean 100, sample standard deviation 10; t(0.975, 2) = 4.3027; half-width 4.3027 * 10 / sqrt(3) = 24.84
        Interval i = Interval.of(90, 100, 110);
        assertThat(i.count()).isEqualTo(3);
        assertThat(i.median()).isEqualTo(100);
        assertThat(i.mean()).isEqualTo(100);
        assertThat(i.low()).isCloseTo(75.16, within(0.01));
        assertThat(i.high()).isCloseTo(124.84, within(0.01));
        assertThat(i.relativeHalfWidth()).isCloseTo(0.2484, within(0.0001));
    }

    @Test
    void moreVmsOfTheSameSpreadNarrowTheInterval() {
        Interval five = Interval.of(90, 95, 100, 105, 110);
        Interval ten = Interval.of(90, 95, 100, 105, 110, 90, 95, 100, 105, 110);
        assertThat(ten.relativeHalfWidth()).isLessThan(five.relativeHalfWidth());
        // t(0.975, 4) = 2.7764, s = 7.906: half-width 9.82
        assertThat(five.high() - five.mean()).isCloseTo(9.82, within(0.01));
    }

    @Test
    void oneVmHasNoInterval() {
        Interval i = Interval.of(123);
        assertThat(i.has()).isFalse();
        assertThat(i.median()).isEqualTo(123);
        assertThat(i.low()).isNaN();
        assertThat(i.relativeHalfWidth()).isNaN();
        assertThat(i.contains(123)).isFalse();
    }

    @Test
    void aVmWithoutAFigureIsLeftOut() {
        assertThat(Interval.of(100, Double.NaN, 110).count()).isEqualTo(2);
        assertThat(Interval.of().count()).isZero();
        assertThat(Interval.of().median()).isNaN();
    }

    @Test
    void overlapAndContainment() {
        Interval a = Interval.of(90, 100, 110);
        Interval b = Interval.of(120, 125, 130);
        Interval far = Interval.of(1_000, 1_010, 1_020);
        assertThat(a.overlaps(b)).isTrue();
        assertThat(a.overlaps(far)).isFalse();
        assertThat(far.overlaps(a)).isFalse();
        assertThat(a.contains(110)).isTrue();
        assertThat(a.overlaps(Interval.of(100))).isFalse();
    }
}
