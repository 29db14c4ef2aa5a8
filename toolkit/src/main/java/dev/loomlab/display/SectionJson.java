package dev.loomlab.display;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import tech.tablesaw.api.Row;
import tech.tablesaw.api.Table;

/** A {@link Section} as one JSON object: its title, rows (column name to value) and notes. */
public final class SectionJson {

    private SectionJson() {}

    public static String write(Section report) {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        Table table = report.toTable();
        root.put("title", table.name());
        ArrayNode rows = root.putArray("rows");
        for (Row row : table) {
            ObjectNode o = rows.addObject();
            for (String column : table.columnNames()) {
                Object value = row.getObject(column);
                if (value instanceof Number number && !Double.isNaN(number.doubleValue())) {
                    o.put(column, number.doubleValue());
                } else if (value instanceof Number) {
                    o.putNull(column);
                } else {
                    o.put(column, String.valueOf(value));
                }
            }
        }
        ArrayNode notes = root.putArray("notes");
        report.notes().forEach(notes::add);
        return root.toPrettyString();
    }
}
