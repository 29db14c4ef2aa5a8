package dev.loomlab.api;

import dev.loomlab.beam.BeamHere;
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
 * The one runner for what an idle unit weighs, by kind: {@code spawn} at n, each kind over its own
 * fresh VMs, taken in turn ({@link BeamHere#comparedRows}), so each figure carries its interval;
 * platform threads at most {@code platformMax} (each is an OS thread, slow to create), and BEAM here
 * when the kinds name it. Every notebook table of idle weight (notebook 01's side by side, 02's kinds,
 * 04's memory per process) is an arrangement of these measurements. A kind whose child failed is a
 * failed row.
 */
public final class IdleWeight {

    /** Platform threads in an idle-weight run unless the caller says otherwise. */
    public static final int PLATFORM_MAX = 1_000;

    private IdleWeight() {}

    /**
     * Measures each kind at n (platform threads at {@code min(n, platformMax)}), their VMs in turn.
     *
     * @throws IllegalArgumentException if n is above the cap or platformMax is below 1
     */
    public static Map<Kind, Measurement> measure(int n, int platformMax, List<Kind> kinds, Progress progress) {
        Cap.check("n", n, Kind.PROCESS.bytesPerUnitEstimate());
        if (platformMax < 1) {
            throw new IllegalArgumentException("platform threads must be at least 1, got " + platformMax);
        }
        List<ExperimentSpec> specs = kinds.stream()
                .map(kind -> ExperimentSpec.of(Experiments.SPAWN, kind == Kind.PLATFORM ? Math.min(n, platformMax) : n).withKind(kind))
                .toList();
        List<Measurement> rows = BeamHere.comparedRows(specs, progress);
        Map<Kind, Measurement> byKind = new LinkedHashMap<>();
        for (int i = 0; i < kinds.size(); i++) {
            byKind.put(kinds.get(i), rows.get(i));
        }
        return byKind;
    }

    /** Every JVM kind at n, platform threads at most {@link #PLATFORM_MAX}. */
    public static Map<Kind, Measurement> measure(int n, Progress progress) {
        return measure(n, PLATFORM_MAX, Kind.jvm(), progress);
    }

    /**
     * Hibernated processes at n, the toolkit's and BEAM here's, their VMs in turn: the other half of
     * "hibernation against idle", keyed {@link Kind#PROCESS} and {@link Kind#BEAM}.
     */
    public static Map<Kind, Measurement> hibernated(int n, Progress progress) {
        ExperimentSpec spec = ExperimentSpec.of(Experiments.HIBERNATE, n);
        List<Measurement> rows = BeamHere.comparedRows(List.of(spec, spec.withKind(Kind.BEAM)), progress);
        return Map.of(Kind.PROCESS, rows.get(0), Kind.BEAM, rows.get(1));
    }
}
