package dev.loomlab.measure;

import dev.loomlab.view.Grid;
import java.util.Arrays;

/**
 * A least-squares line through (x, y) points, e.g. heap bytes against the number of processes
 * across tiers: {@link #slope()} is the marginal cost (bytes per additional process),
 * {@link #intercept()} the fixed overhead, and {@link #residuals()} what the line misses at each
 * point. Small tiers' averages (y / x) carry intercept / x on top of the slope, which is why a
 * fit, not the averages, tells whether the cost per process stays flat.
 *
 * @param x         the sizes
 * @param y         the measured totals
 * @param slope     dy/dx of the best line
 * @param intercept y at x = 0 on that line
 * @param residuals y - (intercept + slope * x), per point
 */
public record LinearFit(double[] x, double[] y, double slope, double intercept, double[] residuals) {

    /** Fits {@code y = intercept + slope * x}; needs at least two distinct x. */
    public static LinearFit of(double[] x, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException("x and y differ in length: " + x.length + " and " + y.length);
        }
        if (Arrays.stream(x).distinct().count() < 2) {
            throw new IllegalArgumentException("a line needs at least two distinct sizes, got " + Arrays.toString(x));
        }
        double meanX = Arrays.stream(x).average().orElseThrow();
        double meanY = Arrays.stream(y).average().orElseThrow();
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < x.length; i++) {
            sxy += (x[i] - meanX) * (y[i] - meanY);
            sxx += (x[i] - meanX) * (x[i] - meanX);
        }
        double slope = sxy / sxx;
        double intercept = meanY - slope * meanX;
        double[] residuals = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            residuals[i] = y[i] - (intercept + slope * x[i]);
        }
        return new LinearFit(x.clone(), y.clone(), slope, intercept, residuals);
    }

    /** The line's value at {@code at}. */
    public double predict(double at) {
        return intercept + slope * at;
    }

    /** The largest |residual| relative to the measured y at that point (0 for a perfect line). */
    public double worstRelativeResidual() {
        double worst = 0;
        for (int i = 0; i < x.length; i++) {
            double scale = Math.abs(y[i]) > 0 ? Math.abs(y[i]) : 1;
            worst = Math.max(worst, Math.abs(residuals[i]) / scale);
        }
        return worst;
    }

    /**
     * True when the total grows linearly: every point lies within {@code tolerance} (relative) of
     * the line, and the slope is positive. Then the cost per additional unit is flat, at the slope.
     */
    public boolean linear(double tolerance) {
        return slope > 0 && worstRelativeResidual() <= tolerance;
    }

    /** The verdict in words, e.g. "linear: 1,024 bytes per additional process, 2 MiB fixed; every tier within 3% of the line". */
    public String verdict(String unitPer, double tolerance) {
        String line = Grid.print(slope) + " " + unitPer + " (slope), " + Grid.print(intercept) + " fixed (intercept)";
        double worst = worstRelativeResidual() * 100;
        return linear(tolerance)
                ? String.format("linear, so flat per additional unit: %s; every tier within %.1f%% of the line", line, worst)
                : String.format("not linear within %.0f%%: %s; a tier is %.1f%% off the line", tolerance * 100, line, worst);
    }
}
