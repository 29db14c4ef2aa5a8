package dev.loomlab.api;

import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.measure.Cap;
import dev.loomlab.util.Progress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one runner for what an idle unit weighs, by kind: {@code spawn} at n, each kind in its own
 * fresh JVM, platform threads at most {@code platformMax} (each is an OS thread, slow to create).
 * Every notebook table of idle weight (notebook 01's side by side, 02's kinds, 04's memory per
 * process) is an arrangement of these measurements. A kind whose child failed is a failed row.
 */
public final class IdleWeight {

    /** Platform threads in an idle-weight run unless the caller says otherwise. */
    public static final int PLATFORM_MAX = 1_000;

    private IdleWeight() {}

    /**
     * Measures each kind at n (platform threads at {@code min(n, platformMax)}), in order.
     *
     * @throws IllegalArgumentException if n is above the cap or platformMax is below 1
     */
    public static Map<Kind, Measurement> measure(int n, int platformMax, List<Kind> kinds, Progress progress) {
        Cap.check("n", n, Kind.PROCESS.bytesPerUnitEstimate());
        if (platformMax < 1) {
            throw new IllegalArgumentException("platform threads must be at least 1, got " + platformMax);
        }
        Map<Kind, Measurement> byKind = new LinkedHashMap<>();
        for (Kind kind : kinds) {
            int size = kind == Kind.PLATFORM ? Math.min(n, platformMax) : n;
            byKind.put(kind, FreshJvm.row(ExperimentSpec.of(Experiments.SPAWN, size).withKind(kind), progress));
        }
        return byKind;
    }

    /** Every kind at n, platform threads at most {@link #PLATFORM_MAX}. */
    public static Map<Kind, Measurement> measure(int n, Progress progress) {
        return measure(n, PLATFORM_MAX, Kind.jvm(), progress);
    }

    /** Hibernated processes at n, in a fresh JVM: the other half of "hibernation against idle". */
    public static Measurement hibernated(int n, Progress progress) {
        return FreshJvm.row(ExperimentSpec.of(Experiments.HIBERNATE, n), progress);
    }
}
