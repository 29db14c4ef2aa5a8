package dev.loomlab.workshop;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomlab.report.Compare;
import dev.loomlab.report.ExperimentChart;
import dev.loomlab.report.ResultsFile;
import dev.loomlab.report.RunMarks;
import java.util.List;
import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * What the workshop shows, built from a {@link WorkshopStore.Snapshot} through the same
 * {@link Compare} that {@code loomlab compare} uses: one column per participant's machine, the
 * published figures beside them, one chart per experiment, cold runs marked, refusals listed.
 * Rendered once per version of the store and kept until the next one.
 */
public final class WorkshopView {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** One version's renderings. */
    private record Rendered(String version, String json, String csv, String html) {}

    private final WorkshopStore store;
    private Rendered last;

    public WorkshopView(WorkshopStore store) {
        this.store = store;
    }

    /** The merged JSON that {@code GET /api/results} answers. */
    public String json() {
        return current().json();
    }

    /** The merged CSV: every experiment's table, one column per machine. */
    public String csv() {
        return current().csv();
    }

    /** The whole workshop as one self-contained HTML file (styles inline, charts as data URLs, no script). */
    public String html() {
        return current().html();
    }

    private synchronized Rendered current() {
        WorkshopStore.Snapshot snapshot = store.snapshot();
        if (last == null || !last.version().equals(snapshot.version())) {
            Compare compare = compare(snapshot);
            last = new Rendered(snapshot.version(), json(snapshot, compare), compare.mergedCsv(),
                    compare.html("loomlab workshop: " + compare.files().size() + " machines"));
        }
        return last;
    }

    /** The stored results as one comparison, each machine under its participant's name. */
    static Compare compare(WorkshopStore.Snapshot snapshot) {
        List<ResultsFile> files = snapshot.entries().stream().map(e -> e.results().withLabel(e.column())).toList();
        List<String> names = snapshot.entries().stream().map(WorkshopStore.Entry::file).toList();
        List<String> refused = snapshot.refusals().stream()
                .map(r -> "refused" + (r.participant().isEmpty() ? "" : " from " + r.participant()) + ": " + r.reason()).toList();
        return Compare.merge(files, names, refused);
    }

    private static String json(WorkshopStore.Snapshot snapshot, Compare compare) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("version", snapshot.version());
        ArrayNode machines = root.putArray("machines");
        for (int i = 0; i < snapshot.entries().size(); i++) {
            WorkshopStore.Entry e = snapshot.entries().get(i);
            ResultsFile f = compare.files().get(i);
            machines.addObject().put("column", f.label()).put("participant", e.participant().name())
                    .put("machine", e.machine()).put("receivedAt", e.receivedAt()).put("cap", f.cap())
                    .put("toolkit", f.toolkitVersion()).put("complete", f.complete())
                    .put("processors", f.env().processors()).put("jdk", f.env().jdkVersion());
        }
        ArrayNode refusals = root.putArray("refusals");
        snapshot.refusals().forEach(r -> refusals.addObject().put("participant", r.participant())
                .put("reason", r.reason()).put("at", r.at()));
        ArrayNode notes = root.putArray("notes");
        compare.notes().forEach(notes::add);
        root.set("machinesTable", table(compare.machines()));
        ArrayNode experiments = root.putArray("experiments");
        List<Table> tables = compare.tables();
        List<String> names = compare.experiments();
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            ObjectNode experiment = experiments.addObject();
            experiment.put("name", name);
            experiment.set("table", table(tables.get(i)));
            try {
                ExperimentChart.of(name, compare.sources()).ifPresent(chart -> experiment
                        .put("chartTitle", chart.getTitle()).put("chartPng", ExperimentChart.pngBase64(chart)));
            } catch (RuntimeException | LinkageError | java.awt.AWTError e) { // like the report: a chart that cannot be drawn is a note
                experiment.put("chartError", "the chart could not be drawn: " + e);
            }
            ArrayNode marks = experiment.putArray("marks");
            for (RunMarks.Mark mark : compare.marks(name)) {
                marks.addObject().put("machine", mark.machine()).put("mark", mark.name()).put("line", mark.line());
            }
        }
        return root.toString();
    }

    /** A table as {@code {"columns": [...], "rows": [[...], ...]}}; a missing number is null. */
    private static ObjectNode table(Table table) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("name", table.name());
        ArrayNode columns = node.putArray("columns");
        table.columnNames().forEach(columns::add);
        ArrayNode rows = node.putArray("rows");
        for (int r = 0; r < table.rowCount(); r++) {
            ArrayNode row = rows.addArray();
            for (Column<?> column : table.columns()) {
                if (column instanceof NumericColumn<?> numbers) {
                    double value = numbers.getDouble(r);
                    if (Double.isNaN(value) || Double.isInfinite(value)) {
                        row.addNull();
                    } else {
                        row.add(value);
                    }
                } else {
                    row.add(column.getString(r));
                }
            }
        }
        return node;
    }
}
