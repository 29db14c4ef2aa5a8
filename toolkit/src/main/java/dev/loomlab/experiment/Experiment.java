package dev.loomlab.experiment;

import dev.loomlab.util.Progress;
import java.util.List;
import java.util.Map;

/**
 * One measurement the toolkit can run, in this JVM or (through {@link FreshJvm}) in a fresh one.
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

    /** Notes that say what the metrics include, shown under the table. */
    default List<String> notes(ExperimentSpec spec) {
        return List.of();
    }
}
