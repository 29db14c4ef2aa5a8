package dev.loomlab.view;

import java.util.ArrayList;
import java.util.List;

/**
 * One column of a {@link Grid} filled a cell at a time, for tables assembled column by column
 * (a demo's rows as they come): create the columns, append to each, then {@link Grid#create}.
 */
public final class GridColumn {

    private final String name;
    private final Grid.Type type;
    private final List<Object> values = new ArrayList<>();

    private GridColumn(String name, Grid.Type type) {
        this.name = name;
        this.type = type;
    }

    /** A text column. */
    public static GridColumn text(String name) {
        return new GridColumn(name, Grid.Type.TEXT);
    }

    /** A number column; NaN is an empty cell. */
    public static GridColumn number(String name) {
        return new GridColumn(name, Grid.Type.NUMBER);
    }

    /** A whole-number column. */
    public static GridColumn whole(String name) {
        return new GridColumn(name, Grid.Type.WHOLE);
    }

    /** Appends a text cell (to a text column). */
    public GridColumn append(String value) {
        return add(Grid.Type.TEXT, value);
    }

    /** Appends a number (to a number or whole-number column). */
    public GridColumn append(long value) {
        return type == Grid.Type.WHOLE ? add(Grid.Type.WHOLE, Math.toIntExact(value)) : add(Grid.Type.NUMBER, (double) value);
    }

    /** Appends a number (to a number column). */
    public GridColumn append(double value) {
        return add(Grid.Type.NUMBER, value);
    }

    /** Appends an empty cell. */
    public GridColumn appendMissing() {
        values.add(switch (type) {
            case NUMBER -> Double.NaN;
            case TEXT -> "";
            default -> null;
        });
        return this;
    }

    /** True while no cell has been appended. */
    public boolean isEmpty() {
        return values.isEmpty();
    }

    Grid.Column column() {
        return new Grid.Column(name, type, values);
    }

    private GridColumn add(Grid.Type expected, Object value) {
        if (type != expected) {
            throw new IllegalArgumentException("column \"" + name + "\" holds " + type + ", not " + expected);
        }
        values.add(value);
        return this;
    }
}
