package dev.loomlab.measure;

import java.util.Arrays;

/**
 * The spread of a few measured values: median, minimum, maximum and the quartiles (linear
 * interpolation between closest ranks). NaN values are left out; with none left, every field is NaN.
 */
public record Spread(int count, double median, double min, double max, double q1, double q3) {

    /** The spread of {@code values}. */
    public static Spread of(double... values) {
        double[] sorted = Arrays.stream(values).filter(v -> !Double.isNaN(v)).sorted().toArray();
        if (sorted.length == 0) {
            return new Spread(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        return new Spread(sorted.length, quantile(sorted, 0.5), sorted[0], sorted[sorted.length - 1],
                quantile(sorted, 0.25), quantile(sorted, 0.75));
    }

    /** (max - min) / median: 0 when all agree; NaN without values; infinite around a zero median. */
    public double relativeRange() {
        if (count == 0) {
            return Double.NaN;
        }
        if (max == min) {
            return 0;
        }
        return (max - min) / Math.abs(median);
    }

    private static double quantile(double[] sorted, double q) {
        double position = q * (sorted.length - 1);
        int lower = (int) Math.floor(position);
        int upper = (int) Math.ceil(position);
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - lower);
    }
}
