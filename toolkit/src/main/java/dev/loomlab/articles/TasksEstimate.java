package dev.loomlab.articles;

import dev.loomlab.view.Grid;
import java.util.Map;
import java.util.TreeMap;

/**
 * Our peak at a tier we may not have run (the benchmark's 1,000,000): the measured figure where
 * that tier ran, otherwise the floor plus the measured per-task slope times the extra tasks,
 * labelled as an extrapolation, or nothing where too few tiers ran to draw a line.
 *
 * @param tasks    the tier asked for
 * @param peakMb   the figure, NaN when there is none
 * @param measured true when {@code peakMb} was measured at {@code tasks}, false when extrapolated or absent
 * @param basis    how the figure was obtained, in words for the table
 */
record TasksEstimate(long tasks, double peakMb, boolean measured, String basis) {

    static final String MEASURED = "measured";
    static final String EXTRAPOLATED = "extrapolated";
    /** Below this largest tier a slope is mostly noise: the extrapolation says it is rough. */
    static final int ROUGH_BELOW = 10_000;

    /**
     * The estimate at {@code tasks} from measured peaks by tier (NaN entries are runs that failed):
     * measured if that tier ran, extrapolated from 1 task and the largest measured tier (the same
     * slope as the per-task table) otherwise.
     */
    static TasksEstimate at(long tasks, Map<Integer, Double> peaksByTier) {
        TreeMap<Integer, Double> ran = new TreeMap<>();
        peaksByTier.forEach((n, mb) -> {
            if (mb != null && !Double.isNaN(mb)) {
                ran.put(n, mb);
            }
        });
        Double there = tasks <= Integer.MAX_VALUE ? ran.get((int) tasks) : null;
        if (there != null) {
            return new TasksEstimate(tasks, there, true, MEASURED);
        }
        Double one = ran.get(1);
        Integer top = ran.isEmpty() ? null : ran.lastKey();
        if (one == null || top == null || top <= 1) {
            return new TasksEstimate(tasks, Double.NaN, false,
                    "not measured, and too few tiers ran to extrapolate (needs 1 task and a larger tier)");
        }
        double perTask = (ran.get(top) - one) / (top - 1);
        if (!(perTask > 0)) {
            return new TasksEstimate(tasks, Double.NaN, false, String.format("not measured, and not extrapolated: the peak "
                    + "did not grow between 1 and %,d tasks (%s bytes per task), so the runtime's fixed costs hide the "
                    + "tasks' at these tiers", top, Grid.print(perTask * TasksRuns.MIB)));
        }
        double mb = one + perTask * (tasks - 1);
        return new TasksEstimate(tasks, mb, false, String.format("%s: not measured; the peak at 1 task plus %s bytes "
                + "per task (the slope measured between 1 and %,d tasks) times %,d%s", EXTRAPOLATED, Grid.print(perTask * TasksRuns.MIB), top,
                tasks - 1, top < ROUGH_BELOW ? String.format("; rough: below %,d tasks the runtime's fixed costs and the "
                        + "collector's timing dominate the slope", ROUGH_BELOW) : ""));
    }

    /** "measured" or "extrapolated", for a table's label column. */
    String label() {
        return measured ? MEASURED : Double.isNaN(peakMb) ? "none" : EXTRAPOLATED;
    }
}
