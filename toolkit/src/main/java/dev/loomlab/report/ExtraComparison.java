package dev.loomlab.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.experiment.Verdict;
import dev.loomlab.load.LoadJson;
import dev.loomlab.load.LoadRow;
import dev.loomlab.measure.Interval;
import dev.loomlab.view.Grid;
import dev.loomlab.util.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The sections of results files that are not the registry's measurements, side by side, one
 * column per machine: {@code load} (the round trip's p50 with its interval across the row's fresh VMs,
 * and the row's status, by kind and busy loops; verdicts against the first machine) and
 * {@code supervise} (restarts, giving up, latencies). A file without them, or whose section failed,
 * shows an empty or "failed" cell; nothing is averaged.
 *
 * @param machines one entry per file that could be read, in the order given
 */
public record ExtraComparison(List<Machine> machines) {

    /** One file's label and its {@code load} and {@code supervise} objects (missing nodes when absent). */
    public record Machine(String label, JsonNode load, JsonNode supervise) {}

    private static final List<String> SUPERVISE_FIELDS = List.of("restarts", "gaveUp", "reason",
            "microsFromKillToAnswer", "secondsToGiveUp", "maxRestarts", "withinMillis", "kills");

    public ExtraComparison {
        machines = List.copyOf(machines);
    }

    /** Reads the sections of each file that Compare can read; the others are left out (Compare says why). */
    public static ExtraComparison read(List<Path> paths) {
        List<Machine> machines = new ArrayList<>();
        Set<String> labels = new LinkedHashSet<>();
        for (Path path : paths) {
            JsonNode root;
            try {
                root = Json.MAPPER.readTree(Files.readString(path));
                Json.checkVersion(root, path.toString());
            } catch (IOException | IllegalArgumentException e) {
                continue;
            }
            if (root == null || !root.hasNonNull("label")) {
                continue;
            }
            String label = root.get("label").asText();
            if (!labels.add(label)) {
                label = label + " (" + path.getFileName() + ")";
                labels.add(label);
            }
            machines.add(new Machine(label, root.path("load"), root.path("supervise")));
        }
        return new ExtraComparison(machines);
    }

    /** A table and the verdicts said under it. */
    public record Part(Table table, List<String> verdicts) {}

    /** The load table with its verdicts, and the supervise table, each only if some machine has that section. */
    public List<Part> parts() {
        List<Part> parts = new ArrayList<>();
        if (machines.stream().anyMatch(m -> !m.load().isMissingNode())) {
            parts.add(new Part(load(), loadVerdicts()));
        }
        if (machines.stream().anyMatch(m -> !m.supervise().isMissingNode())) {
            parts.add(new Part(supervise(), List.of()));
        }
        return parts;
    }

    /** Round trip p50 (µs) with its interval, and status, under k busy loops, by kind and k, one column per machine. */
    public Table load() {
        Map<Machine, Map<String, LoadRow>> rows = loadRows();
        Set<String> keys = new LinkedHashSet<>();
        rows.values().forEach(byKey -> keys.addAll(byKey.keySet()));
        return byMachine("Load: round-trip p50 in µs [95% interval across fresh VMs] (and status) under k busy loops, one column per machine",
                "kind, busy loops", List.copyOf(keys), (m, k) -> loadCell(m.load(), rows.get(m).get(k)));
    }

    /**
     * Each load row of the first machine beside the same row of every other, by the round trip's p50
     * ({@link Verdict#compareMachines}): "faster" or "slower" only where their intervals across fresh
     * VMs do not overlap. Empty with fewer than two machines.
     */
    public List<String> loadVerdicts() {
        List<String> lines = new ArrayList<>();
        if (machines.size() < 2) {
            return lines;
        }
        Map<Machine, Map<String, LoadRow>> rows = loadRows();
        Machine reference = machines.get(0);
        rows.get(reference).forEach((key, theirs) -> {
            if (Double.isNaN(theirs.roundTripMicrosP50())) {
                return;
            }
            for (Machine other : machines.subList(1, machines.size())) {
                LoadRow ours = rows.get(other).get(key);
                if (ours != null && !Double.isNaN(ours.roundTripMicrosP50())) {
                    lines.add(key + " busy loops, round-trip p50: " + Verdict.compareMachines("roundTripNsP50",
                            p50Nanos(theirs), theirs.vmCount(), reference.label(), p50Nanos(ours), ours.vmCount(), other.label()));
                }
            }
        });
        return lines;
    }

    /** Each machine's load rows by key ("virtual, 4"), each read once from its JSON, in the file's order. */
    private Map<Machine, Map<String, LoadRow>> loadRows() {
        Map<Machine, Map<String, LoadRow>> rows = new IdentityHashMap<>();
        for (Machine m : machines) {
            Map<String, LoadRow> byKey = new LinkedHashMap<>();
            m.load().path("rows").forEach(r -> byKey.putIfAbsent(key(r), LoadJson.readRow(r)));
            rows.put(m, byKey);
        }
        return rows;
    }

    private static Interval p50Nanos(LoadRow row) {
        return row.interval(LoadRow::roundTripMicrosP50).times(1_000);
    }

    /** The supervision demo's figures, one column per machine. */
    public Table supervise() {
        return byMachine("Supervise: restarts until the supervisor gives up, one column per machine", "supervise",
                SUPERVISE_FIELDS, (m, f) -> m.supervise().has("failed") ? "failed" : text(m.supervise().path(f)));
    }

    /** One row per key, one column per machine, each cell read by {@code cell}. */
    private Table byMachine(String title, String keyColumn, List<String> keys, java.util.function.BiFunction<Machine, String, String> cell) {
        StringColumn first = StringColumn.create(keyColumn);
        keys.forEach(first::append);
        Table table = Table.create(title, first);
        for (Machine m : machines) {
            StringColumn column = StringColumn.create(m.label());
            keys.forEach(k -> column.append(cell.apply(m, k)));
            table.addColumns(column);
        }
        return table;
    }

    private static String key(JsonNode row) {
        return row.path("kind").asText() + ", " + row.path("loops").asInt();
    }

    /** "12.3 [11.8, 12.9] (ok)", "failed" when the machine's load failed, "" when it has no such row. */
    private static String loadCell(JsonNode load, LoadRow row) {
        if (load.has("failed")) {
            return "failed";
        }
        if (row == null) {
            return "";
        }
        String p50 = row.p50Cell();
        return (p50.isEmpty() ? "" : p50 + " ") + "(" + row.status() + ")";
    }

    private static String text(JsonNode value) {
        if (value.isMissingNode() || value.isNull()) {
            return "";
        }
        return value.isNumber() ? Grid.print(value.asDouble()) : value.asText();
    }
}
