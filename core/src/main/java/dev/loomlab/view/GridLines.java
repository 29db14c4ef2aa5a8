package dev.loomlab.view;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@link Grid} written a line at a time, for tables whose rows are not records (a list of
 * settings, a memory breakdown): declare the columns, then add rows of cells in that order.
 */
public final class GridLines {

    private final String title;
    private final List<String> names = new ArrayList<>();
    private final List<Grid.Type> types = new ArrayList<>();
    private final List<List<Object>> values = new ArrayList<>();

    /** Starts a grid titled {@code title}. */
    public GridLines(String title) {
        this.title = title;
    }

    /** Declares a text column. */
    public GridLines text(String name) {
        return column(name, Grid.Type.TEXT);
    }

    /** Declares a number column (NaN is an empty cell). */
    public GridLines number(String name) {
        return column(name, Grid.Type.NUMBER);
    }

    /** Declares a whole-number column (null is an empty cell). */
    public GridLines whole(String name) {
        return column(name, Grid.Type.WHOLE);
    }

    /** Adds a row: one cell per declared column, in order (strings for text, numbers for numbers, null for a missing whole number). */
    public GridLines row(Object... cells) {
        if (cells.length != names.size()) {
            throw new IllegalArgumentException("a row of \"" + title + "\" has " + names.size() + " cells, got " + cells.length);
        }
        for (int i = 0; i < cells.length; i++) {
            values.get(i).add(switch (types.get(i)) {
                case NUMBER -> ((Number) cells[i]).doubleValue();
                case WHOLE -> cells[i] == null ? null : ((Number) cells[i]).intValue();
                case FLAG -> (Boolean) cells[i];
                case TEXT -> String.valueOf(cells[i]);
            });
        }
        return this;
    }

    /** The grid. */
    public Grid build() {
        List<Grid.Column> columns = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            columns.add(new Grid.Column(names.get(i), types.get(i), values.get(i)));
        }
        return new Grid(title, columns);
    }

    private GridLines column(String name, Grid.Type type) {
        names.add(name);
        types.add(type);
        values.add(new ArrayList<>());
        return this;
    }
}
