package dev.loomlab.limits;

import dev.loomlab.measure.Units;
import java.time.Duration;

/** What the section-7 demos share: their deadline and heap, and how a byte count they could not read is shown. */
final class Demos {

    /** Every demo child JVM is killed after this. */
    static final Duration DEADLINE = Duration.ofSeconds(60);
    /** The heap of most demo child JVMs: small, so running out is quick and cheap. */
    static final String SMALL_DEMO_HEAP = "-Xmx64m";

    private Demos() {}

    static String bytes(double value) {
        return Double.isNaN(value) ? "not read" : Units.bytes(value);
    }
}
