package dev.loomlab.experiment;

import dev.loomlab.util.Progress;
import dev.loomlab.measure.Cap;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
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

    /**
     * The metric a chart or a one-line summary shows for this experiment, e.g. {@code nsPerHop};
     * by default the first metric a run returns ({@code ""}).
     */
    default String headline() {
        return "";
    }

    /**
     * True when a run on toolkit processes can be set beside the same run on raw virtual threads
     * (the baseline the CLI measures in its own fresh JVM). False where the baseline has no
     * counterpart (hibernation, the process limit).
     */
    default boolean hasBaseline() {
        return true;
    }

    /**
     * True when it also runs on actors ({@link Kind#actors()}, {@code --kind pekko}), through
     * {@link ActorGroup}; false (the default) refuses those kinds before anything starts.
     */
    default boolean runsOnActors() {
        return false;
    }

    /** A generous estimate of the memory one unit of this spec takes, for the cap's message. */
    default long bytesPerUnit(ExperimentSpec spec) {
        return spec.kind().bytesPerUnitEstimate();
    }

    /** Refuses {@code spec.n()} above the cap, saying what it would take and how to lift it. */
    default void checkCap(ExperimentSpec spec) {
        Cap.check("n", spec.n(), bytesPerUnit(spec));
    }

    /** The published figures for this experiment (every source), to set beside ours. */
    default List<PublishedFigure> published() {
        return PublishedFigures.of(name());
    }

    /** The published figures of {@code metric} for this experiment (every source). */
    default List<PublishedFigure> published(String metric) {
        return PublishedFigures.of(name(), metric);
    }

    /** Flags the child JVM needs for this spec (e.g. Native Memory Tracking for platform threads). */
    default List<String> jvmFlags(ExperimentSpec spec) {
        return List.of();
    }

    /** Runs once and returns the metrics, by name, in display order. */
    Map<String, Double> runOnce(ExperimentSpec spec, Progress progress) throws Exception;

    /**
     * True (the default) when the warm-up protocol repeats a run until its judged metric is
     * steady; false for a measurement made once per JVM (the whole-JVM peak of tasks, a limit hit on purpose).
     * The judged metric is the first one {@link #runOnce} returns, on the JVM and on BEAM here alike
     * ({@link Measurement#judged()}); it need not be the {@link #headline()}.
     */
    default boolean timed() {
        return true;
    }

    /** Notes that say what the metrics include, shown under the table. */
    default List<String> notes(ExperimentSpec spec) {
        return List.of();
    }
}
