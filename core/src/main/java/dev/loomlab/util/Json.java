package dev.loomlab.util;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;

/**
 * The one JSON schema of every result the toolkit writes ({@code docs/results-schema.md}): each
 * object opens with {@code schemaVersion}, {@code toolkitVersion} and {@code type}, and numbers
 * follow one rule, {@link #putNumber}: NaN and infinities are {@code null}, and {@code null} reads
 * back as NaN. Version 1 files (which wrote the string {@code "NaN"}) are still read.
 */
public final class Json {

    /** Bumped when the shape changes; written by every result. */
    public static final int SCHEMA_VERSION = 2;
    /** The versions this toolkit reads. */
    public static final Set<Integer> READS = Set.of(1, 2);

    /** The mapper every result uses. */
    public static final ObjectMapper MAPPER = new ObjectMapper();

    private Json() {}

    /** A new result object of {@code type} ("measurement", "section", "load", "supervise", "results"). */
    public static ObjectNode result(String type) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("schemaVersion", SCHEMA_VERSION);
        root.put("toolkitVersion", toolkitVersion());
        root.put("type", type);
        return root;
    }

    /** Refuses a result of a version this toolkit cannot read, saying what to do. */
    public static void checkVersion(JsonNode root, String what) {
        int version = root.path("schemaVersion").asInt(-1);
        if (!READS.contains(version)) {
            throw new IllegalArgumentException(what + " has schema version " + (version < 0 ? "none" : version)
                    + ", this toolkit reads versions " + READS + ": rerun it with this toolkit");
        }
    }

    /** Puts a number: whole values without a fraction, NaN and infinities as null. */
    public static void putNumber(ObjectNode node, String name, double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            node.putNull(name);
        } else if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            node.put(name, (long) value);
        } else {
            node.put(name, value);
        }
    }

    /** Reads a number written by {@link #putNumber}: null, absent, or version 1's "NaN" read as NaN. */
    public static double number(JsonNode node, String name) {
        return number(node.get(name));
    }

    /** The same for a value already in hand. */
    public static double number(JsonNode value) {
        return value == null || !value.isNumber() ? Double.NaN : value.asDouble();
    }

    /** True if a field holds a number by this schema's rule (a number, null, or version 1's "NaN"). */
    public static boolean isNumber(JsonNode value) {
        return value.isNumber() || value.isNull() || (value.isTextual() && value.asText().equals("NaN"));
    }

    /** The toolkit's version from the jar manifest, or the build's version when run from classes. */
    public static String toolkitVersion() {
        String v = Json.class.getPackage().getImplementationVersion();
        return v == null ? "0.1.0-SNAPSHOT" : v;
    }
}
