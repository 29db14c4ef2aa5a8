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
 */
public record Series(String name, List<? extends Number> x, List<? extends Number> y, Style style, int group) {

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
        PUBLISHED_POINTS
    }

    public Series {
        if (x.size() != y.size()) {
            throw new IllegalArgumentException("series \"" + name + "\" has " + x.size() + " x values and " + y.size() + " y values");
        }
        x = List.copyOf(x);
        y = List.copyOf(y);
    }

    /** A plain series. */
    public Series(String name, List<? extends Number> x, List<? extends Number> y) {
        this(name, x, y, Style.PLAIN, -1);
    }

    /** The same points drawn in another style. */
    public Series styled(Style newStyle) {
        return new Series(name, x, y, newStyle, group);
    }

    /** The same points in a colour group shared with other series. */
    public Series inGroup(int newGroup) {
        return new Series(name, x, y, style, newGroup);
    }

    /** True if there is nothing to draw. */
    public boolean isEmpty() {
        return x.isEmpty();
    }
}
