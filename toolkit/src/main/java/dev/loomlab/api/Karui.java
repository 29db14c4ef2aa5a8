package dev.loomlab.api;

import dev.loomlab.util.ProgressLine;
import dev.loomlab.experiment.Forks;
import dev.loomlab.gc.GcPauses;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Verdict;
import dev.loomlab.limits.ThreadCeiling;
import dev.loomlab.limits.ContainerLimits;
import dev.loomlab.limits.SwapLesson;
import dev.loomlab.limits.Caps;
import dev.loomlab.measure.Cap;
import dev.loomlab.measure.Spread;
import dev.loomlab.view.Grid;
import dev.loomlab.view.Section;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

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

    private Karui() {}

    /** §2: 1k, 10k, 100k idle processes (up to the cap), one fresh JVM each: bytes and µs per process. */
    public static Section idleProcesses() {
        return ProgressLine.along("idle processes by size, one fresh JVM and BEAM VM each", p -> Lightness.idleScaling(Cap.tiers(1_000, 10_000, 100_000), p));
    }

    /** §2 at chosen sizes. */
    public static Section idleProcesses(int... sizes) {
        return ProgressLine.along("idle processes by size, one fresh JVM and BEAM VM each", p -> Lightness.idleScaling(Cap.tiers(sizes), p));
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
        dev.loomlab.measure.Cap.check("processes", processes, 1_000);
        return ProgressLine.along("state held by a process, one fresh JVM and BEAM VM per list size", p -> Lightness.state(elements, processes, p));
    }

    /** §4: toolkit processes, raw virtual threads, platform threads (at most 2,000) beside BEAM, Go, Python. */
    public static Section kinds() {
        return ProgressLine.along("kinds side by side, one fresh JVM and BEAM VM each", p -> Lightness.kinds(Cap.atMost(100_000), Cap.atMost(2_000), p));
    }

    /** §4 at a chosen size. */
    public static Section kinds(int n, int platformThreads) {
        return ProgressLine.along("kinds side by side, one fresh JVM and BEAM VM each", p -> Lightness.kinds(n, platformThreads, p));
    }

    /** §4: this machine's thread limits, and a low ceiling (256 tasks) hit in a child JVM. */
    public static Section threadsLimit() {
        return ProgressLine.along("the thread ceiling, in a child JVM", p -> ThreadCeiling.threadsLimit(256, p));
    }

    /** §4 and §7.3: spawning 100,000 (or the cap) five times in one JVM, and in a fresh JVM each time. */
    public static Section warmUp() {
        return ProgressLine.along("spawning in one JVM and in fresh JVMs", p -> Lightness.warmUp(Cap.atMost(100_000), 5, p));
    }

    /** §4 and §7.3 at a chosen size and number of runs. */
    public static Section warmUp(int n, int runs) {
        return ProgressLine.along("spawning in one JVM and in fresh JVMs", p -> Lightness.warmUp(n, runs, p));
    }

    /** §7.1: child JVMs given 1, 2, 4 and 8 CPUs (the article's rows): what they derive, and the time to spawn 30,000 (or the cap) at each, 3 runs per JVM. */
    public static Section cpuLimit() {
        return ProgressLine.along("CPU limits, one child JVM each", p -> ContainerLimits.cpuLimit(new int[] {1, 2, 4, 8}, Cap.atMost(30_000), 3, p));
    }

    /** §7.1 with chosen CPU counts. */
    public static Section cpuLimit(int... cpus) {
        return ProgressLine.along("CPU limits, one child JVM each", p -> ContainerLimits.cpuLimit(cpus, Cap.atMost(30_000), 3, p));
    }

    /** §7.2: the heap derived from 512 MB, a heap that fills, a heap bigger than its container. */
    public static Section memoryLimit() {
        return ProgressLine.along("memory limits, one child JVM each", p -> ContainerLimits.memoryLimit(p));
    }

    /** §7.2, the swap lesson: -m 512m with and without --memory-swap, what the cgroup files say and the JVM reads, BEAM beside. */
    public static Section swapLesson() {
        return ProgressLine.along("the swap lesson, one child JVM per case", p -> SwapLesson.section(p));
    }

    /** §7.3: memory per idle process with no limit, a 512 MB container and 512 MB with 1 CPU (simulated), 10,000 processes (or the cap). */
    public static ContainerWeight containerWeight() {
        return ProgressLine.along("memory per process under container-like limits, one fresh JVM each",
                p -> ContainerWeight.measure(Cap.atMost(10_000), p));
    }

    /** §8 for the JVM: heap against RSS, cold against warm, real against simulated cgroups, a busy machine, from {@code weight}'s unlimited run. */
    public static Section limitsOfMeasurement(ContainerWeight weight) {
        return MeasurementLimits.of(weight.baseline());
    }

    /** §7.2: memory outside the heap (thread stacks, direct buffers, metaspace), in a child JVM. */
    public static Section offHeap() {
        return ProgressLine.along("memory outside the heap, in a child JVM", p -> ContainerLimits.offHeap(200, 64, 2_000, p));
    }

    /** §7.4: no per-thread cap in a shared heap; a child JVM's -Xmx as the real one; the direct-buffer loophole. */
    public static Section perProcessCap() {
        return ProgressLine.along("per-process caps, one child JVM each", p -> Caps.perProcessCap(p));
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
                Grid.print(p50.max() / p50.min()), Verdict.format("crossCoreRoundTripNs", crossCore.min()),
                Verdict.format("crossCoreRoundTripNs", crossCore.max()), Grid.print(crossCore.max() / crossCore.min()));
    }

    /** §7.5: a heartbeat and a runaway under one supervisor, max 3 restarts in 60 s, in a child JVM. */
    public static Section supervisedRunaway() {
        return ProgressLine.along("a supervised runaway, in a child JVM", p -> Caps.supervisedRunaway(3, 60, p));
    }
}
