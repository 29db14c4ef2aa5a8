package dev.loomlab.experiment;

import dev.loomlab.util.Progress;
import dev.loomlab.measure.MemoryDelta;
import dev.loomlab.measure.MemorySnapshot;
import dev.loomlab.measure.Parked;
import dev.loomlab.measure.ProcStatus;
import dev.loomlab.process.Pid;
import dev.loomlab.process.Processes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Japanese article's third section: {@code n} idle processes, each holding a list of
 * {@code m} elements it built itself (as the article's closures hold a list), counted once all
 * are parked. On BEAM the list lives in the process's own heap, and up to 100 elements fit the
 * initial 233-word heap, so nothing grows; on the JVM there is no per-process heap to fill: the
 * list is ordinary objects in the shared heap, reachable from the parked stack, so every element
 * costs from the first one.
 *
 * <p>The list is an immutable {@code List<Integer>} of distinct boxed values (1,000,000 + i, beyond
 * the small-integer cache), about 20 bytes an element with compressed references: a cons cell of
 * two words (16 bytes) is the BEAM figure.
 */
public final class StateExperiment extends NamedExperiment {

    StateExperiment() {
        super("state",
                "n idle processes each holding a list of m elements: memory per process",
                "bytesPerProcess");
    }

    /** The largest list a process may hold. */
    static final long MAX_ELEMENTS = 1_000_000;
    /** Elements in all, n x m, above which a run needs more heap than a laptop should give. */
    static final long MAX_TOTAL_ELEMENTS = 200_000_000;

    @Override
    public long bytesPerUnit(ExperimentSpec spec) {
        return 1_000 + 20 * Math.max(0, spec.m());
    }

    @Override
    public void validate(ExperimentSpec spec) {
        if (spec.kind() == Kind.PLATFORM) {
            throw new IllegalArgumentException("state compares list sizes on processes or virtual threads; --kind platform is not supported");
        }
        checkCap(spec);
        if (spec.m() < 0 || spec.m() > MAX_ELEMENTS) {
            throw new IllegalArgumentException(String.format(
                    "the list size (--m) must be between 0 and %,d elements, got %,d", MAX_ELEMENTS, spec.m()));
        }
        if (spec.n() * spec.m() > MAX_TOTAL_ELEMENTS) {
            throw new IllegalArgumentException(String.format(
                    "n x m = %,d elements in all is above %,d (about 4 GB of heap): lower n for big lists",
                    spec.n() * spec.m(), MAX_TOTAL_ELEMENTS));
        }
    }

    @Override
    public Map<String, Double> runOnce(ExperimentSpec spec, Progress progress) throws Exception {
        int n = (int) spec.n();
        int m = (int) spec.m();
        MemorySnapshot before = MemorySnapshot.take();
        Pid[] pids = new Pid[spec.kind() == Kind.PROCESS ? n : 0];
        Thread[] threads = new Thread[n];
        java.util.concurrent.LinkedTransferQueue<Object>[] queues = spec.kind() == Kind.VIRTUAL ? newQueues(n) : null;
        int started = 0;
        try {
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                if (spec.kind() == Kind.PROCESS) {
                    pids[i] = Processes.spawn(self -> {
                        List<Integer> state = list(m);
                        self.receive();
                        keep(state);
                    });
                    threads[i] = pids[i].thread();
                } else {
                    var queue = queues[i];
                    threads[i] = Thread.ofVirtual().start(() -> {
                        List<Integer> state = list(m);
                        try {
                            queue.take();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        keep(state);
                    });
                }
                started++;
            }
            long spawnNanos = System.nanoTime() - t0;
            Parked.awaitAll(n, i -> spec.kind() == Kind.PROCESS ? pids[i].thread() : threads[i], Duration.ofSeconds(120));
            MemoryDelta delta = MemorySnapshot.take().minus(before);
            Map<String, Double> metrics = new LinkedHashMap<>();
            metrics.put("bytesPerProcess", delta.heapPer(n));
            metrics.put("bytesPerElement", m == 0 ? Double.NaN : delta.heapPer(n) / m);
            metrics.put("rssBytesPerProcess", delta.rssPer(n));
            metrics.put("nsPerSpawn", (double) spawnNanos / n);
            return metrics;
        } finally {
            for (int i = 0; i < started; i++) {
                if (spec.kind() == Kind.PROCESS) {
                    pids[i].send(IdleGroup.STOP);
                } else {
                    queues[i].offer(IdleGroup.STOP);
                }
            }
            for (int i = 0; i < started; i++) {
                if (spec.kind() == Kind.PROCESS) {
                    pids[i].awaitExit(Duration.ofSeconds(30));
                } else {
                    threads[i].join(Duration.ofSeconds(30));
                }
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static java.util.concurrent.LinkedTransferQueue<Object>[] newQueues(int n) {
        var queues = new java.util.concurrent.LinkedTransferQueue[n];
        for (int i = 0; i < n; i++) {
            queues[i] = new java.util.concurrent.LinkedTransferQueue<>();
        }
        return queues;
    }

    /** m distinct boxed integers, each its own object (no small-integer cache). */
    static List<Integer> list(int m) {
        List<Integer> list = new ArrayList<>(m);
        for (int i = 0; i < m; i++) {
            list.add(Integer.valueOf(1_000_000 + i));
        }
        return List.copyOf(list);
    }

    private static volatile int sink;

    /** Uses the list after the wait, so it stays reachable from the parked stack. */
    private static void keep(List<Integer> state) {
        sink += state.size();
    }

    @Override
    public List<String> notes(ExperimentSpec spec) {
        List<String> notes = new ArrayList<>(List.of(
                "bytesPerProcess: heap used after a full GC, all verified parked, minus before, divided by n: the parked stack "
                        + "plus the list it holds (an immutable List<Integer> of distinct boxed values, about 20 bytes an element)",
                "bytesPerElement: bytesPerProcess / m, so the fixed part of a process is spread over the elements",
                "BEAM keeps small state inside the process's initial heap (233 words), so it does not grow up to 100 elements; "
                        + "the JVM has no per-process heap to fill, so every element costs from the first"));
        if (!ProcStatus.available()) {
            notes.add(ProcStatus.unavailable("rssBytesPerProcess"));
        }
        return notes;
    }
}
