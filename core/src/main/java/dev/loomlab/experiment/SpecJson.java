package dev.loomlab.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Kind;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The spec a parent hands to its child JVM, as JSON. */
final class SpecJson {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private SpecJson() {}

    static String write(ExperimentSpec spec) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("experiment", spec.experiment());
        root.put("kind", spec.kind().label());
        root.put("n", spec.n());
        root.put("m", spec.m());
        root.put("repeat", spec.repeat());
        root.put("deadlineMillis", spec.deadline().toMillis());
        spec.jvmFlags().forEach(root.putArray("jvmFlags")::add);
        ObjectNode options = root.putObject("options");
        spec.options().forEach(options::put);
        return root.toPrettyString();
    }

    static ExperimentSpec read(String json) throws IOException {
        JsonNode root = MAPPER.readTree(json);
        List<String> flags = new ArrayList<>();
        root.path("jvmFlags").forEach(f -> flags.add(f.asText()));
        Map<String, String> options = new TreeMap<>();
        root.path("options").properties().forEach(e -> options.put(e.getKey(), e.getValue().asText()));
        return new ExperimentSpec(root.get("experiment").asText(), Kind.parse(root.get("kind").asText()),
                root.get("n").asLong(), root.get("m").asLong(), root.get("repeat").asInt(),
                Duration.ofMillis(root.get("deadlineMillis").asLong()), flags, options);
    }
}
