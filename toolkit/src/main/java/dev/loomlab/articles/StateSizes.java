package dev.loomlab.articles;

import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.util.Progress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one runner for state size: idle processes each holding a list of m elements, one fresh JVM
 * per m, m = 0 first as the baseline. Big lists run with fewer processes (n x m at most
 * {@value #MAX_ELEMENTS} elements) so each child stays near 200 MB of heap.
 */
public final class StateSizes {

    /** The most list elements one child JVM holds in all. */
    public static final long MAX_ELEMENTS = 10_000_000L;

    private StateSizes() {}

    /**
     * The spec for lists of m elements, the same for a JVM and for BEAM here: the figure is a memory
     * reading, which repeats itself once the warm-up has found it steady, so one run is measured
     * after the warm-up (the warm-up runs stay in the runs table), as the idle tiers do.
     */
    public static ExperimentSpec spec(int m, int processes) {
        return ExperimentSpec.of(Experiments.STATE, processesFor(m, processes)).withM(m).withRepeat(1);
    }

    /** The processes a child runs for lists of m elements, given {@code processes} wanted. */
    public static int processesFor(int m, int processes) {
        return (int) Math.max(1, Math.min(processes, MAX_ELEMENTS / Math.max(m, 1)));
    }

    /**
     * Measures m = 0 and then each size in {@code elements} (duplicates and 0 dropped), by m.
     *
     * @throws IllegalArgumentException if processes is below 1 or a size is negative
     */
    public static Map<Integer, Measurement> measure(int[] elements, int processes, Progress progress) {
        if (processes < 1) {
            throw new IllegalArgumentException("processes must be at least 1, got " + processes);
        }
        List<Integer> sizes = new ArrayList<>(List.of(0));
        for (int e : elements) {
            if (e < 0) {
                throw new IllegalArgumentException("a list size cannot be negative: " + e);
            }
            if (!sizes.contains(e)) {
                sizes.add(e);
            }
        }
        Map<Integer, Measurement> byM = new LinkedHashMap<>();
        for (int m : sizes) {
            byM.put(m, FreshJvm.row(spec(m, processes), progress));
        }
        return byM;
    }
}
