package dev.loomlab.display;

import dev.loomlab.util.Json;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import tech.tablesaw.api.Row;
import tech.tablesaw.api.Table;

/**
 * A {@link Section} as one JSON object of type {@code section} ({@code docs/results-schema.md}):
 * its title, rows (column name to value), notes and the measurements behind the rows.
 */
public final class SectionJson {

    private SectionJson() {}

    public static String write(Section report) {
        ObjectNode root = Json.result("section");
        Table table = report.toTable();
        root.put("title", table.name());
        ArrayNode rows = root.putArray("rows");
        for (Row row : table) {
            ObjectNode o = rows.addObject();
            for (String column : table.columnNames()) {
                Object value = row.getObject(column);
                if (value instanceof Number number) {
                    Json.putNumber(o, column, number.doubleValue());
                } else if (value == null) {
                    o.putNull(column);
                } else {
                    o.put(column, String.valueOf(value));
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
