package dev.loomlab.view;

import java.util.ArrayList;
import java.util.List;

/** A {@link Grid} as aligned plain text: the title, a header line, one line per row. */
final class GridText {

    private GridText() {}

    static String of(Grid grid) {
        List<String[]> lines = new ArrayList<>();
        lines.add(grid.columnNames().toArray(String[]::new));
        for (int row = 0; row < grid.rowCount(); row++) {
            String[] cells = new String[grid.columns().size()];
            for (int c = 0; c < cells.length; c++) {
                cells[c] = cell(grid.columns().get(c).values().get(row));
            }
            lines.add(cells);
        }
        int[] widths = new int[grid.columns().size()];
        for (String[] line : lines) {
            for (int c = 0; c < line.length; c++) {
                widths[c] = Math.max(widths[c], line[c].length());
            }
        }
        StringBuilder text = new StringBuilder();
        if (!grid.title().isBlank()) {
            text.append(grid.title()).append('\n');
        }
        for (int i = 0; i < lines.size(); i++) {
            String[] line = lines.get(i);
            for (int c = 0; c < line.length; c++) {
                text.append(c == 0 ? "" : "  | ").append(pad(line[c], widths[c], i > 0 && !(grid.columns().get(c).type() == Grid.Type.TEXT)));
            }
            text.append('\n');
            if (i == 0) {
                for (int c = 0; c < widths.length; c++) {
                    text.append(c == 0 ? "" : "--+-").append("-".repeat(widths[c]));
                }
                text.append('\n');
            }
        }
        return text.toString();
    }

    /**
     * A value as a cell, as the notebook's table prints it: a decimal through {@link Grid#print}
     * (809.6694946289062 as "810", 1234567 as "1,234,567", NaN empty), a text as it is, null empty.
     */
    static String cell(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof Double || value instanceof Integer || value instanceof Long) {
            return Grid.print(((Number) value).doubleValue());
        }
        return String.valueOf(value);
    }

    private static String pad(String s, int width, boolean right) {
        String space = " ".repeat(width - s.length());
        return right ? space + s : s + space;
    }
}
