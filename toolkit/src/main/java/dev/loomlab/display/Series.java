package dev.loomlab.display;

import java.util.List;

/**
 * One line of a plot: a name for the legend and its points. Ours and the published figures are
 * both series, so a plot puts them side by side.
 *
 * @param name the legend, e.g. "JVM process (this machine)" or "BEAM (article)"
 * @param x    x values
 * @param y    y values, as many as x
 */
public record Series(String name, List<? extends Number> x, List<? extends Number> y) {

    public Series {
        if (x.size() != y.size()) {
            throw new IllegalArgumentException("series \"" + name + "\" has " + x.size() + " x values and " + y.size() + " y values");
        }
        x = List.copyOf(x);
        y = List.copyOf(y);
    }

    /** True if there is nothing to draw. */
    public boolean isEmpty() {
        return x.isEmpty();
    }
}
