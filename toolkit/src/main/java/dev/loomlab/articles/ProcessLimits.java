package dev.loomlab.articles;

import dev.loomlab.view.Section;
import dev.loomlab.view.Grid;
import dev.loomlab.process.BeamLimit;
import java.util.Arrays;
import java.util.List;

/**
 * BEAM's {@code +P} beside the toolkit's process limit, for the numbers asked: what each runtime
 * would run with. Nothing is measured; it is the rule of each, side by side.
 */
public final class ProcessLimits {

    private ProcessLimits() {}

    /** The article's examples: the default, 10 million (rounded to 16,777,216), the maximum and past it. */
    public static Section articleExamples() {
        return of(1_000, 1_048_576, 1_000_000, 5_000_000, 10_000_000, 134_217_727, 200_000_000);
    }

    /** One row per requested limit. */
    public static Section of(long... requested) {
        if (requested.length == 0) {
            throw new IllegalArgumentException("give at least one limit, e.g. 10000000");
        }
        for (long r : requested) {
            if (r < 1 || r > Integer.MAX_VALUE) {
                throw new IllegalArgumentException(String.format("a process limit is between 1 and %,d, got %,d", Integer.MAX_VALUE, r));
            }
        }
        List<Long> rows = Arrays.stream(requested).boxed().toList();
        var table = Grid.of("+P N on BEAM and -Dloomlab.processLimit=N on the JVM", rows)
                .text("N asked", r -> String.format("%,d", r))
                .text("BEAM runs with", r -> String.format("%,d", BeamLimit.of(r)))
                .text("BEAM's rule", ProcessLimits::rule)
                .text("the toolkit runs with", r -> String.format("%,d", r))
                .build();
        return new Section(table, null, List.of(
                "BEAM sizes a table of process slots: at least " + String.format("%,d", BeamLimit.MIN) + ", rounded up to a power of two,"
                        + " at most " + String.format("%,d", BeamLimit.MAX) + ".",
                "The toolkit's limit is a counter, not a table: it keeps N exactly, so 'too many processes' comes where it was asked for;"
                        + " to run as BEAM would, pass BEAM's number (BeamLimit.of(n)), as the hibernated millions do."));
    }

    private static String rule(long r) {
        if (r <= BeamLimit.MIN) {
            return "raised to the minimum";
        }
        if (r >= BeamLimit.MAX) {
            return r == BeamLimit.MAX ? "the maximum" : "capped at the maximum";
        }
        return BeamLimit.of(r) == r ? "already a power of two" : "rounded up to a power of two";
    }
}
