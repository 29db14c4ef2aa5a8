package dev.loomlab.api;

import dev.loomlab.display.Displayable;
import dev.loomlab.experiment.IdleGroup;
import dev.loomlab.experiment.Kind;
import dev.loomlab.measure.MemoryDelta;
import dev.loomlab.measure.MemorySnapshot;
import dev.loomlab.measure.Units;
import dev.loomlab.process.Pid;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * What {@link Loomlab#spawnIdle} returns: n live idle units in this JVM, with what they cost.
 * Close it (try-with-resources) to stop them all; when {@code close} returns, their threads are gone.
 * Measured in the caller's JVM: in a kernel or jshell, its other objects are noise; for numbers
 * to publish, use {@link Loomlab#spawn}, which runs in a fresh JVM.
 */
public final class IdleProcesses implements AutoCloseable, Displayable {

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

    @Override
    public Table toTable() {
        StringColumn metric = StringColumn.create("metric");
        DoubleColumn value = DoubleColumn.create("value");
        StringColumn readable = StringColumn.create("readable");
        metric.append("spawn time (loop)");
        value.append(spawnNanos());
        readable.append(Units.nanos(spawnNanos()));
        metric.append("ns per spawn");
        value.append(Math.round(nsPerSpawn()));
        readable.append(Units.nanos(nsPerSpawn()));
        metric.append("heap bytes per process");
        value.append(Math.round(bytesPerProcess()));
        readable.append(Units.bytes(bytesPerProcess()));
        metric.append("RSS bytes per process");
        value.append(Math.round(rssBytesPerProcess()));
        readable.append(Double.isNaN(rssBytesPerProcess()) ? "not available" : Units.bytes(rssBytesPerProcess()));
        return Table.create(String.format("%,d idle %s units in this JVM (all verified parked)", size(), kind().label()),
                metric, value, readable);
    }

    @Override
    public String toString() {
        return toTable().printAll();
    }

    static IdleProcesses start(Kind kind, int n) throws Exception {
        MemorySnapshot before = MemorySnapshot.take();
        IdleGroup group = IdleGroup.start(kind, n, java.time.Duration.ofSeconds(60));
        return new IdleProcesses(group, MemorySnapshot.take().minus(before));
    }
}
