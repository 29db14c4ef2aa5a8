package dev.loomlab.display;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * The one way a table is built from records: name each column and say how to read it from a row.
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

    /** Lets the caller add columns the row type cannot describe alone (rare). */
    public Tables<R> with(Consumer<List<Column<?>>> more) {
        more.accept(columns);
        return this;
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
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return Double.NaN;
        }
        return Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 100) / 100.0;
    }

    /** The nearest whole number; NaN stays NaN (an empty cell, where {@code Math.round} would say 0). */
    public static double nearest(double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? Double.NaN : Math.round(value);
    }

    /** ours / theirs to two decimals, NaN when either is missing or theirs is zero. */
    public static double ratio(double ours, double theirs) {
        if (Double.isNaN(ours) || Double.isNaN(theirs) || theirs == 0) {
            return Double.NaN;
        }
        return Math.round(ours / theirs * 100) / 100.0;
    }
}
