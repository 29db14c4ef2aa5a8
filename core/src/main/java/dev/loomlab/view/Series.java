package dev.loomlab.view;

import java.util.List;

/**
 * One line of a plot: a name for the legend, its points, and how it is drawn. Ours and the
 * published figures are both series, so a plot puts them side by side; {@link Plot#lines}
 * styles each through the series handle XChart returns, never by matching names.
 *
 * @param name  the legend, e.g. "JVM process (this machine)" or "BEAM (article)"
 * @param x     x values
 * @param y     y values, as many as x
 * @param style how it is drawn
 * @param group series with the same group (0 and up) share a colour, e.g. ours and the article's
 *              point for the same case; -1 for the chart's own colour
 * @param kind  the kind drawn, whose {@link Palette} colour and marker win over the group's; null if
 *              the series is not one kind
 * @param low   each point's 95% interval, its lower end (as many as y, NaN where a point has none), or
 *              empty for a series without intervals; drawn as a whisker from low to high, which need
 *              not be symmetric about y (an interval on the logarithms is not)
 * @param high  the upper ends, as {@code low}
 */
public record Series(String name, List<? extends Number> x, List<? extends Number> y, Style style, int group, Palette kind,
                     List<? extends Number> low, List<? extends Number> high) {

    /** How a series is drawn. */
    public enum Style {
        /** XChart's defaults: a line with circles. */
        PLAIN,
        /** Ours among many published lines: thick and dark, so it stands out. */
        OURS,
        /** A published line among ours: thin. */
        PUBLISHED,
        /** An older published line: thin and dashed. */
        PUBLISHED_OLDER,
        /** A few published points beside ours: diamonds. */
        PUBLISHED_POINTS,
        /** The same kind's second figure (a p99 beside a p50, a cold run beside the summary): thin and dashed. */
        SECONDARY,
        /** A level to read the others against (the idle row a log axis cannot show): dotted, no markers. */
        REFERENCE,
        /** Markers alone, no line (rows that have no value to draw, marked where they stopped). */
        MARKERS
    }

    public Series {
        if (x.size() != y.size()) {
            throw new IllegalArgumentException("series \"" + name + "\" has " + x.size() + " x values and " + y.size() + " y values");
        }
        if (low.size() != high.size() || (!low.isEmpty() && low.size() != y.size())) {
            throw new IllegalArgumentException("series \"" + name + "\" has " + y.size() + " y values, " + low.size()
                    + " low ends and " + high.size() + " high ends: give an interval per point, or none");
        }
        x = List.copyOf(x);
        y = List.copyOf(y);
        low = List.copyOf(low);
        high = List.copyOf(high);
    }

    /** A series without intervals. */
    public Series(String name, List<? extends Number> x, List<? extends Number> y, Style style, int group, Palette kind) {
        this(name, x, y, style, group, kind, List.of(), List.of());
    }

    /** A series of no one kind, in a style and colour group. */
    public Series(String name, List<? extends Number> x, List<? extends Number> y, Style style, int group) {
        this(name, x, y, style, group, null);
    }

    /** A plain series. */
    public Series(String name, List<? extends Number> x, List<? extends Number> y) {
        this(name, x, y, Style.PLAIN, -1);
    }

    /** One kind's series, drawn in its {@link Palette} colour and marker: {@code Series.of(Palette.PROCESS, "JVM process", xs, ys)}. */
    public static Series of(Palette kind, String name, List<? extends Number> x, List<? extends Number> y) {
        return new Series(name, x, y, Style.PLAIN, -1, kind);
    }

    /** The same points drawn in another style. */
    public Series styled(Style newStyle) {
        return new Series(name, x, y, newStyle, group, kind, low, high);
    }

    /** The same points in a colour group shared with other series. */
    public Series inGroup(int newGroup) {
        return new Series(name, x, y, style, newGroup, kind, low, high);
    }

    /** The same points as one kind, in its palette colour and marker. */
    public Series withKind(Palette newKind) {
        return new Series(name, x, y, style, group, newKind, low, high);
    }

    /** The same points with each one's 95% interval, {@code low[i]} to {@code high[i]} (NaN where a point has none). */
    public Series withIntervals(List<? extends Number> newLow, List<? extends Number> newHigh) {
        return new Series(name, x, y, style, group, kind, newLow, newHigh);
    }

    /** True if the points carry intervals. */
    public boolean hasIntervals() {
        return !low.isEmpty();
    }

    /** True if there is nothing to draw. */
    public boolean isEmpty() {
        return x.isEmpty();
    }
}
