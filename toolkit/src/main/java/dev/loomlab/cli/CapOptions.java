package dev.loomlab.cli;

import dev.loomlab.measure.Cap;
import picocli.CommandLine.Option;

/** {@code --cap N} and {@code --no-cap}: the pedagogical cap, for every command that starts processes (a picocli mixin). */
final class CapOptions {

    @Option(names = "--cap", paramLabel = "N",
            description = "the most processes allowed (default " + Cap.DEFAULT + ", polite to a laptop)")
    Integer cap;

    @Option(names = "--no-cap", description = "lift the cap on purpose, to go to millions")
    boolean noCap;

    /** Applies --cap / --no-cap to this JVM (a child inherits it); refuses both at once, or a cap below 1. */
    void apply() {
        if (noCap && cap != null) {
            throw new IllegalArgumentException("--cap and --no-cap contradict each other: give one");
        }
        if (noCap) {
            Cap.lift();
        } else if (cap != null) {
            if (cap < 1) {
                throw new IllegalArgumentException("--cap must be at least 1 (use --no-cap to lift it), got " + cap);
            }
            Cap.set(cap);
        }
    }
}
