package dev.loomlab.measure;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.loomlab.view.Grid;
import dev.loomlab.view.GridLines;
import dev.loomlab.view.Tabular;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;

/**
 * The memory of this JVM at one moment, read after a full GC, as the articles read
 * {@code :erlang.memory()} after {@code :erlang.garbage_collect()}.
 *
 * <p>Values that cannot be read here are -1 (RSS off Linux; thread stacks without Native Memory
 * Tracking). {@link #minus} gives the difference between two snapshots.
 *
 * @param heapUsedAfterGc   heap in use after a full GC: live objects, virtual-thread stacks included
 * @param heapCommitted     heap the JVM has taken from the OS
 * @param rss               resident set size of the whole process ({@code VmRSS})
 * @param platformThreads   live platform threads (virtual threads are not counted here)
 * @param directBuffers     direct {@code ByteBuffer} memory
 * @param mappedBuffers     memory-mapped buffer memory
 * @param threadStacks      committed native thread stacks (NMT), or -1 when NMT is off
 */
public record MemorySnapshot(long heapUsedAfterGc, long heapCommitted, long rss, int platformThreads,
                             long directBuffers, long mappedBuffers, long threadStacks)
        implements Tabular {

    /** Runs a full GC until the heap stops shrinking, then reads everything. */
    public static MemorySnapshot take() {
        long used = Gc.settle();
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        long direct = 0;
        long mapped = 0;
        for (BufferPoolMXBean pool : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
            if (pool.getName().equals("direct")) {
                direct = pool.getMemoryUsed();
            } else if (pool.getName().equals("mapped")) {
                mapped = pool.getMemoryUsed();
            }
        }
        return new MemorySnapshot(used, heap.getCommitted(), currentRss(),
                ManagementFactory.getThreadMXBean().getThreadCount(), direct, mapped,
                NativeMemory.threadStacksCommitted().orElse(-1));
    }

    /** {@code this - before}, field by field; RSS and stacks only where both sides could read them. */
    public MemoryDelta minus(MemorySnapshot before) {
        boolean rssKnown = rss >= 0 && before.rss >= 0;
        boolean stacksKnown = threadStacks >= 0 && before.threadStacks >= 0;
        return new MemoryDelta(
                heapUsedAfterGc - before.heapUsedAfterGc,
                heapCommitted - before.heapCommitted,
                rssKnown ? rss - before.rss : 0, rssKnown,
                platformThreads - before.platformThreads,
                directBuffers - before.directBuffers,
                mappedBuffers - before.mappedBuffers,
                stacksKnown ? threadStacks - before.threadStacks : 0, stacksKnown);
    }

    /** Resident set size of this process in bytes, or -1 where /proc is not there. */
    public static long currentRss() {
        long kib = ProcStatus.kib("VmRSS");
        return kib < 0 ? -1 : kib * 1024;
    }

    @Override
    @JsonIgnore
    public Grid grid() {
        GridLines lines = new GridLines("Memory snapshot (" + platformThreads + " platform threads)").text("memory").number("bytes").text("readable");
        row(lines, "heap used after full GC", heapUsedAfterGc);
        row(lines, "heap committed", heapCommitted);
        row(lines, "RSS (whole process)", rss);
        row(lines, "direct buffers", directBuffers);
        row(lines, "mapped buffers", mappedBuffers);
        row(lines, "thread stacks (NMT)", threadStacks);
        return lines.build();
    }

    static void row(GridLines lines, String name, long value) {
        row(lines, name, value, value != -1);
    }

    static void row(GridLines lines, String name, long value, boolean known) {
        if (!known) {
            lines.row(name, Double.NaN, "not available");
        } else {
            lines.row(name, value, Units.bytes(value));
        }
    }

    @Override
    public String toString() {
        return Tabular.text(this);
    }
}
