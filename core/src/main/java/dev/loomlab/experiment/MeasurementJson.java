package dev.loomlab.experiment;

import dev.loomlab.util.Json;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomlab.measure.Env;
import dev.loomlab.measure.Interval;
import dev.loomlab.measure.Spread;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON form of a {@link Measurement} (type {@code measurement} of {@code docs/results-schema.md}):
 * one object with {@code experiment}, {@code kind}, {@code n}, {@code env}, the summary metrics
 * flat by name, {@code steady} (true only when the warm-up protocol found a steady state;
 * {@code steadiness} says "steady", "not steady" or "not checked"), {@code spread} (per metric:
 * median, min, max, q1, q3 of the summarized runs), {@code vms} (how many fresh VMs the summary is
 * made of), and over several VMs {@code intervals} (per metric: median, low, high, mean, count) and
 * {@code forks} (the policy, why it stopped, the interval's method, each VM's figures in
 * {@code perVm}); {@code runs} holds every run, its {@code vm}, {@code cold} and its {@code phase}:
 * cold, warmup, measured. Numbers follow {@link Json}'s one NaN rule.
 */
public final class MeasurementJson {

    /** The schema version every result carries ({@link Json#SCHEMA_VERSION}). */
    public static final int SCHEMA_VERSION = Json.SCHEMA_VERSION;

    static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final List<String> FIXED = List.of("schemaVersion", "toolkitVersion", "type", "experiment", "kind",
            "n", "m", "outcome", "summaryOf", "env", "runs", "notes", "steady", "steadiness", "spread", "vms", "forks", "intervals");

    private static final List<String> RUN_FIELDS = List.of("vm", "run", "cold", "phase");

    private MeasurementJson() {}

    static String write(Measurement r) {
        return MAPPER.valueToTree(tree(r)).toPrettyString();
    }

    /** The measurement as a JSON tree, e.g. to put several in one file. */
    public static ObjectNode tree(Measurement r) {
        ObjectNode root = Json.result("measurement");
        root.put("experiment", r.experiment());
        root.put("kind", r.kind());
        root.put("n", r.n());
        if (r.m() != 0) {
            root.put("m", r.m());
        }
        root.put("outcome", r.outcome());
        root.put("summaryOf", r.summaryOf());
        root.put("steady", r.steady());
        root.put("steadiness", r.steadiness());
        r.metrics().forEach((k, v) -> putNumber(root, k, v));
        root.set("env", MAPPER.valueToTree(r.env()));
        ObjectNode spread = root.putObject("spread");
        r.spread().forEach((k, v) -> {
            ObjectNode s = spread.putObject(k);
            putNumber(s, "median", v.median());
            putNumber(s, "min", v.min());
            putNumber(s, "max", v.max());
            putNumber(s, "q1", v.q1());
            putNumber(s, "q3", v.q3());
            s.put("count", v.count());
        });
        root.put("vms", r.vms());
        if (!r.forks().vms().isEmpty()) {
            ObjectNode intervals = root.putObject("intervals");
            r.metrics().keySet().forEach(k -> {
                Interval i = r.interval(k);
                ObjectNode node = intervals.putObject(k);
                putNumber(node, "median", i.median());
                putNumber(node, "low", i.low());
                putNumber(node, "high", i.high());
                putNumber(node, "centre", i.centre());
                node.put("scale", i.geometric() ? "log" : "linear");
                node.put("count", i.count());
            });
            ObjectNode forks = root.putObject("forks");
            forks.put("policy", r.forks().policy());
            forks.put("stop", r.forks().stop());
            forks.put("method", Interval.METHOD);
            ArrayNode perVm = forks.putArray("perVm");
            for (Forks.Vm vm : r.forks().vms()) {
                ObjectNode node = perVm.addObject();
                node.put("vm", vm.vm());
                node.put("steadiness", vm.steadiness());
                vm.metrics().forEach((k, v) -> putNumber(node, k, v));
            }
        }
        ArrayNode runs = root.putArray("runs");
        for (Run run : r.runs()) {
            ObjectNode node = runs.addObject();
            node.put("vm", run.vm());
            node.put("run", run.index());
            node.put("cold", run.cold());
            node.put("phase", run.phase());
            run.metrics().forEach((k, v) -> putNumber(node, k, v));
        }
        ArrayNode notes = root.putArray("notes");
        r.notes().forEach(notes::add);
        return root;
    }

    static Measurement read(String json) {
        try {
            return fromTree(MAPPER.readTree(json));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a loomlab result: " + e.getOriginalMessage(), e);
        }
    }

    /** Reads a tree written by {@link #tree}; refuses another schema version. */
    public static Measurement fromTree(JsonNode root) {
        Json.checkVersion(root, "this result");
        for (String field : List.of("experiment", "kind", "n", "env")) {
            if (!root.hasNonNull(field)) {
                throw new IllegalArgumentException("this result lacks the field \"" + field + "\"");
            }
        }
        Map<String, Double> metrics = new LinkedHashMap<>();
        root.properties().forEach(e -> {
            if (!FIXED.contains(e.getKey()) && Json.isNumber(e.getValue())) {
                metrics.put(e.getKey(), Json.number(e.getValue()));
            }
        });
        List<Run> runs = new ArrayList<>();
        for (JsonNode node : root.path("runs")) {
            Map<String, Double> runMetrics = new LinkedHashMap<>();
            node.properties().forEach(e -> {
                if (!RUN_FIELDS.contains(e.getKey())) {
                    runMetrics.put(e.getKey(), Json.number(e.getValue()));
                }
            });
            runs.add(new Run(node.path("vm").asInt(1), node.path("run").asInt(), node.path("cold").asBoolean(),
                    node.path("phase").asText(""), runMetrics));
        }
        List<String> notes = new ArrayList<>();
        root.path("notes").forEach(n -> notes.add(n.asText()));
        Env env;
        try {
            env = MAPPER.treeToValue(root.get("env"), Env.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("this result's env is malformed: " + e.getOriginalMessage(), e);
        }
        return new Measurement(root.get("experiment").asText(), root.get("kind").asText(), root.get("n").asLong(),
                root.path("m").asLong(0), env, root.path("outcome").asText("ok"), root.path("summaryOf").asText(""),
                metrics, runs, notes, root.path("steadiness").asText(Measurement.NOT_CHECKED), spreadOf(root.path("spread")),
                forksOf(root.path("forks")));
    }

    private static Forks forksOf(JsonNode node) {
        if (!node.isObject()) {
            return Forks.NONE;
        }
        List<Forks.Vm> vms = new ArrayList<>();
        for (JsonNode vm : node.path("perVm")) {
            Map<String, Double> figures = new LinkedHashMap<>();
            vm.properties().forEach(e -> {
                if (!e.getKey().equals("vm") && !e.getKey().equals("steadiness")) {
                    figures.put(e.getKey(), Json.number(e.getValue()));
                }
            });
            vms.add(new Forks.Vm(vm.path("vm").asInt(vms.size() + 1), vm.path("steadiness").asText(Measurement.NOT_CHECKED), figures));
        }
        return new Forks(node.path("policy").asText(""), node.path("stop").asText(""), vms);
    }

    private static Map<String, Spread> spreadOf(JsonNode node) {
        Map<String, Spread> spread = new LinkedHashMap<>();
        node.properties().forEach(e -> {
            JsonNode s = e.getValue();
            spread.put(e.getKey(), new Spread(s.path("count").asInt(), number(s, "median"), number(s, "min"),
                    number(s, "max"), number(s, "q1"), number(s, "q3")));
        });
        return spread;
    }

    private static double number(JsonNode node, String field) {
        return node.path(field).isNumber() ? node.path(field).asDouble() : Double.NaN;
    }

    /** The toolkit's version ({@link Json#toolkitVersion}). */
    public static String toolkitVersion() {
        return Json.toolkitVersion();
    }

    private static void putNumber(ObjectNode node, String name, double value) {
        Json.putNumber(node, name, value);
    }
}
