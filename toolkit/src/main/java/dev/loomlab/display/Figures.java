package dev.loomlab.display;

import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.Locale;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;
import tech.tablesaw.columns.numbers.NumberColumnFormatter;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.FloatColumn;

/**
 * How a decimal figure reads in every table: as the articles print theirs, never as a double's
 * seventeen digits ("809.6694946289062" prints as "810"). The value in the column is unchanged;
 * only its printed form is rounded: whole numbers with thousands separators from 100 up, three
 * significant digits below (85.8, 1.6, 0.0123), an empty cell for NaN.
 */
public final class Figures {

    private static final NumberFormat INSTANCE = new Printed();

    private Figures() {}

    /** A figure as a table cell prints it. */
    public static String print(double value) {
        if (Double.isNaN(value)) {
            return "";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "∞" : "-∞";
        }
        double abs = Math.abs(value);
        if (abs >= 100 || value == Math.rint(value)) {
            return String.format(Locale.ROOT, "%,.0f", value);
        }
        int decimals = Math.max(0, 2 - (int) Math.floor(Math.log10(abs)));
        String text = String.format(Locale.ROOT, "%." + Math.min(decimals, 9) + "f", value);
        if (text.contains(".")) {
            text = text.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return text;
    }

    /** Sets this format on every decimal column of {@code table} (idempotent); returns the table. */
    public static Table apply(Table table) {
        for (Column<?> column : table.columns()) {
            if (column instanceof DoubleColumn d) {
                d.setPrintFormatter(new NumberColumnFormatter(INSTANCE, ""));
            } else if (column instanceof FloatColumn f) {
                f.setPrintFormatter(new NumberColumnFormatter(INSTANCE, ""));
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
