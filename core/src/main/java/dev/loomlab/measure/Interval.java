package dev.loomlab.measure;

import java.util.Arrays;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * A figure over several fresh VMs: the median of the per-VM figures, and the 95% confidence
 * interval of their mean by Student's t (the interval Georges, Buytaert and Eeckhout recommend for
 * comparing JVM figures across invocations, OOPSLA 2007). With one VM there is no interval:
 * {@link #low()} and {@link #high()} are NaN and {@link #has()} is false. NaN figures (a VM that
 * produced none) are left out.
 *
 * @param count  how many VMs gave a figure
 * @param median the median of their figures
 * @param mean   their mean, the interval's centre
 * @param low    the interval's lower end, NaN with fewer than two VMs
 * @param high   the interval's upper end, NaN with fewer than two VMs
 */
public record Interval(int count, double median, double mean, double low, double high) {

    /** How the interval is computed, in words for notes and JSON. */
    public static final String METHOD = "95% t-interval of the mean across fresh VMs (Georges et al. 2007)";
    /** The confidence level. */
    public static final double LEVEL = 0.95;

    /** The interval of the per-VM figures {@code perVm}. */
    public static Interval of(double... perVm) {
        double[] values = Arrays.stream(perVm).filter(v -> !Double.isNaN(v)).toArray();
        Spread spread = Spread.of(values);
        if (values.length == 0) {
            return new Interval(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double mean = Arrays.stream(values).average().orElseThrow();
        if (values.length == 1) {
            return new Interval(1, spread.median(), mean, Double.NaN, Double.NaN);
        }
        double variance = Arrays.stream(values).map(v -> (v - mean) * (v - mean)).sum() / (values.length - 1);
        double t = new TDistribution(values.length - 1).inverseCumulativeProbability(1 - (1 - LEVEL) / 2);
        double half = t * Math.sqrt(variance / values.length);
        return new Interval(values.length, spread.median(), mean, mean - half, mean + half);
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
        return (high - low) / 2 / Math.abs(mean);
    }

    /** True when {@code value} lies in the interval (ends included); false without one. */
    public boolean contains(double value) {
        return has() && value >= low && value <= high;
    }

    /** True when both intervals exist and share at least one point. */
    public boolean overlaps(Interval other) {
        return has() && other.has() && low <= other.high && other.low <= high;
    }
}
