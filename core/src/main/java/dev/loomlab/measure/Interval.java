package dev.loomlab.measure;

import java.util.Arrays;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * A figure over several fresh VMs: the median of the per-VM figures, and a 95% confidence interval
 * by Student's t (the interval Georges, Buytaert and Eeckhout recommend for comparing JVM figures
 * across invocations, OOPSLA 2007). When every figure is positive (a time, a size) the interval is
 * taken on their logarithms: it is the interval of their geometric mean, never reaches below zero,
 * and is as wide upwards as a ratio as it is downwards. Otherwise (a count that can be 0) it is the
 * interval of their arithmetic mean; when no figure is below zero, as with a count, that interval
 * starts at 0 at the lowest, because a mean of such figures cannot be negative. VMs that all read the same figure give an interval of that figure
 * alone, which says they agreed to the resolution of the figure (a clock's tick), not that it is exact.
 * Figures that are differences (a slope between two rows), which may take either sign, take the
 * interval of their arithmetic mean always ({@link #ofDifferences}).
 * With one VM there is no interval: {@link #low()} and
 * {@link #high()} are NaN and {@link #has()} is false. NaN figures (a VM that produced none) are
 * left out.
 *
 * @param count     how many VMs gave a figure
 * @param median    the median of their figures
 * @param centre    the interval's centre: their geometric mean when {@code geometric}, else their mean
 * @param low       the interval's lower end, NaN with fewer than two VMs
 * @param high      the interval's upper end, NaN with fewer than two VMs
 * @param geometric true when the interval was taken on the logarithms (every figure positive)
 */
public record Interval(int count, double median, double centre, double low, double high, boolean geometric) {

    /** How the interval is computed, in words for notes and JSON. */
    public static final String METHOD = "95% t-interval across fresh VMs (Georges et al. 2007), on the logarithms "
            + "of the figures when all are positive (an interval of their geometric mean), from 0 at the lowest "
            + "when none is negative (a count)";
    /** The confidence level. */
    public static final double LEVEL = 0.95;

    /** The interval of the per-VM figures {@code perVm}. */
    public static Interval of(double... perVm) {
        return of(true, perVm);
    }

    /**
     * The interval of the mean of per-VM figures that are differences (a slope, a change), which may take
     * either sign: never on their logarithms, even when every one is positive.
     */
    public static Interval ofDifferences(double... perVm) {
        return of(false, perVm);
    }

    private static Interval of(boolean logWhenPositive, double... perVm) {
        double[] values = Arrays.stream(perVm).filter(v -> !Double.isNaN(v)).toArray();
        if (values.length == 0) {
            return new Interval(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, false);
        }
        double median = Spread.of(values).median();
        boolean geometric = logWhenPositive && Arrays.stream(values).allMatch(v -> v > 0);
        double[] scaled = geometric ? Arrays.stream(values).map(Math::log).toArray() : values;
        double mean = Arrays.stream(scaled).average().orElseThrow();
        if (values.length == 1) {
            return new Interval(1, median, values[0], Double.NaN, Double.NaN, geometric);
        }
        if (Arrays.stream(values).allMatch(v -> v == values[0])) {
            // every VM read the same figure (to the clock's resolution): the interval is that figure, exactly
            return new Interval(values.length, median, values[0], values[0], values[0], geometric);
        }
        double variance = Arrays.stream(scaled).map(v -> (v - mean) * (v - mean)).sum() / (values.length - 1);
        double t = new TDistribution(values.length - 1).inverseCumulativeProbability(1 - (1 - LEVEL) / 2);
        double half = t * Math.sqrt(variance / values.length);
        if (geometric) {
            return new Interval(values.length, median, Math.exp(mean), Math.exp(mean - half), Math.exp(mean + half), true);
        }
        // a mean of figures none of which is negative (a count) is not negative either
        double low = logWhenPositive && Arrays.stream(values).allMatch(v -> v >= 0) ? Math.max(0, mean - half) : mean - half;
        return new Interval(values.length, median, mean, low, mean + half, false);
    }

    /** True when there is an interval: two VMs or more. */
    public boolean has() {
        return count >= 2;
    }

    /** Half the interval's width as a fraction of its centre; NaN without an interval, infinite around 0. */
    public double relativeHalfWidth() {
        if (!has()) {
            return Double.NaN;
        }
        return (high - low) / 2 / Math.abs(centre);
    }

    /** True when {@code value} lies in the interval (ends included); false without one. */
    public boolean contains(double value) {
        return has() && value >= low && value <= high;
    }

    /** True when both intervals exist and share at least one point. */
    public boolean overlaps(Interval other) {
        return has() && other.has() && low <= other.high && other.low <= high;
    }

    /** The same interval in another unit: every figure times {@code factor} (positive, e.g. 1,000 for µs to ns). */
    public Interval times(double factor) {
        if (!(factor > 0)) {
            throw new IllegalArgumentException("an interval changes unit by a positive factor, got " + factor);
        }
        return new Interval(count, median * factor, centre * factor, low * factor, high * factor, geometric);
    }
}
