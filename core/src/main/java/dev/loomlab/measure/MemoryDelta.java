package dev.loomlab.measure;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.loomlab.view.Grid;
import dev.loomlab.view.GridLines;
import dev.loomlab.view.Tabular;

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
        implements Tabular {

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
    public Grid grid() {
        GridLines lines = new GridLines("Memory difference (" + (platformThreads >= 0 ? "+" : "") + platformThreads
                + " platform threads)").text("difference").number("bytes").text("readable");
        MemorySnapshot.row(lines, "heap used after full GC (objects and virtual-thread stacks)", heapUsedAfterGc, true);
        MemorySnapshot.row(lines, "heap committed", heapCommitted, true);
        MemorySnapshot.row(lines, "RSS (everything the OS gave the process)", rss, rssKnown);
        MemorySnapshot.row(lines, "direct buffers", directBuffers, true);
        MemorySnapshot.row(lines, "mapped buffers", mappedBuffers, true);
        MemorySnapshot.row(lines, "native thread stacks (NMT)", threadStacks, stacksKnown);
        return lines.build();
    }

    @Override
    public String toString() {
        return Tabular.text(this);
    }
}
