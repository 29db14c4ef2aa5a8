package dev.loomlab.display;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.columns.Column;
import dev.loomlab.view.Grid;

/**
 * Tablesaw tables: a core {@link Grid} drawn as one ({@link #from}), and, for the report's HTML, a
 * table built from records (notebook results build a {@code Grid} instead): name each column and
 * say how to read it from a row.
 * <pre>{@code
 * Table t = Tables.of("Idle weight", rows)
 *         .text("unit", Row::what)
 *         .number("bytes per unit", Row::bytes)
 *         .whole("n", Row::n)
 *         .build();
 * }</pre>
 * A number that is NaN is an empty cell, not a zero. Values are kept as given and print as
 * {@link Figures} says (whole numbers from 100 up, three significant digits below).
 *
 * @param <R> the row type
 */
public final class Tables<R> {

    private final String title;
    private final List<R> rows;
    private final List<Column<?>> columns = new ArrayList<>();

    private Tables(String title, List<R> rows) {
        this.title = title;
        this.rows = List.copyOf(rows);
    }

    /** Starts a table titled {@code title} with one line per row. */
    public static <R> Tables<R> of(String title, List<R> rows) {
        return new Tables<>(title, rows);
    }

    /** A text column. */
    public Tables<R> text(String name, Function<? super R, String> read) {
        StringColumn column = StringColumn.create(name);
        rows.forEach(r -> column.append(String.valueOf(read.apply(r))));
        return add(column);
    }

    /** A number column; NaN is an empty cell. */
    public Tables<R> number(String name, ToDoubleFunction<? super R> read) {
        DoubleColumn column = DoubleColumn.create(name);
        rows.forEach(r -> {
            double v = read.applyAsDouble(r);
            if (Double.isNaN(v)) {
                column.appendMissing();
            } else {
                column.append(v);
            }
        });
        return add(column);
    }

    /** A whole-number column (counts, sizes). */
    public Tables<R> whole(String name, ToIntFunction<? super R> read) {
        IntColumn column = IntColumn.create(name);
        rows.forEach(r -> column.append(read.applyAsInt(r)));
        return add(column);
    }

    /** A core {@link Grid} as a Tablesaw table: the same title, columns and cells (NaN an empty cell). */
    public static Table from(Grid grid) {
        List<Column<?>> columns = new ArrayList<>();
        for (Grid.Column c : grid.columns()) {
            switch (c.type()) {
                case TEXT -> {
                    StringColumn column = StringColumn.create(c.name());
                    c.values().forEach(v -> column.append(v == null ? "" : String.valueOf(v)));
                    columns.add(column);
                }
                case NUMBER -> {
                    DoubleColumn column = DoubleColumn.create(c.name());
                    c.values().forEach(v -> {
                        if (v == null || Double.isNaN(((Number) v).doubleValue())) {
                            column.appendMissing();
                        } else {
                            column.append(((Number) v).doubleValue());
                        }
                    });
                    columns.add(column);
                }
                case WHOLE -> {
                    IntColumn column = IntColumn.create(c.name());
                    c.values().forEach(v -> {
                        if (v == null) {
                            column.appendMissing();
                        } else {
                            column.append(((Number) v).intValue());
                        }
                    });
                    columns.add(column);
                }
                case FLAG -> {
                    BooleanColumn column = BooleanColumn.create(c.name());
                    c.values().forEach(v -> column.append((Boolean) v));
                    columns.add(column);
                }
            }
        }
        return Figures.apply(Table.create(grid.title(), columns.toArray(Column<?>[]::new)));
    }

    /** The table. */
    public Table build() {
        return Figures.apply(Table.create(title, columns.toArray(Column<?>[]::new)));
    }

    private Tables<R> add(Column<?> column) {
        columns.add(column);
        return this;
    }

    /**
     * A figure as the tables show it: whole above 100, two decimals below; NaN and infinities
     * stay NaN (an empty cell).
     */
    public static double round(double value) {
        return Grid.round(value);
    }

    /** ours / theirs to two decimals, NaN when either is missing or theirs is zero. */
    public static double ratio(double ours, double theirs) {
        return Grid.ratio(ours, theirs);
    }
}
