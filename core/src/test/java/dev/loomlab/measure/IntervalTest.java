package dev.loomlab.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The interval across fresh VMs, on synthetic per-VM figures. */
class IntervalTest {

    @Test
    void threePositiveFiguresGiveTheStudentTIntervalOfTheirLogarithms() {
        // ln 90, ln 100, ln 110: mean 4.60182, sample standard deviation 0.100378; t(0.975, 2) = 4.3027;
        // half-width 4.3027 * 0.100378 / sqrt(3) = 0.249354; exp(4.60182 -/+ 0.249354) = 77.67, 127.89
        Interval i = Interval.of(90, 100, 110);
        assertThat(i.count()).isEqualTo(3);
        assertThat(i.geometric()).isTrue();
        assertThat(i.median()).isEqualTo(100);
        assertThat(i.centre()).isCloseTo(99.666, within(0.001));
        assertThat(i.low()).isCloseTo(77.67, within(0.01));
        assertThat(i.high()).isCloseTo(127.89, within(0.01));
        assertThat(i.relativeHalfWidth()).isCloseTo((127.89 - 77.67) / 2 / 99.666, within(0.0001));
    }

    @Test
    void aWideSpreadOfTimesNeverReachesBelowZero() {
        // the t-interval of the arithmetic mean of these would start at -4,446
        Interval i = Interval.of(100, 1_000, 5_000);
        assertThat(i.low()).isCloseTo(6.0035, within(0.001));
        assertThat(i.high()).isCloseTo(104_931.8, within(0.5));
        assertThat(i.centre()).isCloseTo(793.70, within(0.01));
    }

    @Test
    void aCountThatCanBeZeroGetsTheIntervalOfItsMeanFromZeroAtTheLowest() {
        // a count: mean 1, sample standard deviation sqrt(3); half-width 4.3027 * sqrt(3) / sqrt(3) = 4.3027;
        // the t-interval would start at -3.3027, below what a mean of counts can be
        Interval i = Interval.of(0, 0, 3);
        assertThat(i.geometric()).isFalse();
        assertThat(i.centre()).isEqualTo(1);
        assertThat(i.low()).isZero();
        assertThat(i.high()).isCloseTo(5.3027, within(0.0001));
    }

    @Test
    void figuresThatCanBeNegativeKeepTheWholeIntervalOfTheirMean() {
        // a memory delta at a small n can read below zero: mean 0, half-width 4.3027 * sqrt(3) / sqrt(3)
        Interval i = Interval.of(-1, -1, 2);
        assertThat(i.centre()).isZero();
        assertThat(i.low()).isCloseTo(-4.3027, within(0.0001));
        assertThat(i.high()).isCloseTo(4.3027, within(0.0001));
    }

    @Test
    void moreVmsOfTheSameSpreadNarrowTheInterval() {
        Interval five = Interval.of(90, 95, 100, 105, 110);
        Interval ten = Interval.of(90, 95, 100, 105, 110, 90, 95, 100, 105, 110);
        assertThat(ten.relativeHalfWidth()).isLessThan(five.relativeHalfWidth());
        assertThat(five.low()).isGreaterThan(Interval.of(90, 100, 110).low());
    }

    @Test
    void vmsThatAllReadTheSameFigureGiveThatFigureExactlyAndHoldIt() {
        // exp(ln 591) need not be 591 to the last bit: the ends are the figure itself
        Interval i = Interval.of(591, 591, 591);
        assertThat(i.low()).isEqualTo(591.0);
        assertThat(i.high()).isEqualTo(591.0);
        assertThat(i.contains(591)).isTrue();
        assertThat(i.relativeHalfWidth()).isZero();
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

    @Test
    void differencesGetTheIntervalOfTheirMeanEvenWhenAllArePositive() {
        // 1, 2, 3: mean 2, sample standard deviation 1; half-width 4.3027 / sqrt(3) = 2.4842, so below 0 is allowed
        Interval slopes = Interval.ofDifferences(1, 2, 3);
        assertThat(slopes.geometric()).isFalse();
        assertThat(slopes.low()).isCloseTo(-0.4842, org.assertj.core.api.Assertions.within(1e-3));
        assertThat(slopes.high()).isCloseTo(4.4842, org.assertj.core.api.Assertions.within(1e-3));
        assertThat(slopes.times(1000).high()).isCloseTo(4484.2, org.assertj.core.api.Assertions.within(1.0));
    }
}
