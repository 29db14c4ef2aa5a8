package dev.loomlab.workshop;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
import dev.loomlab.report.MachineTable;
import dev.loomlab.report.ReportRow;
import dev.loomlab.report.ResultsFile;
import dev.loomlab.report.RunMarks;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One stored entry as the page's data: its machine object (who, which machine, its setting, each
 * figure by row key, the 95% interval of those summarised over fresh VMs, which figures are marked
 * and the marks' lines) and the rows it has figures
 * for, in order. Made once per entry and change ({@link WorkshopView} keeps it while the entry is
 * unchanged).
 *
 * @param label   the name it is shown under
 * @param change  the store's change count it was made at
 * @param machine the machine object
 * @param rows    its rows, in the order of its report
 */
record MachineData(String label, long change, ObjectNode machine, List<MachineData.RowOf> rows) {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** A row an entry has a figure for. */
    record RowOf(String experiment, String key) {}

    /** A row's key: the same experiment, kind, sizes and metric on every machine. */
    static String key(ReportRow row, String metric) {
        return row.experiment() + "|" + row.kind() + "|" + row.n() + "|" + row.m() + "|" + metric;
    }

    /**
     * The data of {@code entry}, shown as {@code file}'s label; a row met for the first time gets
     * its node (key, sizes, the published figure beside it) in {@code rowNodes}.
     */
    static MachineData of(WorkshopStore.Entry entry, ResultsFile file, Map<String, ObjectNode> rowNodes) {
        List<RowOf> rows = new ArrayList<>();
        ObjectNode machine = MAPPER.createObjectNode().put("id", entry.file()).put("column", file.label())
                .put("participant", entry.participant().name()).put("machine", entry.machine()).put("teacher", entry.teacher())
                .put("receivedAt", entry.receivedAt()).put("cap", file.cap()).put("toolkit", file.toolkitVersion())
                .put("complete", file.complete()).put("processors", file.env().processors()).put("jdk", file.env().jdkVersion())
                .put("gc", file.env().gc());
        ObjectNode values = machine.putObject("values");
        ObjectNode marked = machine.putObject("marked");
        ObjectNode intervals = machine.putObject("intervals");
        for (ReportRow row : file.rows()) {
            Measurement measurement = row.measurement();
            if (measurement == null) {
                continue;
            }
            List<String> marks = RunMarks.RULES.stream().filter(r -> r.applies().test(measurement)).map(RunMarks.Rule::name).toList();
            measurement.metrics().forEach((metric, value) -> {
                String key = key(row, metric);
                rowNodes.computeIfAbsent(key, k -> row(row, metric, k));
                rows.add(new RowOf(row.experiment(), key));
                if (Double.isFinite(value)) {
                    values.put(key, value);
                }
                if (!marks.isEmpty()) {
                    marked.put(key, String.join(", ", marks));
                }
                if (measurement.vms() > 1) {
                    intervals.put(key, MachineTable.intervalCell(measurement, metric));
                }
            });
        }
        ArrayNode lines = machine.putArray("marks");
        for (String experiment : file.rows().stream().map(ReportRow::experiment).distinct().toList()) {
            for (RunMarks.Mark mark : RunMarks.of(file.label(), experiment, file.rows())) {
                lines.addObject().put("experiment", experiment).put("mark", mark.name()).put("line", mark.line());
            }
        }
        return new MachineData(file.label(), entry.change(), machine, List.copyOf(rows));
    }

    private static ObjectNode row(ReportRow row, String metric, String key) {
        ObjectNode node = MAPPER.createObjectNode().put("key", key).put("kind", row.kind()).put("n", row.n()).put("m", row.m())
                .put("size", String.format("%,d", row.n()) + (row.m() == 0 ? "" : " x " + row.m())).put("metric", metric);
        Optional<PublishedFigure> published = PublishedFigures.beside(row.experiment(), metric, row.n(), row.m() == 0 ? null : row.m());
        published.ifPresent(p -> node.put("published", p.value()).put("unit", p.unit())
                .put("source", (p.n() == null ? "" : String.format("n=%,d; ", p.n())) + p.runtime() + "; " + p.source()));
        return node;
    }
}
