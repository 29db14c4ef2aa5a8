package dev.loomlab.measure;

import java.lang.management.ManagementFactory;

/** Full garbage collections before a memory reading, as the articles GC before {@code :erlang.memory()}. */
public final class Gc {

    private Gc() {}

    /**
     * Runs {@code System.gc()} until heap use stops falling (at most 5 times) and returns the
     * heap in use afterwards.
     */
    public static long settle() {
        long previous = Long.MAX_VALUE;
        long used = used();
        for (int i = 0; i < 5; i++) {
            System.gc();
            used = used();
            if (used >= previous - 64 * 1024) {
                break;
            }
            previous = used;
        }
        return used;
    }

    static long used() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
