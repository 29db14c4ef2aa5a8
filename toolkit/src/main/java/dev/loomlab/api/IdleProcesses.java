package dev.loomlab.api;

import dev.loomlab.experiment.IdleGroup;
import dev.loomlab.experiment.Kind;
import dev.loomlab.measure.MemoryDelta;
import dev.loomlab.measure.MemorySnapshot;
import dev.loomlab.measure.Units;
import dev.loomlab.process.Pid;
import dev.loomlab.view.Grid;
import dev.loomlab.view.Tabular;
import java.util.List;

/**
 * What {@link Loomlab#spawnIdle} returns: n live idle units in this JVM, with what they cost.
 * Close it (try-with-resources) to stop them all; when {@code close} returns, their threads are gone.
 * Measured in the caller's JVM: in a kernel or jshell, its other objects are noise; for numbers
 * to publish, use {@link Loomlab#spawn}, which runs in a fresh JVM.
 */
public final class IdleProcesses implements AutoCloseable, Tabular {

    private final IdleGroup group;
    private final MemoryDelta memory;

    IdleProcesses(IdleGroup group, MemoryDelta memory) {
        this.group = group;
        this.memory = memory;
    }

    /** How many were spawned. */
    public int size() {
        return group.size();
    }

    public Kind kind() {
        return group.kind();
    }

    /** Process {@code i} (kind process only). */
    public Pid pid(int i) {
        return group.pid(i);
    }

    /** Time spent in the spawn loop. */
    public long spawnNanos() {
        return group.spawnNanos();
    }

    /** Spawn loop time divided by n. */
    public double nsPerSpawn() {
        return (double) group.spawnNanos() / size();
    }

    /** Heap after full GC, all parked, minus before, divided by n. */
    public double bytesPerProcess() {
        return memory.heapPer(size());
    }

    /** Growth of the whole process's RSS divided by n (NaN off Linux). */
    public double rssBytesPerProcess() {
        return memory.rssPer(size());
    }

    /** The memory difference, whole. */
    public MemoryDelta memory() {
        return memory;
    }

    /** Stops them all and waits for their threads to end. */
    @Override
    public void close() throws InterruptedException {
        group.close();
    }

    private record Line(String metric, double value, String readable) {}

    @Override
    public Grid grid() {
        return Grid.of(String.format("%,d idle %s units in this JVM (all verified parked)", size(), kind().label()), List.of(
                        new Line("spawn time (loop)", spawnNanos(), Units.nanos(spawnNanos())),
                        new Line("ns per spawn", Grid.nearest(nsPerSpawn()), Units.nanos(nsPerSpawn())),
                        new Line("heap bytes per process", Grid.nearest(bytesPerProcess()), Units.bytes(bytesPerProcess())),
                        new Line("RSS bytes per process", Grid.nearest(rssBytesPerProcess()),
                                Double.isNaN(rssBytesPerProcess()) ? "not available" : Units.bytes(rssBytesPerProcess()))))
                .text("metric", Line::metric)
                .number("value", Line::value)
                .text("readable", Line::readable)
                .build();
    }

    @Override
    public String toString() {
        return Tabular.text(this);
    }

    static IdleProcesses start(Kind kind, int n) throws Exception {
        MemorySnapshot before = MemorySnapshot.take();
        IdleGroup group = IdleGroup.start(kind, n, java.time.Duration.ofSeconds(60));
        return new IdleProcesses(group, MemorySnapshot.take().minus(before));
    }
}
