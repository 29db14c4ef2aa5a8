package dev.loomlab.experiment;

import java.util.Map;

/**
 * One run of an experiment inside one JVM.
 *
 * @param index   1-based
 * @param cold    true for the first run in its JVM: the JIT has not compiled the code yet
 * @param metrics the numbers, by the metric names of {@link Measurement}
 */
public record Run(int index, boolean cold, Map<String, Double> metrics) {

    public Run {
        metrics = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(metrics));
    }

    /** A metric, or NaN if this run has none by that name. */
    public double metric(String name) {
        return metrics.getOrDefault(name, Double.NaN);
    }
}
