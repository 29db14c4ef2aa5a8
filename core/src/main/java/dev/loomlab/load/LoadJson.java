package dev.loomlab.load;

import dev.loomlab.util.Json;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomlab.measure.Env;
import dev.loomlab.published.PublishedFigure;
import java.util.ArrayList;
import java.util.List;

/**
 * The JSON of the load experiment: one object {@code {"schemaVersion", "toolkitVersion",
 * "experiment": "load", "env", "spec", "rows": [...], "published": [...], "notes": [...]}}.
 * Row fields are {@link LoadRow}'s names, a row over several VMs with each VM's row in {@code "vms"};
 * a figure that was not measured is {@code null}.
 */
public final class LoadJson {

    /** The schema version every result carries ({@link Json#SCHEMA_VERSION}). */
    public static final int SCHEMA_VERSION = Json.SCHEMA_VERSION;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private LoadJson() {}

    /** The whole result as one JSON object. */
    static ObjectNode tree(LoadResult result) {
        ObjectNode root = Json.result("load");
        root.put("experiment", "load");
        root.set("env", MAPPER.valueToTree(result.env()));
        ObjectNode spec = root.putObject("spec");
        LoadSpec s = result.spec();
        s.kinds().forEach(k -> spec.withArray("kinds").add(k.label()));
        s.loops().forEach(l -> spec.withArray("loops").add(l));
        spec.put("rounds", s.rounds());
        spec.put("deadlineMillis", s.deadline().toMillis());
        spec.put("vms", s.vms());
        if (s.parallelism() > 0) {
            spec.put("parallelism", s.parallelism());
        }
        if (s.cpus() > 0) {
            spec.put("pinnedCpus", s.cpus());
        }
        if (!result.pinning().isEmpty()) {
            root.put("pinning", result.pinning());
        }
        ArrayNode rows = root.putArray("rows");
        result.rows().forEach(r -> rows.add(row(r)));
        ArrayNode published = root.putArray("published");
        for (PublishedFigure f : result.published()) {
            ObjectNode p = published.addObject();
            p.put("source", f.source());
            p.put("runtime", f.runtime());
            p.put("metric", f.metric());
            if (f.n() != null) {
                p.put("loops", f.n());
            }
            p.put("value", f.value());
            p.put("unit", f.unit());
            p.put("note", f.note());
        }
        ArrayNode notes = root.putArray("notes");
        result.notes().forEach(notes::add);
        return root;
    }

    /** What a child JVM writes: its setting and its one row. */
    static String childResult(Env env, LoadRow row) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("schemaVersion", SCHEMA_VERSION);
        root.set("env", MAPPER.valueToTree(env));
        root.set("row", row(row));
        return root.toString();
    }

    /** Reads what {@link #childResult} wrote. */
    static Env childEnv(JsonNode root) throws JsonProcessingException {
        return MAPPER.treeToValue(root.get("env"), Env.class);
    }

    static JsonNode parse(String json) {
        try {
            JsonNode root = MAPPER.readTree(json);
            Json.checkVersion(root, "this load result");
            return root;
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a load result: " + e.getOriginalMessage(), e);
        }
    }

    static ObjectNode row(LoadRow r) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("kind", r.kind());
        node.put("loops", r.loops());
        node.put("parallelism", r.parallelism());
        node.put("processors", r.processors());
        node.put("status", r.status());
        node.put("starved", r.starved());
        node.put("waitedMillis", r.waitedMillis());
        node.put("roundsCompleted", r.roundsCompleted());
        node.put("roundsWanted", r.roundsWanted());
        number(node, "roundTripMicrosP50", r.roundTripMicrosP50());
        number(node, "roundTripMicrosP99", r.roundTripMicrosP99());
        number(node, "roundTripMicrosMax", r.roundTripMicrosMax());
        number(node, "roundTripMicrosMean", r.roundTripMicrosMean());
        number(node, "opsPerSecondPerLoop", r.opsPerSecondPerLoop());
        number(node, "opsPerSecondTotal", r.opsPerSecondTotal());
        number(node, "firstLoopOpsPerSecond", r.firstLoopOpsPerSecond());
        ArrayNode perLoop = node.putArray("perLoopOpsPerSecond");
        r.perLoopOpsPerSecond().forEach(v -> perLoop.add(Math.round(v)));
        node.put("detail", r.detail());
        if (!r.vms().isEmpty()) {
            ArrayNode vms = node.putArray("vms");
            r.vms().forEach(vm -> vms.add(row(vm)));
        }
        return node;
    }

    /** One row as {@link #tree} writes it (a results file's {@code load.rows[i]}), with its VMs' rows. */
    public static LoadRow readRow(JsonNode n) {
        List<Double> perLoop = new ArrayList<>();
        n.path("perLoopOpsPerSecond").forEach(v -> perLoop.add(v.asDouble()));
        List<LoadRow> vms = new ArrayList<>();
        n.path("vms").forEach(vm -> vms.add(readRow(vm)));
        return new LoadRow(n.path("kind").asText(), n.path("loops").asInt(), n.path("parallelism").asInt(),
                n.path("processors").asInt(), n.path("status").asText(), n.path("starved").asBoolean(),
                n.path("waitedMillis").asLong(), n.path("roundsCompleted").asLong(), n.path("roundsWanted").asLong(),
                number(n, "roundTripMicrosP50"), number(n, "roundTripMicrosP99"), number(n, "roundTripMicrosMax"),
                number(n, "roundTripMicrosMean"), number(n, "opsPerSecondPerLoop"), number(n, "opsPerSecondTotal"),
                number(n, "firstLoopOpsPerSecond"), perLoop, n.path("detail").asText(""), vms);
    }

    private static void number(ObjectNode node, String name, double value) {
        // rates: whole iterations per second, no exponent; latencies to two decimals
        Json.putNumber(node, name, Double.isNaN(value) || Double.isInfinite(value) ? value
                : Math.abs(value) >= 10_000 ? Math.round(value) : Math.round(value * 100) / 100.0);
    }

    private static double number(JsonNode node, String name) {
        return Json.number(node, name);
    }
}
