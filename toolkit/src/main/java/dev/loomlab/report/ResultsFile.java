package dev.loomlab.report;

import dev.loomlab.util.Json;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomlab.util.AtomicFiles;
import dev.loomlab.experiment.MeasurementJson;
import dev.loomlab.measure.Env;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A report's {@code results.json}: who ran it ({@code label}), when, at which cap, in which
 * environment, with which toolkit and schema version, and every row with its whole measurement.
 * It is what a workshop participant sends and what {@code loomlab compare} reads back.
 *
 * @param label          the machine or participant, as a column header in compare
 * @param createdAt      ISO-8601 instant the report started
 * @param cap            the cap the report ran at
 * @param env            the JVM that ran the report (each measurement carries its child's own)
 * @param toolkitVersion the toolkit that wrote it
 * @param complete       false while the report is still running, or if it was stopped
 * @param rows           every row, ok, failed or skipped
 * @param notes          rows skipped while reading, with why (never written)
 * @param extras         load and supervise, written as the top-level fields {@code load} and
 *                       {@code supervise} when they ran; {@link #read} leaves them out ({@link ExtraComparison} reads them for compare)
 */
public record ResultsFile(String label, String createdAt, int cap, Env env, String toolkitVersion, boolean complete,
                          List<ReportRow> rows, List<String> notes, ReportExtras extras) {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final List<String> REQUIRED = List.of("label", "createdAt", "cap", "env", "rows");

    public ResultsFile {
        rows = List.copyOf(rows);
        notes = List.copyOf(notes);
        extras = extras == null ? ReportExtras.NONE : extras;
    }

    /** A file without load and supervise (as compare reads them). */
    public ResultsFile(String label, String createdAt, int cap, Env env, String toolkitVersion, boolean complete,
                       List<ReportRow> rows, List<String> notes) {
        this(label, createdAt, cap, env, toolkitVersion, complete, rows, notes, ReportExtras.NONE);
    }

    /** The file as JSON, every measurement in the form {@link MeasurementJson} writes. */
    public String toJson() {
        ObjectNode root = Json.result("results");
        root.put("toolkitVersion", toolkitVersion);
        root.put("label", label);
        root.put("createdAt", createdAt);
        root.put("cap", cap);
        root.put("complete", complete);
        root.set("env", MAPPER.valueToTree(env));
        ArrayNode array = root.putArray("rows");
        for (ReportRow row : rows) {
            ObjectNode node = array.addObject();
            node.put("experiment", row.experiment());
            node.put("kind", row.kind());
            node.put("n", row.n());
            node.put("m", row.m());
            node.put("outcome", row.outcome());
            node.put("elapsedMillis", row.elapsedMillis());
            if (row.measurement() != null) {
                node.set("measurement", MeasurementJson.tree(row.measurement()));
            }
        }
        extras.putInto(root);
        return root.toPrettyString();
    }

    /** Writes it atomically: a reader sees the previous version or this one, never half. */
    public void write(Path file) {
        AtomicFiles.write(file, toJson());
    }

    /**
     * Reads a results file.
     *
     * @throws IllegalArgumentException naming the file and what is wrong: not JSON, another
     *                                  schema version, or a required field missing. A row whose
     *                                  measurement cannot be read is left out with a note instead.
     */
    public static ResultsFile read(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new IllegalArgumentException(file + " does not exist: give the results.json that ./loomlab report wrote");
        } catch (IOException e) {
            throw new IllegalArgumentException(file + " cannot be read: " + e.getMessage());
        }
        return fromTree(tree(text, file.toString()), file.toString(), file.getFileName().toString());
    }

    /**
     * Parses a results file's text as a JSON tree (to read it with {@link #fromTree}).
     *
     * @param origin what to call it in the error, e.g. the file's path
     * @throws IllegalArgumentException if it is not JSON, naming the origin
     */
    public static JsonNode tree(String text, String origin) {
        try {
            return MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(origin + " is not a loomlab results file: not JSON (" + e.getOriginalMessage() + ")");
        }
    }

    /**
     * Reads a results file from its JSON tree, with the checks of {@link #read}.
     *
     * @param origin what to call it in errors (a path, "alice's results.json")
     * @param shortName what to call it in notes on rows left out (a file name)
     */
    public static ResultsFile fromTree(JsonNode root, String origin, String shortName) {
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException(origin + " is not a loomlab results file: not a JSON object");
        }
        int version = root.path("schemaVersion").asInt(-1);
        if (!Json.READS.contains(version)) {
            throw new IllegalArgumentException(origin + " has schema version " + (version < 0 ? "(none)" : version)
                    + " (toolkit " + root.path("toolkitVersion").asText("unknown") + "); this toolkit reads versions "
                    + Json.READS + ": rerun ./loomlab report with this toolkit");
        }
        for (String field : REQUIRED) {
            if (!root.hasNonNull(field)) {
                throw new IllegalArgumentException(origin + " lacks the field \"" + field
                        + "\": it is not a whole results.json from ./loomlab report");
            }
        }
        Env env;
        try {
            env = MAPPER.treeToValue(root.get("env"), Env.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(origin + " has a malformed env: " + e.getOriginalMessage());
        }
        if (!root.get("rows").isArray()) {
            throw new IllegalArgumentException(origin + " has \"rows\" that is not a list: it is not a results.json from ./loomlab report");
        }
        List<ReportRow> rows = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        int index = 0;
        for (JsonNode node : root.get("rows")) {
            index++;
            try {
                rows.add(row(node));
            } catch (IllegalArgumentException e) {
                notes.add(shortName + ": row " + index + " left out: " + e.getMessage());
            }
        }
        return new ResultsFile(root.get("label").asText(), root.get("createdAt").asText(), root.get("cap").asInt(),
                env, root.path("toolkitVersion").asText("unknown"), root.path("complete").asBoolean(false), rows, notes);
    }

    /** The same file under another label (compare gives clashing labels a suffix, the workshop its participant). */
    public ResultsFile withLabel(String newLabel) {
        return new ResultsFile(newLabel, createdAt, cap, env, toolkitVersion, complete, rows, notes, extras);
    }

    private static ReportRow row(JsonNode node) {
        for (String field : List.of("experiment", "kind", "n", "outcome")) {
            if (!node.hasNonNull(field)) {
                throw new IllegalArgumentException("it lacks the field \"" + field + "\"");
            }
        }
        var measurement = node.hasNonNull("measurement") ? MeasurementJson.fromTree(node.get("measurement")) : null;
        return new ReportRow(node.get("experiment").asText(), node.get("kind").asText(), node.get("n").asLong(),
                node.path("m").asLong(0), node.get("outcome").asText(), node.path("elapsedMillis").asLong(0), measurement);
    }
}
