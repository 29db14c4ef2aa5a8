package dev.loomlab.limits;

import dev.loomlab.util.Progress;
import dev.loomlab.view.Section;

/**
 * Sections 4 (thread ceiling) and 7 of the Japanese article on the JVM: limits, containers, caps
 * and supervision. Everything that can exhaust threads or memory runs in a child JVM with a small
 * heap, a deadline and, where this machine lets us create cgroups, a real limit that can only
 * hurt that child; expected failures come back as table rows, never as exceptions.
 */
public final class Containment {

    private Containment() {}

    /** Section 4: what this machine allows, and a polite demonstration of hitting a low ceiling in a child JVM. */
    public static Section threadsLimit(int ceiling, Progress progress) {
        return ThreadCeiling.threadsLimit(ceiling, progress);
    }

    /** Section 7.1: what the JVM derives from a CPU count, simulated with -XX:ActiveProcessorCount and, where possible, a real quota. */
    public static Section cpuLimit(int[] cpus, int n, int runs, Progress progress) {
        return ContainerLimits.cpuLimit(cpus, n, runs, progress);
    }

    /** Section 7.2: max heap derived from 512 MB, a heap that fills (a visible error), and a heap bigger than the container (a silent kill). */
    public static Section memoryLimit(Progress progress) {
        return ContainerLimits.memoryLimit(progress);
    }

    /** Section 7.2: -m 512m with and without --memory-swap: the cgroup files, what the JVM reads, BEAM beside each. */
    public static Section swapLesson(Progress progress) {
        return SwapLesson.section(progress);
    }

    /** Section 7.2: memory outside the heap that a container still counts: thread stacks, direct buffers, metaspace. */
    public static Section offHeap(int threads, int directMiB, int classes, Progress progress) {
        return ContainerLimits.offHeap(threads, directMiB, classes, progress);
    }

    /** Section 7.4: no per-thread cap in a shared heap; the true analogue of max_heap_size is a child JVM; the direct-buffer loophole. */
    public static Section perProcessCap(Progress progress) {
        return Caps.perProcessCap(progress);
    }

    /** Section 7.5: a heartbeat beside a runaway worker under one supervisor, in a child JVM. */
    public static Section supervisedRunaway(int maxRestarts, int maxSeconds, Progress progress) {
        return Caps.supervisedRunaway(maxRestarts, maxSeconds, progress);
    }
}
