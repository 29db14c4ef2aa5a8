package dev.loomlab.experiment;

import java.util.List;
import java.util.Map;

/**
 * One measurement the toolkit can run, in this JVM or (through {@code ChildJvm}) in a fresh one.
 * Implementations are stateless; one run must leave no thread behind.
 */
public interface Experiment {

    /** The name used on the command line and in JSON. */
    String name();

    /** One line on what it measures. */
    String description();

    /** Checks the spec before anything starts; throws {@link IllegalArgumentException} naming the problem. */
    void validate(ExperimentSpec spec);

    /** Flags the child JVM needs for this spec (e.g. Native Memory Tracking for platform threads). */
    default List<String> jvmFlags(ExperimentSpec spec) {
        return List.of();
    }

    /** Runs once and returns the metrics, by name, in display order. */
    Map<String, Double> runOnce(ExperimentSpec spec, Progress progress) throws Exception;

    /**
     * True (the default) when the headline is a timing that the warm-up protocol repeats until
     * steady; false for a measurement made once per JVM (the whole-JVM peak of tasks, a limit hit on purpose).
     * The headline is the first metric {@link #runOnce} returns.
     */
    default boolean timed() {
        return true;
    }

    /** Notes that say what the metrics include, shown under the table. */
    default List<String> notes(ExperimentSpec spec) {
        return List.of();
    }
}
