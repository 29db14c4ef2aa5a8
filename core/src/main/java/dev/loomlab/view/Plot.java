package dev.loomlab.view;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A chart described without a charting library: lines over x, or grouped bars over categories.
 * The measuring core returns plots; the display layer draws one with XChart
 * ({@code display.Charts.of}). Missing points (null, NaN, or not positive on a log axis) are
 * gaps, never zeros.
 *
 * @param title      the chart's title
 * @param xTitle     the x axis (lines only; empty for bars)
 * @param yTitle     the y axis
 * @param logX       a logarithmic x axis (lines only)
 * @param logY       a logarithmic y axis
 * @param series     the lines, styled by {@link Series.Style} (empty for bars)
 * @param categories the bar groups, e.g. kinds or sizes (empty for lines)
 * @param bars       bar series name → values in category order (empty for lines)
 */
public record Plot(String title, String xTitle, String yTitle, boolean logX, boolean logY, List<Series> series,
                   List<String> categories, Map<String, List<? extends Number>> bars) {

    public Plot {
        series = List.copyOf(series);
        categories = List.copyOf(categories);
        bars = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(bars));
        for (var e : bars.entrySet()) {
            if (e.getValue().size() != categories.size()) {
                throw new IllegalArgumentException("bar series \"" + e.getKey() + "\" has " + e.getValue().size()
                        + " values for " + categories.size() + " categories");
            }
        }
    }

    /** Lines with markers, one per series; log axes on request. */
    public static Plot lines(String title, String xTitle, String yTitle, boolean logX, boolean logY, List<Series> series) {
        return new Plot(title, xTitle, yTitle, logX, logY, series, List.of(), Map.of());
    }

    /** Lines with markers on linear axes. */
    public static Plot lines(String title, String xTitle, String yTitle, List<Series> series) {
        return lines(title, xTitle, yTitle, false, false, series);
    }

    /**
     * Grouped bars: one group per category, one bar per series (same categories in each).
     *
     * @param categories the group labels, e.g. kinds or sizes
     * @param series     name → values in category order
     */
    public static Plot bars(String title, String yTitle, boolean logY, List<String> categories,
                            Map<String, List<? extends Number>> series) {
        return new Plot(title, "", yTitle, false, logY, List.of(), categories, series);
    }

    /** True for grouped bars, false for lines. */
    public boolean isBars() {
        return !categories.isEmpty();
    }

    @Override
    public String toString() {
        return (isBars() ? "bars" : "lines") + " \"" + title + "\"";
    }
}
