package dev.loomlab.api;

import dev.loomlab.util.Progress;
import dev.loomlab.util.ProgressLine;
import java.util.function.Function;

/**
 * How a notebook helper reports while it runs: on one progress line ({@link ProgressLine}) replaced
 * in place, not a growing log, closed when the helper returns.
 */
final class OneLine {

    private OneLine() {}

    /** Runs {@code body} with a progress line for {@code what}, and returns what it returns. */
    static <T> T along(String what, Function<Progress, T> body) {
        try (ProgressLine line = ProgressLine.start(what, 0)) {
            return body.apply(line);
        }
    }
}
