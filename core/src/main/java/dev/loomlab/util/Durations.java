package dev.loomlab.util;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses durations as people type them: {@code 500ms}, {@code 5s}, {@code 2m}, {@code 1h}, or plain seconds. */
public final class Durations {

    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|min|h)?");

    private Durations() {}

    public static Duration parse(String text) {
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("\"" + text + "\" is not a duration: write e.g. 500ms, 5s, 2m or 1h");
        }
        double value = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        long millis = Math.round(value * switch (unit) {
            case "ms" -> 1;
            case "s" -> 1_000;
            case "m", "min" -> 60_000;
            default -> 3_600_000;
        });
        if (millis <= 0) {
            throw new IllegalArgumentException("a duration must be positive, got \"" + text + "\"");
        }
        return Duration.ofMillis(millis);
    }

    /** 90 s → "1m30s", as short as it can be said. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms < 1_000) {
            return ms + "ms";
        }
        if (ms % 60_000 == 0) {
            return (ms / 60_000) + "m";
        }
        if (ms < 60_000) {
            return (ms % 1_000 == 0 ? String.valueOf(ms / 1_000) : String.format("%.1f", ms / 1e3)) + "s";
        }
        return (ms / 60_000) + "m" + ((ms % 60_000) / 1_000) + "s";
    }
}
