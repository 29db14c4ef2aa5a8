package dev.loomlab.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomlab.load.LoadResult;
import dev.loomlab.supervise.SupervisionReport;

/**
 * What a report ran besides the registry's measurements: {@code load} and {@code supervise}.
 * Each is a result, a failure (why it produced none), or absent (not in the plan, or not run yet).
 *
 * @param load              the load result, or null
 * @param loadFailure       why load produced no result, or null
 * @param supervise         the supervision report, or null
 * @param superviseFailure  why supervise produced no result, or null
 */
public record ReportExtras(LoadResult load, String loadFailure, SupervisionReport supervise, String superviseFailure) {

    /** Neither ran. */
    public static final ReportExtras NONE = new ReportExtras(null, null, null, null);

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** How many of the two failed. */
    public int failures() {
        return (loadFailure != null ? 1 : 0) + (superviseFailure != null ? 1 : 0);
    }

    ReportExtras withLoad(LoadResult result, String failure) {
        return new ReportExtras(result, failure, supervise, superviseFailure);
    }

    ReportExtras withSupervise(SupervisionReport result, String failure) {
        return new ReportExtras(load, loadFailure, result, failure);
    }

    /**
     * Adds {@code "load"} and {@code "supervise"} to a results.json root: each result's own JSON
     * tree, or {@code {"failed": why}}; nothing for what did not run.
     */
    void putInto(ObjectNode root) {
        put(root, "load", load == null ? null : load.toJson(), loadFailure);
        put(root, "supervise", supervise == null ? null : supervise.toJson(), superviseFailure);
    }

    private static void put(ObjectNode root, String field, String json, String failure) {
        if (json != null) {
            try {
                root.set(field, MAPPER.readTree(json));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(field + " wrote JSON that does not parse: " + e.getOriginalMessage(), e);
            }
        } else if (failure != null) {
            root.putObject(field).put("failed", failure);
        }
    }
}
