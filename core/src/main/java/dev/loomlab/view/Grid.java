package dev.loomlab.view;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;

/**
 * A table described without a table library: a title and named, typed columns of equal length.
 * The measuring core returns grids; the display layer turns one into a Tablesaw table
 * ({@code display.Tables.from}), and {@link #toText()} prints it in jshell.
 * <pre>{@code
 * Grid g = Grid.of("Idle weight", rows)
 *         .text("unit", Row::what)
 *         .number("bytes per unit", Row::bytes)
 *         .whole("n", Row::n)
 *         .build();
 * }</pre>
 * A number that is NaN is an empty cell, not a zero. Values are kept as given; a decimal prints
 * through {@link #print} in the text form and in the notebook's table alike (809.6694946289062
 * as "810"). Round a value itself with {@link #round} where the figure, not only its print,
 * should read as the articles print theirs.
 *
 * @param title   the caption
 * @param columns the columns, in display order, all of one length
 */
public record Grid(String title, List<Column> columns) {

    /** What a column holds. */
    public enum Type {
        /** Strings. */
        TEXT,
        /** Doubles; NaN is an empty cell. */
        NUMBER,
        /** Integers (counts, sizes). */
        WHOLE,
        /** Booleans. */
        FLAG
    }

    /**
     * One column: its name, type and values (String, Double, Integer or Boolean by type).
     *
     * @param name   the header
     * @param type   what the values are
     * @param values one per row
     */
    public record Column(String name, Type type, List<Object> values) {
        public Column {
            Objects.requireNonNull(name, "name");
            values = Collections.unmodifiableList(new ArrayList<>(values));
        }
    }

    public Grid {
        title = title == null ? "" : title;
        columns = List.copyOf(columns);
        for (Column c : columns) {
            if (c.values().size() != columns.get(0).values().size()) {
                throw new IllegalArgumentException("column \"" + c.name() + "\" has " + c.values().size()
                        + " rows where \"" + columns.get(0).name() + "\" has " + columns.get(0).values().size());
            }
        }
    }

    /** Starts a grid titled {@code title} with one line per row. */
    public static <R> Builder<R> of(String title, List<R> rows) {
        return new Builder<>(title, rows);
    }

    /** How many rows. */
    public int rowCount() {
        return columns.isEmpty() ? 0 : columns.get(0).values().size();
    }

    /** The column names in order. */
    public List<String> columnNames() {
        return columns.stream().map(Column::name).toList();
    }

    /** The column called {@code name}; an error naming the columns there are if none is. */
    public Column column(String name) {
        return columns.stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow(() ->
                new IllegalArgumentException("no column \"" + name + "\" in \"" + title + "\"; columns: " + columnNames()));
    }

    /** The value in {@code row} of the column called {@code name}. */
    public Object get(int row, String name) {
        return column(name).values().get(row);
    }

    /** The cells of the column called {@code name} as text, as a table prints them raw (an empty cell is ""). */
    public List<String> texts(String name) {
        return column(name).values().stream().map(v -> v == null ? "" : String.valueOf(v)).toList();
    }

    /** The number in {@code row} of the number or whole-number column called {@code name}; NaN for an empty cell. */
    public double number(int row, String name) {
        return get(row, name) instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    /** The same grid under another title. */
    public Grid titled(String newTitle) {
        return new Grid(newTitle, columns);
    }

    /** The columns called {@code names}, in that order, under {@code newTitle}: a narrow view of a wide grid. */
    public Grid select(String newTitle, String... names) {
        return new Grid(newTitle, java.util.Arrays.stream(names).map(this::column).toList());
    }

    /** The same grid titled as the details of a narrowed table: "Every column: " and its title. */
    public Grid everyColumn() {
        return titled("Every column: " + title);
    }

    /** The same grid with more columns at the end. */
    public Grid plus(List<Column> more) {
        List<Column> all = new ArrayList<>(columns);
        all.addAll(more);
        return new Grid(title, all);
    }

    /** Only the rows {@code keep} accepts (given the row's index). */
    public Grid rows(Predicate<Integer> keep) {
        List<Column> kept = new ArrayList<>();
        for (Column c : columns) {
            List<Object> values = new ArrayList<>();
            for (int i = 0; i < c.values().size(); i++) {
                if (keep.test(i)) {
                    values.add(c.values().get(i));
                }
            }
            kept.add(new Column(c.name(), c.type(), values));
        }
        return new Grid(title, kept);
    }

    /** The grid as aligned text, its title first: what jshell and the CLI print (decimals through {@link #print}). */
    public String toText() {
        return GridText.of(this);
    }

    @Override
    public String toString() {
        return toText();
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

    /**
     * A figure as the articles print theirs, for a table cell or a sentence: whole numbers with
     * thousands separators from 100 up, three significant digits below (85.8, 1.6, 0.0123), empty
     * for NaN ("809.6694946289062" prints as "810"). {@link #toText} and the display layer
     * ({@code display.Figures}) print every decimal column this way.
     */
    public static String print(double value) {
        if (Double.isNaN(value)) {
            return "";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "∞" : "-∞";
        }
        double abs = Math.abs(value);
        if (abs >= 100 || value == Math.rint(value)) {
            return String.format(java.util.Locale.ROOT, "%,.0f", value);
        }
        int decimals = Math.max(0, 2 - (int) Math.floor(Math.log10(abs)));
        String text = String.format(java.util.Locale.ROOT, "%." + Math.min(decimals, 9) + "f", value);
        if (text.contains(".")) {
            text = text.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return text;
    }

    /**
     * A ratio for a sentence, with two significant digits (1.1, 11, 0.53), as "×" follows it; "?"
     * when it is not a number. A table's ratio column is {@link #ratio} printed by {@link #print}.
     */
    public static String printRatio(double r) {
        if (Double.isNaN(r) || Double.isInfinite(r)) {
            return "?";
        }
        java.math.BigDecimal twoDigits = new java.math.BigDecimal(r).round(new java.math.MathContext(2));
        if (twoDigits.signum() == 0 || twoDigits.abs().compareTo(java.math.BigDecimal.TEN) >= 0) {
            return String.format(java.util.Locale.ROOT, "%,.0f", r);
        }
        int exponent = twoDigits.precision() - twoDigits.scale() - 1;
        return twoDigits.setScale(1 - exponent).toPlainString();
    }

    /** ours / theirs to two decimals, NaN when either is missing or theirs is zero. */
    public static double ratio(double ours, double theirs) {
        if (Double.isNaN(ours) || Double.isNaN(theirs) || theirs == 0) {
            return Double.NaN;
        }
        return Math.round(ours / theirs * 100) / 100.0;
    }

    /**
     * Builds a grid from records: name each column and say how to read it from a row.
     *
     * @param <R> the row type
     */
    public static final class Builder<R> {

        private final String title;
        private final List<R> rows;
        private final List<Column> columns = new ArrayList<>();

        private Builder(String title, List<R> rows) {
            this.title = title;
            this.rows = List.copyOf(rows);
        }

        /** A text column. */
        public Builder<R> text(String name, Function<? super R, String> read) {
            return add(name, Type.TEXT, r -> String.valueOf(read.apply(r)));
        }

        /** A number column; NaN is an empty cell. */
        public Builder<R> number(String name, ToDoubleFunction<? super R> read) {
            return add(name, Type.NUMBER, read::applyAsDouble);
        }

        /** A whole-number column (counts, sizes). */
        public Builder<R> whole(String name, ToIntFunction<? super R> read) {
            return add(name, Type.WHOLE, read::applyAsInt);
        }

        /** A whole-number column where null is an empty cell (a count the published rows lack). */
        public Builder<R> wholeOrEmpty(String name, Function<? super R, Integer> read) {
            return add(name, Type.WHOLE, read::apply);
        }

        /** A yes/no column. */
        public Builder<R> flag(String name, Predicate<? super R> read) {
            return add(name, Type.FLAG, read::test);
        }

        /** The grid. */
        public Grid build() {
            return new Grid(title, columns);
        }

        private Builder<R> add(String name, Type type, Function<? super R, Object> read) {
            List<Object> values = new ArrayList<>(rows.size());
            rows.forEach(r -> values.add(read.apply(r)));
            columns.add(new Column(name, type, values));
            return this;
        }
    }
}
