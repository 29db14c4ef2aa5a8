package dev.loomlab.view;

import java.util.List;

/**
 * A result that shows itself as one or more {@link Grid}s with notes: the display layer shows
 * each as a table in a notebook, and its {@code toString()} prints them in jshell.
 */
public interface Tabular {

    /** The rows this result shows, with the published figures beside ours where there are some. */
    Grid grid();

    /** Notes to show under the tables: what the figures include, caveats, a limit's error text. */
    default List<String> notes() {
        return List.of();
    }

    /** Every grid to show, the main one first; a notebook shows them one under the other. */
    default List<Grid> grids() {
        return List.of(grid());
    }

    /**
     * The grids one call away (every run of every VM, a log): a notebook shows them collapsed
     * under the main ones, jshell prints them after.
     */
    default List<Grid> details() {
        return List.of();
    }

    /**
     * The grids, then the details, as text with the notes under them, as jshell prints a result. A
     * narrowed grid whose every column a detail holds (its full grid) is left out, so that no figure
     * prints twice.
     */
    static String text(Tabular value) {
        StringBuilder text = new StringBuilder();
        for (Grid g : value.grids()) {
            if (value.details().stream().anyMatch(d -> holds(d, g))) {
                continue;
            }
            text.append(text.isEmpty() ? "" : "\n").append(g.toText());
        }
        for (Grid g : value.details()) {
            text.append(text.isEmpty() ? "" : "\n").append(g.toText());
        }
        for (String note : value.notes()) {
            text.append("  note: ").append(note).append('\n');
        }
        return text.toString();
    }

    /** True when {@code full} has the rows of {@code narrow} and every one of its columns, with the same values. */
    private static boolean holds(Grid full, Grid narrow) {
        return full != narrow && full.rowCount() == narrow.rowCount() && narrow.columns().stream()
                .allMatch(c -> full.columns().stream().anyMatch(f -> f.name().equals(c.name()) && f.values().equals(c.values())));
    }
}
