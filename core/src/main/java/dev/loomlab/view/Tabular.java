package dev.loomlab.view;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

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
     * narrowed grid is printed narrow, followed by one line naming the columns its full grid (a
     * detail) adds; that full grid is left out, so that no figure prints twice.
     */
    static String text(Tabular value) {
        return text(value, false);
    }

    /**
     * The same, with {@code everyColumn}: each narrowed grid printed as its full grid instead, under
     * the narrowed grid's title (the command line's {@code --details}).
     */
    static String text(Tabular value, boolean everyColumn) {
        StringBuilder text = new StringBuilder();
        List<Grid> details = value.details(); // read once: a Sectioned result builds its section at each call
        List<Grid> printedFull = new ArrayList<>();
        for (Grid g : value.grids()) {
            Optional<Grid> full = details.stream().filter(d -> holds(d, g)).findFirst();
            full.ifPresent(printedFull::add);
            text.append(text.isEmpty() ? "" : "\n").append((everyColumn ? full.map(f -> f.titled(g.title())).orElse(g) : g).toText());
            if (!everyColumn) {
                full.ifPresent(f -> text.append(moreColumns(g, f)));
            }
        }
        for (Grid g : details) {
            if (!printedFull.contains(g)) {
                text.append(text.isEmpty() ? "" : "\n").append(g.toText());
            }
        }
        for (String note : value.notes()) {
            text.append("  note: ").append(note).append('\n');
        }
        return text.toString();
    }

    /** "  4 more columns in .details() (--details on the command line): a, b, c, d" and a line break. */
    private static String moreColumns(Grid narrow, Grid full) {
        List<String> more = full.columnNames().stream().filter(c -> !narrow.columnNames().contains(c)).toList();
        return more.isEmpty() ? "" : String.format("  %d more column%s in .details() (--details on the command line): %s\n",
                more.size(), more.size() == 1 ? "" : "s", String.join(", ", more));
    }

    /** True when {@code full} has the rows of {@code narrow} and every one of its columns, with the same values. */
    private static boolean holds(Grid full, Grid narrow) {
        return full != narrow && full.rowCount() == narrow.rowCount() && narrow.columns().stream()
                .allMatch(c -> full.columns().stream().anyMatch(f -> f.name().equals(c.name()) && f.values().equals(c.values())));
    }
}
