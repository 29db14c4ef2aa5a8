package dev.loomlab.experiment;

import java.util.Map;

/**
 * One run (iteration) of an experiment inside one VM.
 *
 * @param vm      which fresh VM it ran in, 1-based (1 for a figure of one VM)
 * @param index   1-based, within its VM
 * @param cold    true for the first run in its JVM: the JIT has not compiled the code yet
 * @param phase   what the warm-up protocol made of it: "cold", "warmup" or "measured"
 * @param metrics the numbers, by the metric names of {@link Measurement}
 */
public record Run(int vm, int index, boolean cold, String phase, Map<String, Double> metrics) {

    public Run {
        metrics = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(metrics));
        phase = phase == null || phase.isEmpty() ? (cold ? "cold" : "measured") : phase;
    }

    /** A run of the only VM. */
    public Run(int index, boolean cold, String phase, Map<String, Double> metrics) {
        this(1, index, cold, phase, metrics);
    }

    /** A run of the only VM without a protocol phase: cold if first, else measured. */
    public Run(int index, boolean cold, Map<String, Double> metrics) {
        this(index, cold, cold ? "cold" : "measured", metrics);
    }

    /** The same run, as one of VM {@code number}'s. */
    public Run inVm(int number) {
        return new Run(number, index, cold, phase, metrics);
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
