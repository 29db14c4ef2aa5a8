package dev.loomlab.measure;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * The clock of a timed window that starts after a full GC, and the collections that still fell
 * inside it: {@link #nanos()} is the time since {@link #afterFullGc()} opened the window, and
 * {@link #collections()} how many collections the JVM's collectors counted in it. A timing that a
 * collection fell into says so beside its figure, instead of passing a pause off as the cost of a
 * hop or a message. The ring and the broadcast time their token with it; a reader's cell does the
 * same with {@code var clock = GcWindow.afterFullGc(); ... clock.nanos()}.
 */
public final class GcWindow {

    /** What a timing taken in such a window means, for the notes of the experiments that use it. */
    public static final String NOTE = "a full GC ran after the units were spawned and before the clock started, so that "
            + "collecting what spawning left behind does not land in some timings and not others; gcInWindow counts the "
            + "collections that still fell inside the timed window. The units have then survived a collection, as "
            + "long-lived processes have, and a virtual thread whose stack sits in the old generation takes HotSpot's "
            + "slower path to resume";

    private final long collectionsAtStart;
    private final long startNanos;

    private GcWindow(long collections) {
        this.collectionsAtStart = collections;
        this.startNanos = System.nanoTime();
    }

    /**
     * Collects the garbage left by what came before (one {@code System.gc()}, so that a window
     * starts with an empty young generation), then opens the window and starts its clock.
     */
    public static GcWindow afterFullGc() {
        System.gc();
        return new GcWindow(totalCollections());
    }

    /** Nanoseconds since the window opened, by {@link System#nanoTime()}. */
    public long nanos() {
        return System.nanoTime() - startNanos;
    }

    /** Collections the JVM's collectors counted since the window opened (young, mixed, full and concurrent-cycle pauses). */
    public long collections() {
        return totalCollections() - collectionsAtStart;
    }

    private static long totalCollections() {
        long sum = 0;
        for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
            sum += Math.max(0, bean.getCollectionCount());
        }
        return sum;
    }
}
