package dev.loomlab.view;

import dev.loomlab.util.Json;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A {@link Section} as one JSON object of type {@code section} ({@code docs/results-schema.md}):
 * its title, rows (column name to value), notes and the measurements behind the rows.
 */
public final class SectionJson {

    private SectionJson() {}

    public static String write(Section report) {
        ObjectNode root = Json.result("section");
        Grid table = report.grid();
        root.put("title", table.title());
        rows(table, root.putArray("rows"));
        ArrayNode notes = root.putArray("notes");
        report.notes().forEach(notes::add);
        ArrayNode measurements = root.putArray("measurements");
        report.measurements().forEach(measurements::add);
        if (!report.details().isEmpty()) {
            ArrayNode details = root.putArray("details");
            for (Grid grid : report.details()) {
                ObjectNode detail = details.addObject();
                detail.put("title", grid.title());
                rows(grid, detail.putArray("rows"));
            }
        }
        return root.toPrettyString();
    }

    /** Each row of {@code table} as an object, column name to value. */
    private static void rows(Grid table, ArrayNode rows) {
        for (int row = 0; row < table.rowCount(); row++) {
            ObjectNode o = rows.addObject();
            for (Grid.Column column : table.columns()) {
                Object value = column.values().get(row);
                if (value instanceof Number number) {
                    Json.putNumber(o, column.name(), number.doubleValue());
                } else if (value == null) {
                    o.putNull(column.name());
                } else {
                    o.put(column.name(), String.valueOf(value));
                }
            }
        }
    }
}
