package dev.loomlab.display;

import dev.loomlab.view.Grid;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;
import tech.tablesaw.columns.numbers.NumberColumnFormatter;
import tech.tablesaw.api.NumberColumn;

/**
 * How a decimal figure reads in every table: as the articles print theirs, never as a double's
 * seventeen digits ("809.6694946289062" prints as "810"). The value in the column is unchanged;
 * only its printed form is rounded: whole numbers with thousands separators from 100 up, three
 * significant digits below (85.8, 1.6, 0.0123), an empty cell for NaN.
 */
public final class Figures {

    private static final NumberFormat INSTANCE = new Printed();

    private Figures() {}

    /** A figure as a table cell prints it ({@link Grid#print}, the core's one rule). */
    public static String print(double value) {
        return Grid.print(value);
    }

    /** Sets this format on every number column of {@code table}, whole ones too (idempotent); returns the table. */
    public static Table apply(Table table) {
        for (Column<?> column : table.columns()) {
            if (column instanceof NumberColumn<?, ?> number) {
                number.setPrintFormatter(new NumberColumnFormatter(INSTANCE, ""));
            }
        }
        return table;
    }

    /** The same rule as a {@link NumberFormat}, which Tablesaw's column formatter takes. */
    private static final class Printed extends NumberFormat {

        @Override
        public StringBuffer format(double number, StringBuffer to, FieldPosition pos) {
            return to.append(print(number));
        }

        @Override
        public StringBuffer format(long number, StringBuffer to, FieldPosition pos) {
            return to.append(print((double) number));
        }

        @Override
        public Number parse(String source, ParsePosition pos) {
            throw new UnsupportedOperationException("Figures only prints");
        }
    }
}
