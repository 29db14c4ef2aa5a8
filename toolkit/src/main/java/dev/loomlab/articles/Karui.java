package dev.loomlab.articles;

import dev.loomlab.api.Tiers;
import dev.loomlab.api.IdleWeight;
import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.beam.BeamHere;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.Forks;
import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.MeasurementJson;
import dev.loomlab.experiment.Verdict;
import dev.loomlab.gc.GcPauses;
import dev.loomlab.limits.CpuLimit;
import dev.loomlab.limits.MemoryLimit;
import dev.loomlab.limits.OffHeap;
import dev.loomlab.limits.PerProcessCap;
import dev.loomlab.limits.SupervisedRunaway;
import dev.loomlab.limits.ThreadCeiling;
import dev.loomlab.measure.Cap;
import dev.loomlab.measure.Spread;
import dev.loomlab.measure.Units;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
import dev.loomlab.util.Progress;
import dev.loomlab.util.ProgressLine;
import dev.loomlab.view.Grid;
import dev.loomlab.view.Palette;
import dev.loomlab.view.Plot;
import dev.loomlab.view.Section;
import dev.loomlab.view.Series;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The helpers of notebooks 02 and 02b, 「軽量プロセス」はどれくらい軽いのか, one per section. Each runs its
 * measurements in fresh child JVMs (the risky ones with small heaps, deadlines and, where the
 * machine allows, real cgroup limits) and returns a {@link Section}: shown as a table with the
 * article's figures beside ours; {@code chart()} plots the same runs where a curve says more.
 * Sizes follow the cap ({@link Cap}), so the notebook runs small in CI.
 * <pre>{@code
 * var idle = Karui.idleProcesses();   idle        idle.chart()
 * var state = Karui.state();          state       state.chart()
 * }</pre>
 */
public final class Karui {


    /** The article's runtimes, as its figures (source {@code karui}) name them. */
    private static final String BEAM = "BEAM";
    private static final String GO = "Go";
    private static final String PYTHON = "Python";

    private Karui() {}

    /** The article's figure for a runtime (by name prefix), an experiment and a metric; empty when it published none. */
    private static Optional<PublishedFigure> figure(String runtimePrefix, String experiment, String metric) {
        return PublishedFigures.of(experiment, metric).stream()
                .filter(f -> f.source().equals("karui") && f.runtime().startsWith(runtimePrefix)).findFirst();
    }

    /** The article's value, NaN when it did not publish it. */
    private static double value(String runtimePrefix, String experiment, String metric) {
        return figure(runtimePrefix, experiment, metric).map(PublishedFigure::value).orElse(Double.NaN);
    }

    private static String note(String runtimePrefix, String experiment, String metric) {
        return figure(runtimePrefix, experiment, metric).map(PublishedFigure::note).orElse("");
    }

    /** §2: 1k, 10k, 100k idle processes (up to the cap), fresh JVMs and BEAM VMs each, in turn: bytes and µs per process. */
    public static Section idleProcesses() {
        return idleProcesses(1_000, 10_000, 100_000);
    }

    /** §2 at chosen sizes. */
    public static Section idleProcesses(int... sizes) {
        return ProgressLine.along("idle processes by size, fresh JVMs and BEAM VMs in turn", p -> idleScaling(Cap.tiers(sizes), p));
    }

    /** §5 and §10: GC pauses for G1, ZGC and Serial at each n (within the cap), 1.5 s measured per row (six fresh JVMs in one cell). */
    public static Section gcPauses(int... ns) {
        return ProgressLine.along("GC pauses, one child JVM per collector and size", p -> GcPauses.of(ns).measuring(Duration.ofMillis(1500)).run(p));
    }

    /** §3: processes holding lists of 10, 100, 1,000, 10,000 elements (10,000 processes, or the cap). */
    public static Section state() {
        return state(Cap.atMost(10_000), 10, 100, 1_000, 10_000);
    }

    /** §3 with chosen sizes: {@code processes} per size (fewer for big lists). */
    public static Section state(int processes, int... elements) {
        Cap.check("processes", processes, 1_000);
        return ProgressLine.along("state held by a process, fresh JVMs and BEAM VMs per list size, in turn",
                p -> state(elements, processes, p));
    }

    /** §4: toolkit processes, raw virtual threads, platform threads (at most 2,000) beside BEAM, Go, Python. */
    public static Section kinds() {
        return kinds(Cap.atMost(100_000), Cap.atMost(2_000));
    }

    /** §4 at a chosen size. */
    public static Section kinds(int n, int platformThreads) {
        return ProgressLine.along("kinds side by side, fresh JVMs and BEAM VMs in turn", p -> kinds(n, platformThreads, p));
    }

    /** §4: this machine's thread limits, and a low ceiling (256 tasks) hit in a child JVM. */
    public static Section threadsLimit() {
        return ProgressLine.along("the thread ceiling, in a child JVM", p -> ThreadCeiling.section(256, p));
    }

    /** §4 and §7.3: spawning 100,000 (or the cap) five times in one JVM, and in a fresh JVM each time. */
    public static Section warmUp() {
        return warmUp(Cap.atMost(100_000), 5);
    }

    /** §4 and §7.3 at a chosen size and number of runs. */
    public static Section warmUp(int n, int runs) {
        return ProgressLine.along("spawning in one JVM and in fresh JVMs", p -> warmUp(n, runs, p));
    }

    /** §7.1: child JVMs given 1, 2, 4 and 8 CPUs (the article's rows): what they derive, and the time to spawn 30,000 (or the cap) at each, 3 runs per JVM. */
    public static Section cpuLimit() {
        return cpuLimit(1, 2, 4, 8);
    }

    /** §7.1 with chosen CPU counts. */
    public static Section cpuLimit(int... cpus) {
        return ProgressLine.along("CPU limits, one child JVM each", p -> CpuLimit.section(cpus, Cap.atMost(30_000), 3, p));
    }

    /** §7.2: the heap derived from 512 MB, a heap that fills, a heap bigger than its container. */
    public static Section memoryLimit() {
        return ProgressLine.along("memory limits, one child JVM each", p -> MemoryLimit.section(p));
    }

    /** §7.2, the swap lesson: -m 512m with and without --memory-swap, what the cgroup files say and the JVM reads, BEAM beside. */
    public static Section swapLesson() {
        return ProgressLine.along("the swap lesson, one child JVM per case", p -> MemoryLimit.swapLesson(p));
    }

    /**
     * §7.3: memory per idle process with no limit, a 512 MB container and 512 MB with 1 CPU (simulated), 10,000 processes
     * (or the cap), each setting over fresh JVMs taken in turn.
     */
    public static ContainerWeight containerWeight() {
        int n = Cap.atMost(10_000);
        List<ContainerWeight.Setting> settings = ContainerWeight.SETTINGS;
        return ProgressLine.along("memory per process under container-like limits, fresh JVMs per setting, in turn", p -> {
            List<Measurement> measured = BeamHere.comparedRows(settings.stream().map(s -> ExperimentSpec.of(Experiments.SPAWN, n)
                    .withJvmFlags(s.flags().toArray(String[]::new))).toList(), p);
            return new ContainerWeight(IntStream.range(0, settings.size()).mapToObj(i ->
                    new ContainerWeight.Row(settings.get(i).setting(), settings.get(i).flags(), measured.get(i))).toList());
        });
    }

    /** §8 for the JVM: heap against RSS, cold against warm, real against simulated cgroups, a busy machine, from {@code weight}'s unlimited run. */
    public static Section limitsOfMeasurement(ContainerWeight weight) {
        return MeasurementLimits.of(weight.baseline());
    }

    /** §7.2: memory outside the heap (thread stacks, direct buffers, metaspace), in a child JVM. */
    public static Section offHeap() {
        return ProgressLine.along("memory outside the heap, in a child JVM", p -> OffHeap.section(200, 64, 2_000, p));
    }

    /** §7.4: no per-thread cap in a shared heap; a child JVM's -Xmx as the real one; the direct-buffer loophole. */
    public static Section perProcessCap() {
        return ProgressLine.along("per-process caps, one child JVM each", p -> PerProcessCap.section(p));
    }

    /**
     * §6: per fresh JVM of a ping-pong ({@code pp.jvm()}), its p50 round trip beside the machine's
     * cross-core round trip measured in the same JVM ({@code crossCoreRoundTripNs}), then the range
     * of each across the JVMs. A receive that spins on two carriers hands each reply from one core
     * to another, so its figure can move with what that hand-over cost in each JVM.
     */
    public static String crossCore(Measurement jvm) {
        if (!jvm.ok()) {
            return "no ping-pong figures: " + jvm.outcome();
        }
        List<Forks.Vm> vms = jvm.forks().vms().isEmpty()
                ? List.of(new Forks.Vm(1, jvm.steadiness(), jvm.metrics())) : jvm.forks().vms();
        String pairs = vms.stream().map(vm -> String.format("JVM %d %s, %s", vm.vm(),
                Verdict.format("roundTripNsP50", vm.metric("roundTripNsP50")),
                Verdict.format("crossCoreRoundTripNs", vm.metric("crossCoreRoundTripNs")))).collect(Collectors.joining("; "));
        Spread p50 = Spread.of(vms.stream().mapToDouble(vm -> vm.metric("roundTripNsP50")).toArray());
        Spread crossCore = Spread.of(vms.stream().mapToDouble(vm -> vm.metric("crossCoreRoundTripNs")).toArray());
        String words = String.format("Per fresh JVM, the toolkit's p50 round trip, then this machine's cross-core round trip "
                + "measured in the same JVM: %s.", pairs);
        if (vms.size() < 2) {
            return words + " One JVM: no range to compare.";
        }
        return words + String.format(" Across them the p50 spans %s to %s (max/min %s) and the cross-core round trip %s to %s (%s).",
                Verdict.format("roundTripNsP50", p50.min()), Verdict.format("roundTripNsP50", p50.max()),
                Grid.printRatio(p50.max() / p50.min()), Verdict.format("crossCoreRoundTripNs", crossCore.min()),
                Verdict.format("crossCoreRoundTripNs", crossCore.max()), Grid.printRatio(crossCore.max() / crossCore.min()));
    }

    /** §7.5: a heartbeat and a runaway under one supervisor, max 3 restarts in 60 s, in a child JVM. */
    public static Section supervisedRunaway() {
        return ProgressLine.along("a supervised runaway, in a child JVM", p -> SupervisedRunaway.section(3, 60, p));
    }

    /**
     * Section 2: idle processes at each size, over fresh JVMs and fresh BEAM VMs per size, their VMs in
     * turn ({@link Tiers#measure}): each figure with its interval.
     */
    static Section idleScaling(int[] sizes, Progress progress) {
        Tiers measured = Tiers.measure(Kind.PROCESS, sizes, 1, true, progress);
        List<Measurement> tiers = measured.tiers();
        Map<Long, Measurement> beam = new LinkedHashMap<>();
        measured.beam().forEach(b -> beam.put(b.n(), b));
        double beamPer = value(BEAM, "spawn", "bytesPerProcess");
        double beamNs = value(BEAM, "spawn", "nsPerSpawn");
        Grid table = Grid.of("Idle processes: the JVM and BEAM here (fresh VMs per size, this machine; median [95% interval]) "
                        + "beside the article's BEAM (2.6 KB each, linear 1k to 500k, another machine)", tiers)
                .whole("processes", m -> (int) m.n())
                .text("JVM bytes / process", m -> BeamHere.cell(m, "bytesPerProcess"))
                .text("BEAM here bytes / process", m -> BeamHere.cell(beam.get(m.n()), "bytesPerProcess"))
                .number("BEAM bytes / process (article)", m -> beamPer)
                .number("JVM / BEAM here (memory)", m -> BeamHere.ratio(m.bytesPerProcess(), beam.get(m.n()), "bytesPerProcess"))
                .number("JVM / BEAM article (memory)", m -> Grid.ratio(m.bytesPerProcess(), beamPer))
                .number("JVM total MB", m -> Grid.round(m.bytesPerProcess() * m.n() / 1e6))
                .number("BEAM here total MB", m -> Grid.round(BeamHere.value(beam.get(m.n()), "bytesPerProcess") * m.n() / 1e6))
                .number("BEAM total MB (2.6 KB x n)", m -> Grid.round(beamPer * m.n() / 1e6))
                .number("JVM µs / spawn", m -> Grid.round(m.nsPerSpawn() / 1000))
                .number("BEAM here µs / spawn", m -> Grid.round(BeamHere.value(beam.get(m.n()), "nsPerSpawn") / 1000))
                .number("BEAM µs / spawn (article: 0.5 to 0.9)", m -> beamNs / 1000)
                .build();
        List<Long> xs = tiers.stream().map(Measurement::n).toList();
        var chart = Plot.lines("Memory of n idle processes (log-log: a slope of one is linear)",
                "processes", "MB (heap after GC; BEAM: erlang:memory)", true, true,
                List.of(Series.of(Palette.PROCESS, "JVM processes (this machine)", xs,
                                tiers.stream().map(m -> m.bytesPerProcess() * m.n() / 1e6).toList()),
                        Series.of(Palette.BEAM_HERE, "BEAM here (this machine)", xs, xs.stream()
                                .map(n -> BeamHere.value(beam.get(n), "bytesPerProcess") * n / 1e6).toList()),
                        Series.of(Palette.BEAM_PUBLISHED, "BEAM (article: 2.6 KB x n)", xs, xs.stream().map(n -> beamPer * n / 1e6).toList())
                                .styled(Series.Style.PUBLISHED)));
        List<String> notes = new ArrayList<>();
        for (Measurement m : tiers) {
            notes.add(BeamHere.verdict(String.format("%,d idle processes", m.n()), m,
                    beam.get(m.n()), "bytesPerProcess", beamPer));
        }
        notes.add(Tiers.verdict("BEAM here", beam.values().stream().filter(Measurement::ok).toList()));
        notes.add(Tiers.verdict("JVM process", tiers));
        notes.add("JVM bytes / process: heap used after a full GC with every process verified parked, minus before, divided by n");
        notes.add("BEAM here: the same n in fresh BEAM VMs, erlang:memory(processes_used) after minus before, over n, "
                + "every process waiting in receive");
        notes.add("µs / spawn (in the details, with BEAM here's totals): the spawn loop alone, in the one measured run after each "
                + "VM's warm-up, which is judged on this time (the fit's note says when a tier's did not become steady); the cold "
                + "first runs are the warm-up section's");
        return Section.narrowed(table, chart, notes, Stream.concat(tiers.stream(), beam.values().stream())
                .filter(java.util.Objects::nonNull).map(r -> (JsonNode) MeasurementJson.tree(r)).toList(),
                "processes", "JVM bytes / process", "BEAM here bytes / process", "BEAM bytes / process (article)",
                "JVM / BEAM here (memory)", "JVM / BEAM article (memory)", "JVM total MB");
    }

    /** The most list elements one child JVM (or BEAM VM) holds in all: big lists run with fewer processes, near 200 MB each. */
    static final long MAX_STATE_ELEMENTS = 10_000_000L;

    /**
     * Section 3: processes each holding a list of m elements, over fresh JVMs and fresh BEAM VMs per
     * m taken in turn ({@link BeamHere#comparedRows}), m = 0 first as the baseline. The figure is a
     * memory reading, which repeats itself once the warm-up has found it steady, so one run is measured
     * after the warm-up, as the idle tiers do.
     *
     * @throws IllegalArgumentException if processes is below 1 or a size is negative
     */
    public static Section state(int[] elements, int processes, Progress progress) {
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
        Map<Integer, Measurement> beamByM = new LinkedHashMap<>();
        for (int m : sizes) {
            ExperimentSpec spec = ExperimentSpec.of(Experiments.STATE, Math.max(1, Math.min(processes, MAX_STATE_ELEMENTS / Math.max(m, 1))))
                    .withM(m).withRepeat(1);
            List<Measurement> both = BeamHere.comparedRows(List.of(spec, spec.withKind(Kind.BEAM)), progress);
            byM.put(m, both.get(0));
            beamByM.put(m, both.get(1));
        }
        Map<Integer, Double> perProcess = new LinkedHashMap<>();
        byM.forEach((m, r) -> perProcess.put(m, r.bytesPerProcess()));
        double beamAt10 = beamByM.containsKey(10) ? BeamHere.value(beamByM.get(10), "bytesPerProcess") : Double.NaN;
        double at10 = perProcess.getOrDefault(10, Double.NaN);
        double fixed = perProcess.get(0);
        int largest = sizes.get(sizes.size() - 1);
        double slope = largest == 0 ? Double.NaN : (perProcess.get(largest) - fixed) / largest;
        double bend = slope > 0 ? fixed / slope : Double.NaN;
        Grid table = Grid.of(String.format(
                "State held by a process: a list of m elements (fixed part %s B, then about %s B an element)", Grid.print(fixed), Grid.print(slope)), sizes)
                .whole("list elements", m -> m)
                .whole("processes", m -> (int) byM.get(m).n())
                .text("JVM bytes / process", m -> BeamHere.cell(byM.get(m), "bytesPerProcess"))
                .text("BEAM here bytes / process", m -> BeamHere.cell(beamByM.get(m), "bytesPerProcess"))
                .number("JVM / BEAM here", m -> BeamHere.ratio(perProcess.get(m), beamByM.get(m), "bytesPerProcess"))
                .number("JVM bytes / element (beyond no state)", m -> m == 0 ? Double.NaN
                        : Grid.round((perProcess.get(m) - perProcess.get(0)) / m))
                .number("JVM growth vs 10 elements", m -> Grid.round(perProcess.get(m) / at10))
                .number("BEAM here growth vs 10 elements", m -> Grid.round(BeamHere.value(beamByM.get(m), "bytesPerProcess") / beamAt10))
                .number("BEAM growth (article)", m -> m == 100 ? value(BEAM, "state", "growthAt100Elements")
                        : m == 1000 ? value(BEAM, "state", "growthAt1000Elements") : Double.NaN)
                .text("BEAM, article", m -> m == 100 ? note(BEAM, "state", "growthAt100Elements")
                        : m == 1000 ? note(BEAM, "state", "growthAt1000Elements") : "")
                .build();
        List<Number> xs = new ArrayList<>();
        List<Number> ys = new ArrayList<>();
        List<Number> beam = new ArrayList<>();
        List<Number> beamHere = new ArrayList<>();
        double beamBase = value(BEAM, "spawn", "bytesPerProcess");
        for (int m : sizes) {
            if (m == 0) {
                continue;
            }
            xs.add(m);
            ys.add(perProcess.get(m));
            beamHere.add(BeamHere.value(beamByM.get(m), "bytesPerProcess"));
            beam.add(m <= 100 ? beamBase : m == 1000 ? beamBase * value(BEAM, "state", "growthAt1000Elements") : Double.NaN);
        }
        var chart = Plot.lines("Bytes per process by list size held (log-log)",
                "list elements held", "bytes per process", true, true,
                List.of(Series.of(Palette.PROCESS, "JVM process (this machine)", xs, ys),
                        Series.of(Palette.BEAM_HERE, "BEAM here (this machine)", xs, beamHere),
                        Series.of(Palette.BEAM_PUBLISHED, "BEAM (article: flat to 100, x10 at 1,000)", xs, beam)
                                .styled(Series.Style.PUBLISHED)));
        List<String> notes = new ArrayList<>();
        for (int m : sizes) {
            notes.add(BeamHere.verdict(String.format("a process holding %,d elements", m),
                    byM.get(m), beamByM.get(m), "bytesPerProcess", Double.NaN));
        }
        return Section.narrowed(table, chart, Stream.concat(notes.stream(), Stream.of(
                String.format("The JVM curve bends near %s elements, where the list (%s B an element) outweighs the fixed part "
                        + "of a parked process (%s B: its stack chunk and objects); below that the fixed part dominates, above it "
                        + "the list does. There is no per-process initial heap to absorb small state, so nothing is free.", Grid.print(bend),
                        Grid.print(slope), Grid.print(fixed)),
                growthAgainstTen(sizes, beamByM, perProcess, beamAt10, at10)
                        + "The article's BEAM: no growth up to 100 elements (they fit its 233-word initial heap), then about 10× "
                        + "at 1,000, as the heap is resized in steps.",
                "Big lists run with fewer processes (n x m at most 10 million elements) so each child stays near 200 MB "
                        + "(the processes of each row are in the details); BEAM here runs the same n and m in fresh BEAM VMs, "
                        + "taken in turn with the JVMs.")).toList(),
                Stream.concat(byM.values().stream(), beamByM.values().stream())
                        .map(r -> (JsonNode) MeasurementJson.tree(r)).toList(),
                "list elements", "JVM bytes / process", "BEAM here bytes / process", "JVM / BEAM here",
                "JVM bytes / element (beyond no state)", "BEAM here growth vs 10 elements", "BEAM growth (article)");
    }

    /**
     * "Against 10 elements, BEAM here's bytes per process grew 1.0× at 100, 8.1× at 1,000; the JVM's 3.0× at 100,
     * 23× at 1,000. " (BEAM here's part left out when it has no 10-element figure), or "" without the JVM's.
     */
    private static String growthAgainstTen(List<Integer> sizes, Map<Integer, Measurement> beamByM, Map<Integer, Double> jvm,
                                           double beamAt10, double jvmAt10) {
        List<Integer> larger = sizes.stream().filter(m -> m > 10).toList();
        if (larger.isEmpty() || Double.isNaN(jvmAt10)) {
            return "";
        }
        String beam = Double.isNaN(beamAt10) ? "" : "BEAM here's bytes per process grew "
                + grewAt(larger, m -> BeamHere.value(beamByM.get(m), "bytesPerProcess") / beamAt10) + "; ";
        return "Against 10 elements, " + beam + "the JVM's " + grewAt(larger, m -> jvm.get(m) / jvmAt10) + ". ";
    }

    /** "1.0× at 100, 8.1× at 1,000": each size's ratio. */
    private static String grewAt(List<Integer> sizes, IntToDoubleFunction ratio) {
        return sizes.stream().map(m -> String.format("%s× at %,d", Grid.printRatio(ratio.applyAsDouble(m)), m))
                .collect(Collectors.joining(", "));
    }

    /** One row of the kinds table: a unit measured here (with its n), or one the article published (no n). */
    private record KindRow(String unit, String measured, Integer n, double heap, double stacks, double rss, double total,
                           double ns, String category) {
        boolean here() {
            return n != null;
        }
    }

    /** How the kinds table (its row), its chart (its bar) and its notes (a phrase) name a unit measured here. */
    private record UnitNames(String row, String bar, String phrase) {
        static UnitNames of(Kind k) {
            return switch (k) {
                case PROCESS -> new UnitNames("JVM toolkit process", "JVM process", "a toolkit process");
                case VIRTUAL -> new UnitNames("JVM raw virtual thread", "JVM virtual", "a raw virtual thread");
                case PLATFORM -> new UnitNames("JVM platform thread", "JVM platform", "a platform thread");
                case BEAM -> new UnitNames("BEAM here", "BEAM here", "a BEAM process");
                default -> new UnitNames(k.runtime(), k.runtime(), k.runtime());
            };
        }
    }

    /** Section 4: the three kinds in fresh JVMs, beside BEAM, goroutines and Python threads. */
    public static Section kinds(int n, int platformN, Progress progress) {
        double beamBytes = value(BEAM, "spawn", "bytesPerProcess");
        double beamNs = value(BEAM, "spawn", "nsPerSpawn");
        List<KindRow> rows = new ArrayList<>();
        Map<Kind, Measurement> byKind = IdleWeight.measure(n, platformN, Kind.jvmAndBeam(), progress);
        Measurement beamHere = byKind.get(Kind.BEAM);
        for (Kind k : byKind.keySet()) {
            Measurement m = byKind.get(k);
            UnitNames names = UnitNames.of(k);
            double st = m.metrics().containsKey("nativeStackBytesPerProcess") ? m.metric("nativeStackBytesPerProcess")
                    : k == Kind.BEAM ? Double.NaN : 0;
            rows.add(new KindRow(names.row(), k == Kind.BEAM && !m.ok() ? "this machine: " + m.outcome() : "this machine", (int) m.n(),
                    m.metric("heapBytesPerProcess"), st, m.metric("rssBytesPerProcess"), m.bytesPerProcess(), m.nsPerSpawn(),
                    names.bar()));
        }
        for (String runtime : List.of(BEAM, GO, PYTHON)) {
            String experiment = "spawn";
            double b = value(runtime, experiment, "bytesPerProcess");
            double t = value(runtime, experiment, "nsPerSpawn");
            if (runtime.equals(PYTHON)) {
                t = beamNs * 70; // the article: 40 to 100 times BEAM's spawn time; 70 is the midpoint
            }
            rows.add(new KindRow(figure(runtime, experiment, "bytesPerProcess").map(PublishedFigure::runtime).orElse(runtime),
                    "article: " + note(runtime, experiment, "bytesPerProcess")
                            + (runtime.equals(PYTHON) ? "; spawn time published as 40 to 100x BEAM (70x shown)" : ""),
                    null, Double.NaN, Double.NaN, Double.NaN, b, t,
                    runtime.equals(PYTHON) ? "Python thread" : runtime.equals(GO) ? "goroutine" : "BEAM"));
        }
        Grid table = Grid.of("Kinds side by side: the JVM's and BEAM's measured here, theirs as the article published them "
                + "(another machine); ratios against BEAM here, and in the details against the article's BEAM", rows)
                .text("unit", KindRow::unit)
                .wholeOrEmpty("n", KindRow::n)
                .number("bytes / unit", KindRow::total)
                .number("heap B / unit", KindRow::heap)
                .number("native stack B / unit (NMT)", KindRow::stacks)
                .number("RSS B / unit", KindRow::rss)
                .number("ns / spawn", KindRow::ns)
                .number("memory vs BEAM here", r -> r.here() ? BeamHere.ratio(r.total(), beamHere, "bytesPerProcess") : Double.NaN)
                .number("spawn time vs BEAM here", r -> r.here() ? BeamHere.ratio(r.ns(), beamHere, "nsPerSpawn") : Double.NaN)
                .number("memory vs BEAM", r -> Grid.ratio(r.total(), beamBytes))
                .number("spawn time vs BEAM", r -> Grid.ratio(r.ns(), beamNs))
                .text("measured", KindRow::measured)
                .build();
        // measured rows are at least 1 on the log axis (a negative RSS reading at small n would vanish);
        // a failed BEAM-here row has no bar (NaN). One unit per axis: bytes on the left, ns on the right.
        var chart = Plot.bars("Bytes per unit (left) and ns to spawn one (right), log scales", true,
                rows.stream().map(KindRow::category).toList(),
                "bytes per unit (log)", rows.stream().map(r -> !r.here() || Double.isNaN(r.total()) ? r.total() : Math.max(1, r.total())).toList(),
                "ns per spawn (log)", rows.stream().map(r -> !r.here() || Double.isNaN(r.ns()) ? r.ns() : Math.max(1, r.ns())).toList());
        List<String> notes = new ArrayList<>();
        for (Kind k : Kind.jvm()) {
            Measurement m = byKind.get(k);
            String unit = UnitNames.of(k).phrase();
            notes.add(BeamHere.verdict(unit + " against an idle BEAM process", m, beamHere,
                    "bytesPerProcess", beamBytes));
            notes.add(BeamHere.verdict("spawning " + unit + " against spawning a BEAM process", m, beamHere,
                    "nsPerSpawn", beamNs));
        }
        return Section.narrowed(table, chart, Stream.concat(notes.stream(), Stream.of(
                "JVM bytes / unit: heap after GC per unit, plus for platform threads their committed native stacks (NMT); "
                        + "BEAM here: erlang:memory(processes_used) per process in fresh BEAM VMs",
                "platform threads run at most " + platformN + " at a time: each is a real OS thread with its own stack",
                "Go and Python figures are the article's, measured differently (HeapAlloc + StackInuse; Python RSS)",
                "the details add n, the heap and RSS per unit, and the ratios against the article's BEAM")).toList(),
                byKind.values().stream().map(r -> (JsonNode) MeasurementJson.tree(r)).toList(),
                "unit", "bytes / unit", "native stack B / unit (NMT)", "ns / spawn", "memory vs BEAM here", "spawn time vs BEAM here",
                "measured");
    }

    /** One run of the warm-up table: ns per spawn and bytes per process, one JVM and fresh JVMs, and the article's figures. */
    private record WarmRow(int run, double process, double virtual, double fresh, double processBytes, double freshBytes,
                           double beam, double go) {}

    /**
     * Sections 4 and 7.3: spawn n, {@code runs} times in one JVM (the JIT warms up), next to one
     * fresh JVM per run, for toolkit processes and raw virtual threads.
     */
    static Section warmUp(int n, int runs, Progress progress) {
        Cap.check("n", n, 1_000);
        if (runs < 2 || runs > 20) {
            throw new IllegalArgumentException("runs must be between 2 and 20, got " + runs);
        }
        Measurement oneJvm = FreshJvm.run(ExperimentSpec.of(Experiments.SPAWN, n).withFixedRuns(runs), progress);
        Measurement oneJvmVirtual = FreshJvm.run(ExperimentSpec.of(Experiments.SPAWN, n).withKind(Kind.VIRTUAL).withFixedRuns(runs), progress);
        List<Measurement> fresh = new ArrayList<>();
        int freshRuns = Math.min(runs, 3); // a fresh JVM per run is the expensive part; three show it never warms
        for (int i = 0; i < freshRuns; i++) {
            // only its cold run is shown: one run, no warm-up to wait for
            fresh.add(FreshJvm.run(ExperimentSpec.of(Experiments.SPAWN, n).withFixedRuns(1), progress));
        }
        double beamRepeated = value(BEAM, "warmup", "nsPerSpawnRepeated");
        double goFirst = value(GO, "warmup", "nsPerSpawnFirstRun");
        double goLater = value(GO, "warmup", "nsPerSpawnLaterRuns");
        List<WarmRow> rows = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            double f = i < fresh.size() ? fresh.get(i).runs().get(0).metric("nsPerSpawn") : Double.NaN;
            double fb = i < fresh.size() ? fresh.get(i).runs().get(0).metric("bytesPerProcess") : Double.NaN;
            rows.add(new WarmRow(i + 1, oneJvm.runs().get(i).metric("nsPerSpawn"), oneJvmVirtual.runs().get(i).metric("nsPerSpawn"), f,
                    oneJvm.runs().get(i).metric("bytesPerProcess"), fb, beamRepeated, i == 0 ? goFirst : goLater));
        }
        Grid table = Grid.of(String.format("Spawning %,d, %d times: one JVM (the JIT warms up) against a fresh JVM each run", n, runs), rows)
                .whole("run", WarmRow::run)
                .number("process ns/spawn, one JVM", r -> Grid.nearest(r.process()))
                .number("virtual ns/spawn, one JVM", r -> Grid.nearest(r.virtual()))
                .number("process ns/spawn, fresh JVM each", r -> Grid.nearest(r.fresh()))
                .number("process B/process, one JVM", r -> Grid.nearest(r.processBytes()))
                .number("process B/process, fresh JVM each", r -> Grid.nearest(r.freshBytes()))
                .text("faster in this run (one JVM)", r -> r.process() < r.virtual() ? "process" : "virtual thread")
                .number("BEAM ns (article, 5 x 500k)", WarmRow::beam)
                .number("Go ns (article, 5 x 500k)", WarmRow::go)
                .build();
        List<Integer> xs = rows.stream().map(WarmRow::run).toList();
        var chart = Plot.lines(String.format("ns per spawn, %d runs of %,d", runs, n),
                "run", "ns per spawn", false, true, List.of(
                        Series.of(Palette.PROCESS, "JVM process, one JVM", xs, rows.stream().map(WarmRow::process).toList()),
                        Series.of(Palette.VIRTUAL, "JVM virtual thread, one JVM", xs, rows.stream().map(WarmRow::virtual).toList()),
                        // NaN where no fresh run: the chart skips it
                        Series.of(Palette.PROCESS, "JVM process, fresh JVM each run", xs, rows.stream().map(WarmRow::fresh).toList())
                                .styled(Series.Style.SECONDARY),
                        Series.of(Palette.BEAM_PUBLISHED, "BEAM (article)", xs, rows.stream().map(WarmRow::beam).toList())
                                .styled(Series.Style.PUBLISHED),
                        Series.of(Palette.GO, "Go (article)", xs, rows.stream().map(WarmRow::go).toList()).styled(Series.Style.PUBLISHED)));
        double warmNs = Spread.of(rows.subList(1, runs).stream().mapToDouble(WarmRow::process).toArray()).median();
        double warmBytes = Spread.of(rows.subList(1, runs).stream().mapToDouble(WarmRow::processBytes).toArray()).median();
        Spread freshNs = Spread.of(rows.stream().mapToDouble(WarmRow::fresh).toArray()); // Spread leaves out the NaN of rows with no fresh JVM
        return Section.narrowed(table, chart, List.of(
                String.format("this run, in one JVM: run 1 (cold: the spawn loop runs interpreted) took %s× the median of runs 2 to %d "
                                + "per spawn, and weighed %s× their bytes per process (each run's bytes are in the details)",
                        Grid.print(Grid.ratio(rows.get(0).process(), warmNs)), runs, Grid.print(Grid.ratio(rows.get(0).processBytes(), warmBytes))),
                freshNs.count() == 0 ? "a fresh JVM per run is cold every time; none of them gave a figure in this run (see the table)"
                        : String.format("a fresh JVM per run is cold every time: its %d runs took %s to %s per spawn, against %s for runs "
                                + "2 to %d of the one JVM; the article's one-run table for Go is such a cold run", freshNs.count(),
                        Units.nanos(freshNs.min()), Units.nanos(freshNs.max()), Units.nanos(warmNs), runs),
                "which of two close figures is faster can change between run 1 and the rest: compare warm medians, and say which you used"),
                // the one-JVM measurements only (run 1 cold, the median of the rest), so a reader's cell finds them by kind
                Stream.of(oneJvm, oneJvmVirtual).map(r -> (JsonNode) MeasurementJson.tree(r)).toList(),
                "run", "process ns/spawn, one JVM", "virtual ns/spawn, one JVM", "process ns/spawn, fresh JVM each",
                "faster in this run (one JVM)", "BEAM ns (article, 5 x 500k)", "Go ns (article, 5 x 500k)");
    }
}
