package dev.loomlab.measure;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * The collector's work inside a timed window: how many collections the JVM's collectors counted
 * between {@link #open()} and {@link #collections()}, and the time they report. A timing that a
 * collection fell into says so beside its figure, instead of passing a pause off as the cost of
 * a hop or a message.
 */
public final class GcWindow {

    private final long collectionsAtStart;
    private final long millisAtStart;

    private GcWindow(long collections, long millis) {
        this.collectionsAtStart = collections;
        this.millisAtStart = millis;
    }

    /**
     * Collects the garbage left by what came before (one {@code System.gc()}, so that a window
     * starts with an empty young generation), then opens the window.
     */
    public static GcWindow afterFullGc() {
        System.gc();
        return open();
    }

    /** Opens the window now, without collecting first. */
    public static GcWindow open() {
        return new GcWindow(totalCollections(), totalMillis());
    }

    /** Collections the JVM's collectors counted since the window opened (young, mixed, full and concurrent-cycle pauses). */
    public long collections() {
        return totalCollections() - collectionsAtStart;
    }

    /** Milliseconds the collectors report for those collections (for a concurrent collector, not all of it is a pause). */
    public long millis() {
        return totalMillis() - millisAtStart;
    }

    private static long totalCollections() {
        long sum = 0;
        for (GarbageCollectorMXBean bean : beans()) {
            sum += Math.max(0, bean.getCollectionCount());
        }
        return sum;
    }

    private static long totalMillis() {
        long sum = 0;
        for (GarbageCollectorMXBean bean : beans()) {
            sum += Math.max(0, bean.getCollectionTime());
        }
        return sum;
    }

    private static List<GarbageCollectorMXBean> beans() {
        return ManagementFactory.getGarbageCollectorMXBeans();
    }
}
