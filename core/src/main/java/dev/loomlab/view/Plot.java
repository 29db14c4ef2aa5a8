package dev.loomlab.view;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A chart described without a charting library: lines over x, or grouped bars over categories,
 * with at most two y axes of one unit each. The measuring core returns plots; the display layer
 * draws one with XChart ({@code display.Charts.of}) and keeps the chart rules (one unit per axis,
 * {@link Palette} colours per kind, category labels that do not overlap). Missing points (null,
 * NaN, or not positive on a log axis) are gaps, never zeros.
 *
 * @param title      the chart's title
 * @param xTitle     the x axis (lines only; empty for bars)
 * @param yTitle     the (left) y axis
 * @param logX       a logarithmic x axis (lines only)
 * @param logY       logarithmic y axes
 * @param series     the lines on the left axis, styled by {@link Series.Style} (empty for bars)
 * @param categories the bar groups, e.g. kinds or sizes (empty for lines)
 * @param bars       bar series name → values in category order (empty for lines)
 * @param rightTitle the right-hand y axis, empty if there is none; for bars, the bar series of that
 *                   name is drawn against it
 * @param right      the lines on the right-hand axis
 * @param barKinds   bar series name → the kind whose colour it is drawn in
 * @param yMax       the top of the (left) y axis, NaN to let the chart choose
 * @param labels     texts written on the plot in data coordinates
 * @param stacked    for bars: each category's bars stacked into one, the parts of a whole
 */
public record Plot(String title, String xTitle, String yTitle, boolean logX, boolean logY, List<Series> series,
                   List<String> categories, Map<String, List<? extends Number>> bars, String rightTitle,
                   List<Series> right, Map<String, Palette> barKinds, double yMax, List<Label> labels, boolean stacked) {

    /** A text on the plot at ({@code x}, {@code y}) in data coordinates, e.g. "starved at 3 s" over a marker. */
    public record Label(double x, double y, String text) {}

    public Plot {
        series = List.copyOf(series);
        categories = List.copyOf(categories);
        bars = Collections.unmodifiableMap(new LinkedHashMap<>(bars));
        right = List.copyOf(right);
        barKinds = Collections.unmodifiableMap(new LinkedHashMap<>(barKinds));
        labels = List.copyOf(labels);
        for (var e : bars.entrySet()) {
            if (e.getValue().size() != categories.size()) {
                throw new IllegalArgumentException("bar series \"" + e.getKey() + "\" has " + e.getValue().size()
                        + " values for " + categories.size() + " categories");
            }
        }
    }

    /** Lines with markers, one per series; log axes on request. */
    public static Plot lines(String title, String xTitle, String yTitle, boolean logX, boolean logY, List<Series> series) {
        return new Plot(title, xTitle, yTitle, logX, logY, series, List.of(), Map.of(), "", List.of(), Map.of(), Double.NaN, List.of(), false);
    }

    /** Lines with markers on linear axes. */
    public static Plot lines(String title, String xTitle, String yTitle, List<Series> series) {
        return lines(title, xTitle, yTitle, false, false, series);
    }

    /**
     * Lines against two y axes, one unit each: {@code left} on the left axis titled
     * {@code leftTitle}, {@code right} on the right one. Both axes are logarithmic or neither.
     */
    public static Plot lines(String title, String xTitle, boolean logX, boolean logY,
                             String leftTitle, List<Series> left, String rightTitle, List<Series> right) {
        return new Plot(title, xTitle, leftTitle, logX, logY, left, List.of(), Map.of(), rightTitle, right, Map.of(),
                Double.NaN, List.of(), false);
    }

    /**
     * Grouped bars: one group per category, one bar per series (same categories in each).
     *
     * @param categories the group labels, e.g. kinds or sizes
     * @param series     name → values in category order
     */
    public static Plot bars(String title, String yTitle, boolean logY, List<String> categories,
                            Map<String, List<? extends Number>> series) {
        return bars(title, yTitle, logY, categories, series, Map.of());
    }

    /** The same, with the series that are one kind each ({@code kinds}: series name → kind) in their kind's colour. */
    public static Plot bars(String title, String yTitle, boolean logY, List<String> categories,
                            Map<String, List<? extends Number>> series, Map<String, Palette> kinds) {
        return new Plot(title, "", yTitle, false, logY, List.of(), categories, series, "", List.of(), kinds, Double.NaN, List.of(), false);
    }

    /**
     * Two bars per category, one unit each: {@code left} against the left axis titled
     * {@code leftTitle}, {@code right} against the right one; the axis titles are the legend too.
     */
    public static Plot bars(String title, boolean logY, List<String> categories,
                            String leftTitle, List<? extends Number> left, String rightTitle, List<? extends Number> right) {
        Map<String, List<? extends Number>> series = new LinkedHashMap<>();
        series.put(leftTitle, left);
        series.put(rightTitle, right);
        return new Plot(title, "", leftTitle, false, logY, List.of(), categories, series, rightTitle, List.of(), Map.of(),
                Double.NaN, List.of(), false);
    }

    /**
     * Stacked bars: one bar per category, made of one part per series, in series order from the
     * bottom (a whole cut into its parts, e.g. a hop into its segments).
     */
    public static Plot stackedBars(String title, String yTitle, List<String> categories, Map<String, List<? extends Number>> parts) {
        return new Plot(title, "", yTitle, false, false, List.of(), categories, parts, "", List.of(), Map.of(), Double.NaN,
                List.of(), true);
    }

    /** The same plot with the top of its (left) y axis at {@code max}. */
    public Plot withYMax(double max) {
        return new Plot(title, xTitle, yTitle, logX, logY, series, categories, bars, rightTitle, right, barKinds, max, labels, stacked);
    }

    /** The same plot with {@code text} written at ({@code x}, {@code y}). */
    public Plot withLabel(double x, double y, String text) {
        List<Label> more = new ArrayList<>(labels);
        more.add(new Label(x, y, text));
        return new Plot(title, xTitle, yTitle, logX, logY, series, categories, bars, rightTitle, right, barKinds, yMax, more, stacked);
    }

    /** True for grouped bars, false for lines. */
    public boolean isBars() {
        return !categories.isEmpty();
    }

    /** True when a second, right-hand y axis is drawn. */
    public boolean hasRightAxis() {
        return !rightTitle.isEmpty();
    }

    /**
     * Where a plot goes when it is printed as text, set once by a display that can draw it (in
     * {@code ./loomlab jshell}, the toolkit's {@code display.ChartFiles}: a PNG file); null where
     * nothing can (a plain core class path), and in the notebook kernel, which shows plots itself.
     */
    private static volatile Function<Plot, String> printed;

    /** Sets what printing a plot also does, returning one line to follow its title ("written to ..."). */
    public static void whenPrinted(Function<Plot, String> display) {
        printed = display;
    }

    /** {@code bars "title"}, followed, where a display is set ({@link #whenPrinted}), by where it drew it. */
    @Override
    public String toString() {
        String name = (isBars() ? "bars" : "lines") + " \"" + title + "\"";
        Function<Plot, String> display = printed;
        return display == null ? name : name + ": " + display.apply(this);
    }
}
