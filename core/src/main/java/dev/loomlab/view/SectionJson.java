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
        ArrayNode rows = root.putArray("rows");
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
        ArrayNode notes = root.putArray("notes");
        report.notes().forEach(notes::add);
        ArrayNode measurements = root.putArray("measurements");
        report.measurements().forEach(measurements::add);
        return root.toPrettyString();
    }
}
