package dev.loomlab.experiment;

import java.util.Map;

/**
 * One run (iteration) of an experiment inside one JVM.
 *
 * @param index   1-based
 * @param cold    true for the first run in its JVM: the JIT has not compiled the code yet
 * @param phase   what the warm-up protocol made of it: "cold", "warmup" or "measured"
 * @param metrics the numbers, by the metric names of {@link Measurement}
 */
public record Run(int index, boolean cold, String phase, Map<String, Double> metrics) {

    public Run {
        metrics = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(metrics));
        phase = phase == null || phase.isEmpty() ? (cold ? "cold" : "measured") : phase;
    }

    /** A run without a protocol phase: cold if first, else measured. */
    public Run(int index, boolean cold, Map<String, Double> metrics) {
        this(index, cold, cold ? "cold" : "measured", metrics);
    }

    /** A metric, or NaN if this run has none by that name. */
    public double metric(String name) {
        return metrics.getOrDefault(name, Double.NaN);
    }

    /** True if the summary of a steady measurement is made of this run. */
    public boolean measured() {
        return phase.equals("measured");
    }
}
