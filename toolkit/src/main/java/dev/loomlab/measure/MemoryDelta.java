package dev.loomlab.measure;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.loomlab.display.Displayable;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The difference between two {@link MemorySnapshot}s. What it includes: the heap delta counts
 * every object allocated and still live, virtual-thread stacks included, but not native
 * platform-thread stacks, which only {@link #threadStacks} (Native Memory Tracking) and
 * {@link #rss} see. A difference can be negative: memory was given back.
 *
 * @param rssKnown    false where RSS could not be read (not Linux); {@link #rss} is then 0
 * @param stacksKnown false where NMT was off; {@link #threadStacks} is then 0
 */
public record MemoryDelta(long heapUsedAfterGc, long heapCommitted, long rss, boolean rssKnown, int platformThreads,
                          long directBuffers, long mappedBuffers, long threadStacks, boolean stacksKnown)
        implements Displayable {

    /** Heap per item, e.g. per process. */
    public double heapPer(long n) {
        return (double) heapUsedAfterGc / n;
    }

    /** RSS per item, or NaN when RSS could not be read. */
    public double rssPer(long n) {
        return rssKnown ? (double) rss / n : Double.NaN;
    }

    /** Native thread stacks per item, or NaN when NMT is off. */
    public double stacksPer(long n) {
        return stacksKnown ? (double) threadStacks / n : Double.NaN;
    }

    @Override
    @JsonIgnore
    public Table toTable() {
        StringColumn what = StringColumn.create("difference");
        DoubleColumn bytes = DoubleColumn.create("bytes");
        StringColumn readable = StringColumn.create("readable");
        MemorySnapshot.row(what, bytes, readable, "heap used after full GC (objects and virtual-thread stacks)", heapUsedAfterGc, true);
        MemorySnapshot.row(what, bytes, readable, "heap committed", heapCommitted, true);
        MemorySnapshot.row(what, bytes, readable, "RSS (everything the OS gave the process)", rss, rssKnown);
        MemorySnapshot.row(what, bytes, readable, "direct buffers", directBuffers, true);
        MemorySnapshot.row(what, bytes, readable, "mapped buffers", mappedBuffers, true);
        MemorySnapshot.row(what, bytes, readable, "native thread stacks (NMT)", threadStacks, stacksKnown);
        return Table.create("Memory difference (" + (platformThreads >= 0 ? "+" : "") + platformThreads
                + " platform threads)", what, bytes, readable);
    }

    @Override
    public String toString() {
        return toTable().printAll();
    }
}
