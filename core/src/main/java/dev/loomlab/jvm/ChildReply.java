package dev.loomlab.jvm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import dev.loomlab.util.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a child JVM gave back through the one protocol ({@link ChildCall}, {@link ChildSide}).
 *
 * @param run      how it ended
 * @param result   its result file's text, if it wrote one (it writes it once, at its end)
 * @param figures  its figures: those of its result file when it wrote them there ({@link ChildSide#exit}),
 *                 else (it died half-way: out of memory, killed) the ones it streamed before it died
 * @param streamed its {@code result key=value} lines, last value per key
 * @param log      its {@code log} lines, in order
 * @param other    any other lines (JVM messages, stack traces), in order
 */
public record ChildReply(ChildRun run, Optional<String> result, Map<String, String> figures, Map<String, String> streamed, List<String> log,
                         List<String> other) {

    private static final TypeReference<LinkedHashMap<String, String>> FIGURES = new TypeReference<>() {};

    /** The reply to what a child left: its figures read once, from its result file or else from the streamed lines. */
    static ChildReply of(ChildRun run, Optional<String> result, Map<String, String> streamed, List<String> log, List<String> other) {
        return new ChildReply(run, result, figuresOf(result, streamed), streamed, log, other);
    }

    private static Map<String, String> figuresOf(Optional<String> result, Map<String, String> streamed) {
        if (result.isPresent()) {
            try {
                return Map.copyOf(Json.MAPPER.readValue(result.get(), FIGURES));
            } catch (JsonProcessingException | RuntimeException e) {
                return streamed; // a result file that is not figures: the streamed ones are all there is
            }
        }
        return streamed;
    }

    /** A figure as written, or "" if the child never wrote it. */
    public String get(String key) {
        return figures.getOrDefault(key, "");
    }

    /** A figure as a number, or NaN if absent or not a number. */
    public double number(String key) {
        try {
            return Double.parseDouble(figures.get(key));
        } catch (RuntimeException e) {
            return Double.NaN;
        }
    }

    /** How it ended, in the words of a table cell ({@link ChildEnding#cell}). */
    public String ending() {
        return ChildEnding.cell(run);
    }

    /** The JVM's own last word about memory, reworded without "Error:" (e.g. "Terminating due to ..."). */
    public String jvmMessage() {
        for (int i = other.size() - 1; i >= 0; i--) {
            String line = other.get(i);
            if (line.contains("OutOfMemoryError")) {
                return line.replace("java.lang.OutOfMemoryError: ", "OutOfMemoryError — ").trim();
            }
        }
        return "";
    }
}
