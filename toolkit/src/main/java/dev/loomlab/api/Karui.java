package dev.loomlab.api;

import dev.loomlab.runs.ContainerWeight;
import dev.loomlab.util.Progress;
import dev.loomlab.api.Lightness;
import dev.loomlab.display.Section;
import dev.loomlab.limits.Containment;
import dev.loomlab.measure.Cap;

/**
 * The helpers of notebook 02, 「軽量プロセス」はどれくらい軽いのか, one per section. Each runs its
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

    private static final Progress PROGRESS = Progress.STDOUT;

    private Karui() {}

    /** §2: 1k, 10k, 100k idle processes (up to the cap), one fresh JVM each: bytes and µs per process. */
    public static Section idleProcesses() {
        return Lightness.idleScaling(Cap.tiers(1_000, 10_000, 100_000), PROGRESS);
    }

    /** §2 at chosen sizes. */
    public static Section idleProcesses(int... sizes) {
        return Lightness.idleScaling(Cap.tiers(sizes), PROGRESS);
    }

    /** §3: processes holding lists of 10, 100, 1,000, 10,000 elements (10,000 processes, or the cap). */
    public static Section state() {
        return state(Cap.atMost(10_000), 10, 100, 1_000, 10_000);
    }

    /** §3 with chosen sizes: {@code processes} per size (fewer for big lists). */
    public static Section state(int processes, int... elements) {
        dev.loomlab.measure.Cap.check("processes", processes, 1_000);
        return Lightness.state(elements, processes, PROGRESS);
    }

    /** §4: toolkit processes, raw virtual threads, platform threads (at most 2,000) beside BEAM, Go, Python. */
    public static Section kinds() {
        return Lightness.kinds(Cap.atMost(100_000), Cap.atMost(2_000), PROGRESS);
    }

    /** §4 at a chosen size. */
    public static Section kinds(int n, int platformThreads) {
        return Lightness.kinds(n, platformThreads, PROGRESS);
    }

    /** §4: this machine's thread limits, and a low ceiling (256 tasks) hit in a child JVM. */
    public static Section threadsLimit() {
        return Containment.threadsLimit(256, PROGRESS);
    }

    /** §4 and §7.3: spawning 100,000 (or the cap) five times in one JVM, and in a fresh JVM each time. */
    public static Section warmUp() {
        return Lightness.warmUp(Cap.atMost(100_000), 5, PROGRESS);
    }

    /** §4 and §7.3 at a chosen size and number of runs. */
    public static Section warmUp(int n, int runs) {
        return Lightness.warmUp(n, runs, PROGRESS);
    }

    /** §7.1: child JVMs given 1, 2, 4 and 8 CPUs (the article's rows): what they derive, and the time to spawn 30,000 (or the cap) at each, 3 runs per JVM. */
    public static Section cpuLimit() {
        return Containment.cpuLimit(new int[] {1, 2, 4, 8}, Cap.atMost(30_000), 3, PROGRESS);
    }

    /** §7.1 with chosen CPU counts. */
    public static Section cpuLimit(int... cpus) {
        return Containment.cpuLimit(cpus, Cap.atMost(30_000), 3, PROGRESS);
    }

    /** §7.2: the heap derived from 512 MB, a heap that fills, a heap bigger than its container. */
    public static Section memoryLimit() {
        return Containment.memoryLimit(PROGRESS);
    }

    /** §7.2, the swap lesson: -m 512m with and without --memory-swap, what the cgroup files say and the JVM reads, BEAM beside. */
    public static Section swapLesson() {
        return Containment.swapLesson(PROGRESS);
    }

    /** §7.3: memory per idle process with no limit, a 512 MB container and 512 MB with 1 CPU (simulated), 10,000 processes (or the cap). */
    public static ContainerWeight containerWeight() {
        return ContainerWeight.measure(Cap.atMost(10_000), PROGRESS);
    }

    /** §8 for the JVM: heap against RSS, cold against warm, real against simulated cgroups, a busy machine, from {@code weight}'s unlimited run. */
    public static Section limitsOfMeasurement(ContainerWeight weight) {
        return MeasurementLimits.of(weight.baseline());
    }

    /** §7.2: memory outside the heap (thread stacks, direct buffers, metaspace), in a child JVM. */
    public static Section offHeap() {
        return Containment.offHeap(200, 64, 2_000, PROGRESS);
    }

    /** §7.4: no per-thread cap in a shared heap; a child JVM's -Xmx as the real one; the direct-buffer loophole. */
    public static Section perProcessCap() {
        return Containment.perProcessCap(PROGRESS);
    }

    /** §7.5: a heartbeat and a runaway under one supervisor, max 3 restarts in 60 s, in a child JVM. */
    public static Section supervisedRunaway() {
        return Containment.supervisedRunaway(3, 60, PROGRESS);
    }
}
