package dev.loomlab.beam;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Run;
import dev.loomlab.load.LoadRow;
import dev.loomlab.measure.Env;
import dev.loomlab.measure.SteadyState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the one JSON object {@code loomlab_beam} prints into the toolkit's result model: a
 * {@link Measurement} of kind {@code beam} with every run labelled by the same warm-up protocol as the
 * JVM's (the first cold; warm-up runs until the last ones agree; then the measured runs, or "not
 * steady" when the VM's runs ran out first), or a {@link LoadRow}. A VM that reported a failure or {@code system_limit} becomes a
 * measurement whose outcome says so.
 */
public final class BeamResults {

    /** The kind label BEAM rows carry. */
    public static final String KIND = "beam";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private BeamResults() {}

    /** The measurement for {@code spec} from the VM's output; {@code env} is the JVM that ran it. */
    public static Measurement measurement(ExperimentSpec spec, Env env, String json) {
        JsonNode root = parse(json);
        List<Map<String, Double>> reported = new ArrayList<>();
        root.path("runs").forEach(node -> reported.add(numbers(node)));
        SteadyState protocol = new SteadyState(BeamExperiments.policy(spec));
        List<Run> runs = new ArrayList<>();
        for (Map<String, Double> metrics : reported) {
            if (!protocol.wantsMore()) {
                break;
            }
            double headline = metrics.isEmpty() ? Double.NaN : metrics.values().iterator().next();
            // the VM made its runs back to back; the budget is the runs it was asked for, not time
            SteadyState.Phase phase = protocol.record(headline, 0);
            runs.add(new Run(runs.size() + 1, runs.isEmpty(), phase.name().toLowerCase(), metrics));
        }
        String steadiness = switch (protocol.outcome()) {
            case STEADY, SCATTERED -> Measurement.steadiness(protocol.outcome());
            case RUNNING, NOT_STEADY -> runs.size() > 1 && BeamExperiments.policy(spec).detects() ? Measurement.NOT_STEADY
                    : Measurement.NOT_CHECKED;
            default -> Measurement.NOT_CHECKED;
        };
        List<String> notes = new ArrayList<>();
        notes.add("BEAM VM: " + vmLine(root) + "; flags " + String.join(" ", BeamExperiments.flags(spec))
                + (runs.size() > 1 ? "; each VM makes its runs back to back" : ""));
        String note = BeamExperiments.note(spec.experiment());
        if (note != null) {
            notes.add(note);
        }
        String outcome = root.path("outcome").asText("failed: the BEAM VM reported no outcome");
        if ("ok".equals(outcome) && !runs.isEmpty()) {
            Measurement m = Measurement.of(spec, env, runs, steadiness, notes);
            return new Measurement(m.experiment(), m.kind(), m.n(), m.m(), env, m.outcome(),
                    m.summaryOf().replace("the JIT had not warmed up", "the first run in its VM"), m.metrics(), m.runs(), m.notes(),
                    m.steadiness(), m.spread());
        }
        if ("ok".equals(outcome)) {
            outcome = "failed: the BEAM VM reported no run";
        }
        return failed(spec, env, outcome, notes);
    }

    /** A measurement with no figures whose outcome says what stopped it. */
    public static Measurement failed(ExperimentSpec spec, Env env, String outcome, List<String> notes) {
        return new Measurement(spec.experiment(), KIND, spec.n(), spec.m(), env, outcome, "no run finished",
                Map.of(), List.of(), notes);
    }

    /** The load row in the VM's output ({@code "row"}). */
    public static LoadRow loadRow(String json, int processors) {
        JsonNode root = parse(json);
        JsonNode row = root.path("row");
        if (row.isMissingNode()) {
            throw new IllegalArgumentException("the BEAM VM reported no load row: " + root.path("outcome").asText("no outcome"));
        }
        List<Double> perLoop = new ArrayList<>();
        row.path("perLoopOpsPerSecond").forEach(v -> perLoop.add(number(v)));
        String status = row.path("status").asText(LoadRow.FAILED);
        long done = row.path("roundsCompleted").asLong();
        long wanted = row.path("roundsWanted").asLong();
        long waited = row.path("waitedMillis").asLong();
        String detail = switch (status) {
            case LoadRow.OK -> String.format("%,d round trips on %s", done, vmLine(root));
            case LoadRow.STARVED -> String.format("no round trip completed in %,d ms", waited);
            default -> String.format("%,d of %,d round trips in %,d ms", done, wanted, waited);
        };
        return new LoadRow(KIND, row.path("loops").asInt(), root.path("schedulers").asInt(), processors, status,
                LoadRow.STARVED.equals(status), waited, done, wanted,
                number(row.path("roundTripMicrosP50")), number(row.path("roundTripMicrosP99")),
                number(row.path("roundTripMicrosMax")), number(row.path("roundTripMicrosMean")),
                number(row.path("opsPerSecondPerLoop")), number(row.path("opsPerSecondTotal")),
                number(row.path("firstLoopOpsPerSecond")), perLoop, detail + "; work is counted in reductions");
    }

    /** "Erlang/OTP 25 (erts 13.1.5), 1 scheduler, +P 1,048,576", from the VM's own report. */
    static String vmLine(JsonNode root) {
        int schedulers = root.path("schedulers").asInt();
        return String.format("Erlang/OTP %s (erts %s), %d scheduler%s, +P %,d", root.path("otpRelease").asText("?"),
                root.path("erts").asText("?"), schedulers, schedulers == 1 ? "" : "s", root.path("processLimit").asLong());
    }

    static JsonNode parse(String printed) {
        int last = printed.lastIndexOf("\n{");
        String json = last < 0 ? printed : printed.substring(last + 1); // the JSON is the last line; a stray report may precede it
        try {
            JsonNode root = MAPPER.readTree(json);
            if (root == null || !root.isObject()) {
                throw new IllegalArgumentException("the BEAM VM printed no JSON object");
            }
            return root;
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("the BEAM VM printed something that is not JSON: " + e.getOriginalMessage(), e);
        }
    }

    private static Map<String, Double> numbers(JsonNode node) {
        Map<String, Double> metrics = new LinkedHashMap<>();
        node.properties().forEach(e -> metrics.put(e.getKey(), number(e.getValue())));
        return metrics;
    }

    private static double number(JsonNode value) {
        return value.isNumber() ? value.asDouble() : Double.NaN;
    }
}
