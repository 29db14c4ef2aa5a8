package dev.loomlab.api;

import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.util.Progress;
import dev.loomlab.measure.Cap;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
import java.util.ArrayList;
import java.util.List;

/** The side-by-side tables of the notebooks: each thing measured in its own fresh JVM, in one call. */
final class Comparisons {

    /** Platform threads are slow to create here and heavy: never more than this many in a comparison. */
    static final int PLATFORM_MAX = 1_000;
    /** The platform-thread stack used as the control for BEAM's {@code min_heap_size}. */
    static final long SMALL_STACK = 64 * 1024;

    /** The articles' "MB" are MiB: 849 bytes x 1,000,000 = 809 "MB". */
    private static final double MIB = 1024 * 1024;

    private Comparisons() {}

    static SideBySide idleWeight(int n) {
        Cap.check("n", n, 1_000);
        int platformN = Math.min(n, PLATFORM_MAX);
        Measurement process = run(ExperimentSpec.of("spawn", n), "toolkit process");
        Measurement virtual = run(ExperimentSpec.of("spawn", n).withKind(Kind.VIRTUAL), "raw virtual thread");
        Measurement platform = run(ExperimentSpec.of("spawn", platformN).withKind(Kind.PLATFORM), "platform thread");
        List<SideBySide.Row> rows = new ArrayList<>();
        rows.add(row("toolkit process", process, figure("spawn", "bytesPerProcess", "un-million", 1)));
        rows.add(row("raw virtual thread", virtual, figure("spawn", "bytesPerProcess", "karui", "Go")));
        rows.add(row("platform thread (heap + native stack)", platform,
                figure("spawn", "bytesPerProcess", "karui", "Python")));
        return new SideBySide("What one idle unit weighs: bytes each after a full GC, all parked", "bytes per process", rows);
    }

    static SideBySide hibernation(int n) {
        Cap.check("n", n, 1_000);
        int platformN = Math.min(n, PLATFORM_MAX);
        Measurement process = run(ExperimentSpec.of("spawn", n), "toolkit process");
        Measurement hibernated = run(ExperimentSpec.of("hibernate", n), "hibernated process");
        Measurement small = run(ExperimentSpec.of("spawn", platformN).withKind(Kind.PLATFORM)
                .withOption("stackSize", String.valueOf(SMALL_STACK)), "platform thread, 64 KiB stack");
        List<SideBySide.Row> rows = new ArrayList<>();
        rows.add(row("toolkit process (waiting in receive)", process, figure("spawn", "bytesPerProcess", "un-million", 1)));
        rows.add(row("hibernated process (no thread)", hibernated, figure("hibernate", "bytesPerProcess", "un-million", 1)));
        rows.add(row("platform thread, 64 KiB stack (the min_heap_size control)", small,
                figure("min-heap", "bytesPerProcess", "un-million", 1)));
        long million = 1_000_000;
        long fiveMillion = 5_000_000;
        rows.add(extrapolated("1,000,000 hibernated: MiB in all", hibernated, million,
                figure("hibernate", "bytesPerProcess", "un-million", million)));
        rows.add(extrapolated("5,000,000 hibernated: MiB in all", hibernated, fiveMillion,
                figure("hibernate", "bytesPerProcess", "un-million", fiveMillion)));
        return new SideBySide("Hibernation: what a process weighs once it gives its thread back", "bytes per process (MiB for totals)", rows);
    }

    private static Measurement run(ExperimentSpec spec, String what) {
        System.out.printf("measuring %s: n = %,d in a fresh JVM...%n", what, spec.n());
        return FreshJvm.run(spec, Progress.SILENT);
    }

    private static SideBySide.Row row(String what, Measurement m, PublishedFigure p) {
        return new SideBySide.Row(what, m.bytesPerProcess(), p == null ? Double.NaN : p.value(), describe(p),
                String.format("measured: fresh JVM, n = %,d", m.n()));
    }

    private static SideBySide.Row extrapolated(String what, Measurement m, long n, PublishedFigure p) {
        double oursMb = m.bytesPerProcess() * n / MIB;
        double theirsMb = p == null ? Double.NaN : p.value() * n / MIB;
        return new SideBySide.Row(what, oursMb, theirsMb, describe(p) + " x n",
                String.format("EXTRAPOLATED: %,.0f bytes measured at n = %,d, times %,d; measure it with "
                        + "./loomlab %s --n %d --no-cap", m.bytesPerProcess(), m.n(), n, m.experiment(), n));
    }

    private static String describe(PublishedFigure p) {
        return p == null ? "" : p.runtime() + " (" + p.source() + (p.n() == null ? "" : String.format(", n = %,d", p.n())) + ")";
    }

    /** The published figure of an experiment and metric from a source, at n (or the one whose runtime starts with a word). */
    private static PublishedFigure figure(String experiment, String metric, String source, Object nOrRuntime) {
        return PublishedFigures.of(experiment, metric).stream()
                .filter(f -> f.source().equals(source))
                .filter(f -> nOrRuntime instanceof String word ? f.runtime().startsWith(word)
                        : f.n() != null && f.n() == ((Number) nOrRuntime).longValue())
                .findFirst().orElse(null);
    }
}
