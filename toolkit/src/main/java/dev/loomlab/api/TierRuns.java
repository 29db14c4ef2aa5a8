package dev.loomlab.api;

import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.measure.Cap;
import dev.loomlab.util.Progress;
import java.util.ArrayList;
import java.util.List;

/**
 * The one runner for the French article's tiers: idle units of one kind spawned at each size,
 * each tier in its own fresh JVM (a tier never profits from the one before), {@code repeat} runs
 * per JVM so the cold first run can be shown beside the warm ones. Notebook 01's tier table and
 * notebook 02's scaling table are arrangements of these measurements.
 */
public final class TierRuns {

    private TierRuns() {}

    /**
     * Measures each size in order, moving {@code progress}'s count as each tier finishes.
     *
     * @throws IllegalArgumentException if there are no sizes or one is above the cap
     */
    public static List<Measurement> measure(Kind kind, int[] sizes, int repeat, Progress progress) {
        if (sizes.length == 0) {
            throw new IllegalArgumentException("no sizes to measure: every size is above the cap (" + Cap.current() + ")");
        }
        for (int n : sizes) {
            Cap.check("n", n, kind.bytesPerUnitEstimate());
        }
        List<Measurement> tiers = new ArrayList<>();
        for (int n : sizes) {
            Measurement tier = FreshJvm.row(ExperimentSpec.of(Experiments.SPAWN, n).withKind(kind).withRepeat(repeat), progress);
            tiers.add(tier);
            progress.step(tiers.size(), sizes.length, String.format("tier %,d: %s", n, tier.ok() ? "measured" : tier.outcome()));
        }
        return List.copyOf(tiers);
    }

    /** A metric of the cold first run of a tier (NaN for a failed tier). */
    public static double cold(Measurement tier, String metric) {
        return tier.runs().isEmpty() ? Double.NaN : tier.runs().get(0).metric(metric);
    }
}
