package dev.loomlab.articles;

import dev.loomlab.api.IdleWeight;
import dev.loomlab.util.ProgressLine;
import dev.loomlab.beam.BeamHere;
import dev.loomlab.view.Grid;
import dev.loomlab.view.Section;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Verdict;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
import dev.loomlab.util.Progress;
import dev.loomlab.isolation.Isolation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * <i>Un million de processus</i>, the French article (notebooks 01 and 01b): its sections that are
 * not one experiment, one method each, every one returning what its cell shows. Which kinds, which
 * sizes, which published rows, which words: the measuring is the runners' ({@link IdleWeight},
 * {@link ProcessLimits}, {@link HibernatedMillions}) and the isolation demo's; this class arranges.
 */
public final class UnMillion {

    /** The platform-thread stack used as the control for BEAM's {@code min_heap_size}. */
    static final long SMALL_STACK = 64 * 1024;

    /** The article of notebook 01, whose published figures its tables show. */
    private static final String ARTICLE = "un-million";

    /** The articles' "MB" are MiB: 849 bytes x 1,000,000 = 809 "MB". */
    private static final double MIB = 1024 * 1024;

    private UnMillion() {}

    /**
     * One idle unit's weight, each kind over its own fresh JVMs: a toolkit process, a raw virtual
     * thread and a platform thread (at most 1,000 of those), beside an idle BEAM process here (fresh
     * BEAM VMs, taken in turn with the JVMs) and BEAM's, a goroutine's and an OS thread's published weights.
     */
    public static Section idleWeight(int n) {
        return ProgressLine.along("idle weight per kind, fresh JVMs and BEAM VMs in turn", line -> idleWeight(n, line));
    }

    /**
     * Hibernation: a toolkit process, a hibernated one and, as the control for BEAM's
     * {@code min_heap_size}, a platform thread with a 64 KiB stack; then what 1M and 5M
     * hibernated processes would take, labelled as extrapolated.
     */
    public static Section hibernation(int n) {
        return ProgressLine.along("hibernation, fresh JVMs and BEAM VMs in turn", line -> hibernation(n, line));
    }

    /** BEAM's +P rounding beside the toolkit's exact limit, for the article's examples. */
    public static Section processLimits() {
        return ProcessLimits.articleExamples();
    }

    /** The memory check of 1M and 5M hibernated processes on this machine, nothing started. */
    public static Section millionsPlan() {
        return HibernatedMillions.articles().plan();
    }

    /** 1M and 5M hibernated, each in a fresh JVM (lift the cap first), rows that do not fit are not started. */
    public static Section millions() {
        return ProgressLine.along("1M and 5M hibernated, one fresh JVM each", p -> HibernatedMillions.articles().run(Experiments.HIBERNATE, p));
    }

    /** Shared by reference or copied: what the receiver sees, and what a copy costs (10 to 10,000 elements). */
    public static Isolation.Result isolation() {
        return ProgressLine.along("isolation: shared or copied, in a child JVM", Isolation::standard);
    }

    static Section idleWeight(int n, Progress progress) {
        Map<Kind, Measurement> byKind = IdleWeight.measure(n, IdleWeight.PLATFORM_MAX, Kind.jvmAndBeam(), progress);
        Measurement beam = byKind.get(Kind.BEAM);
        List<UnitWeights.Row> rows = new ArrayList<>();
        rows.add(row("toolkit process", byKind.get(Kind.PROCESS), beam, figure("spawn", "bytesPerProcess", ARTICLE, 1)));
        rows.add(row("raw virtual thread", byKind.get(Kind.VIRTUAL), beam, figure("spawn", "bytesPerProcess", "karui", "Go")));
        rows.add(row("platform thread (heap + native stack)", byKind.get(Kind.PLATFORM), beam,
                figure("spawn", "bytesPerProcess", "karui", "Python")));
        return UnitWeights.section("What one idle unit weighs: bytes each after a full GC, all parked", "bytes per process", ARTICLE, rows,
                verdicts(rows, List.of(byKind.get(Kind.PROCESS), byKind.get(Kind.VIRTUAL), byKind.get(Kind.PLATFORM)),
                        java.util.Collections.nCopies(rows.size(), beam), "bytes per unit", "bytesPerProcess", "an idle BEAM process"),
                java.util.Arrays.asList(byKind.get(Kind.PROCESS), byKind.get(Kind.VIRTUAL), byKind.get(Kind.PLATFORM), beam));
    }

    static Section hibernation(int n, Progress progress) {
        ExperimentSpec idle = ExperimentSpec.of(Experiments.SPAWN, n);
        ExperimentSpec asleep = ExperimentSpec.of(Experiments.HIBERNATE, n);
        ExperimentSpec platformThreads = ExperimentSpec.of(Experiments.SPAWN, Math.min(n, IdleWeight.PLATFORM_MAX)).withKind(Kind.PLATFORM);
        List<Measurement> measured = BeamHere.comparedRows(List.of(idle, asleep, platformThreads,
                platformThreads.withOption("stackSize", String.valueOf(SMALL_STACK)), idle.withKind(Kind.BEAM), asleep.withKind(Kind.BEAM)),
                progress);
        Measurement process = measured.get(0);
        Measurement hibernated = measured.get(1);
        Measurement platform = measured.get(2);
        Measurement small = measured.get(3);
        Measurement beamIdle = measured.get(4);
        Measurement beamHibernated = measured.get(5);
        List<UnitWeights.Row> rows = new ArrayList<>();
        rows.add(row("toolkit process (waiting in receive)", process, beamIdle, figure("spawn", "bytesPerProcess", ARTICLE, 1)));
        rows.add(row("hibernated process (no thread)", hibernated, beamHibernated,
                figure("hibernate", "bytesPerProcess", ARTICLE, 1)));
        // the control is read each runtime against itself (the note): no BEAM figure beside a platform thread
        rows.add(row("platform thread, default stack (the control's baseline)", platform, null, null));
        rows.add(row("platform thread, 64 KiB stack (the min_heap_size control)", small, null, null));
        long million = 1_000_000;
        long fiveMillion = 5_000_000;
        rows.add(extrapolated("1,000,000 hibernated: MiB in all", hibernated, beamHibernated, million,
                figure("hibernate", "bytesPerProcess", ARTICLE, million)));
        rows.add(extrapolated("5,000,000 hibernated: MiB in all", hibernated, beamHibernated, fiveMillion,
                figure("hibernate", "bytesPerProcess", ARTICLE, fiveMillion)));
        List<String> notes = new ArrayList<>(verdicts(rows.subList(0, 2), List.of(process, hibernated), List.of(beamIdle, beamHibernated),
                "bytes per process", "bytesPerProcess", null));
        notes.add(askingForLess(platform, small, figure("spawn", "bytesPerProcess", ARTICLE, 1),
                figure("min-heap", "bytesPerProcess", ARTICLE, 1)));
        return UnitWeights.section("Hibernation: what a process weighs once it gives its thread back",
                "bytes per process (MiB for totals)", ARTICLE, rows, notes,
                java.util.Arrays.asList(process, hibernated, platform, small, beamIdle, beamHibernated));
    }

    /**
     * The fair reading of the min_heap_size control: each runtime asked for less against itself
     * asking for nothing (a platform thread with a small stack against one with the default stack;
     * BEAM's min_heap_size process against a normal one), never a platform thread against BEAM.
     */
    static String askingForLess(Measurement normal, Measurement small, PublishedFigure beamNormal, PublishedFigure beamSmall) {
        String beam = beamNormal == null || beamSmall == null ? "BEAM's pair is not in the dataset"
                : String.format("BEAM: %s bytes with min_heap_size: 1 against %s for a normal process (%s×)",
                Grid.print(beamSmall.value()), Grid.print(beamNormal.value()), Grid.printRatio(beamSmall.value() / beamNormal.value()));
        if (!normal.ok() || !small.ok()) {
            return "asking for less, each against itself: the JVM pair could not be measured this time ("
                    + (normal.ok() ? small.outcome() : normal.outcome()) + "); " + beam;
        }
        return String.format("asking for less, each against itself, this run: %s; %s", Verdict.compare("bytesPerProcess",
                normal, "a platform thread with the default stack", small,
                String.format("one with a %d KiB stack", SMALL_STACK / 1024)), beam);
    }

    /**
     * One verdict per measured row that has a BEAM-here figure or says why not: each row's JVM
     * measurement against its BEAM-here one ({@code jvm} and {@code beam}, in the rows' order), with their intervals.
     */
    private static List<String> verdicts(List<UnitWeights.Row> rows, List<Measurement> jvm, List<Measurement> beam, String unit,
                                         String metric, String beamWhat) {
        List<String> said = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            UnitWeights.Row r = rows.get(i);
            double b = r.beamHere();
            if (Double.isNaN(b)) {
                said.add(String.format("On this machine, %s: %s %s on the JVM; BEAM here: %s.", r.what(), Grid.print(r.ours()),
                        unit, r.beamHereText().isEmpty() ? "no counterpart run" : r.beamHereText()));
                continue;
            }
            boolean beamPublished = r.publishedWhat().startsWith("BEAM");
            said.add(String.format("On this machine, %s against %s: %s%s.", r.what(), beamWhat == null ? "its BEAM twin" : beamWhat,
                    Verdict.compare(metric, beam.get(i), "BEAM here", jvm.get(i), "the JVM"),
                    Double.isNaN(r.published()) || r.published() == 0 ? ""
                            : String.format("; beside the published %s (%s, another machine%s) it would be %s×",
                            beamPublished ? "BEAM figure" : "figure of " + r.publishedWhat(), Grid.print(r.published()),
                            r.publishedBy(ARTICLE) ? "" : "; another article's, in the details", Grid.printRatio(r.ours() / r.published()))));
        }
        return said;
    }

    private static UnitWeights.Row row(String what, Measurement m, Measurement beam, PublishedFigure p) {
        return new UnitWeights.Row(what, m.bytesPerProcess(), BeamHere.cell(m, "bytesPerProcess"), BeamHere.value(beam, "bytesPerProcess"),
                beam == null ? "no BEAM counterpart run" : BeamHere.cell(beam, "bytesPerProcess"),
                p == null ? Double.NaN : p.value(), describe(p),
                m.ok() ? String.format("measured: %s, n = %,d", m.vms() > 1 ? m.vms() + " fresh JVMs" : "fresh JVM", m.n()) : m.outcome());
    }

    private static UnitWeights.Row extrapolated(String what, Measurement m, Measurement beam, long n, PublishedFigure p) {
        double oursMb = m.bytesPerProcess() * n / MIB;
        double beamMb = BeamHere.value(beam, "bytesPerProcess") * n / MIB;
        double theirsMb = p == null ? Double.NaN : p.value() * n / MIB;
        return new UnitWeights.Row(what, oursMb, m.ok() ? Grid.print(oursMb) : m.outcome(), beamMb,
                beam.ok() ? Grid.print(beamMb) + " (EXTRAPOLATED)" : beam.outcome(), theirsMb, describe(p) + " x n",
                String.format("EXTRAPOLATED: %s bytes measured at n = %,d, times %,d; measure it with "
                        + "./loomlab %s --n %d --no-cap (add --kind beam for BEAM here)", Grid.print(m.bytesPerProcess()), m.n(), n,
                        m.experiment(), n), "MiB");
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
