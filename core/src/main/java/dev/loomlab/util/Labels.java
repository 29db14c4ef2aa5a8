package dev.loomlab.util;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How an enum is written on the command line and in JSON: its constant in lower case
 * ({@code PROCESS} is {@code process}), parsed back case-insensitively with an error that lists
 * what exists. Every kind enum parses through here, so they all answer bad input the same way.
 */
public final class Labels {

    private Labels() {}

    /** The lower-case label of a constant. */
    public static String of(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }

    /** Every label, comma-separated, in declaration order. */
    public static String all(Enum<?>[] values) {
        return Arrays.stream(values).map(Labels::of).collect(Collectors.joining(", "));
    }

    /**
     * The constant whose label is {@code text}.
     *
     * @param what   what is being parsed, for the error, e.g. "kind" or "kind for load"
     * @param extra  what else is accepted, appended to the list in the error (may be empty)
     * @throws IllegalArgumentException naming the bad text and every label
     */
    public static <E extends Enum<E>> E parse(E[] values, String text, String what, String extra) {
        String t = text == null ? "" : text.trim();
        for (E value : values) {
            if (of(value).equalsIgnoreCase(t)) {
                return value;
            }
        }
        throw new IllegalArgumentException("unknown " + what + " \"" + t + "\": use one of " + all(values) + extra);
    }

    /** {@code "a"}, {@code "a,b"} or {@code "all"}: distinct constants in the order written. */
    public static <E extends Enum<E>> List<E> parseList(E[] values, String text, String what) {
        if (text.trim().equalsIgnoreCase("all")) {
            return List.of(values);
        }
        List<E> parsed = new ArrayList<>();
        for (String part : text.split(",")) {
            E value = parse(values, part, what, ", a comma list of them, or all");
            if (!parsed.contains(value)) {
                parsed.add(value);
            }
        }
        return List.copyOf(parsed);
    }
}
