package dev.loomlab.process;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The JVM-wide count of live processes and its limit, like BEAM's {@code +P}. The limit is read
 * once, when the first process is spawned, from the system property {@value #PROPERTY}
 * (default {@value #DEFAULT}, BEAM's default 2^20). Hibernated processes are live.
 *
 * <p>The limit is the number given, exactly: unlike BEAM's {@code +P}, it is not rounded up to a
 * power of two nor capped at 134,217,727 ({@link BeamLimit} computes BEAM's number, to pass it
 * here when a run should match BEAM's).
 */
public final class ProcessLimit {

    /** System property that sets the limit at JVM start. */
    public static final String PROPERTY = "loomlab.processLimit";

    /** BEAM's default process limit, 1,048,576. */
    public static final int DEFAULT = 1 << 20;

    private static final int LIMIT = readLimit();
    private static final AtomicInteger LIVE = new AtomicInteger();

    private ProcessLimit() {}

    /** The limit in force in this JVM. */
    public static int limit() {
        return LIMIT;
    }

    /** How many processes are alive now (spawned and not yet ended, hibernated included). */
    public static int live() {
        return LIVE.get();
    }

    /** Takes one slot, or throws without changing the count. */
    static void acquire() {
        int now;
        do {
            now = LIVE.get();
            if (now >= LIMIT) {
                throw new ProcessLimitException(LIMIT);
            }
        } while (!LIVE.compareAndSet(now, now + 1));
    }

    static void release() {
        LIVE.decrementAndGet();
    }

    private static int readLimit() {
        String value = System.getProperty(PROPERTY);
        if (value == null || value.isBlank()) {
            return DEFAULT;
        }
        try {
            int limit = Integer.parseInt(value.replace("_", "").replace(",", "").trim());
            if (limit < 1) {
                throw new IllegalArgumentException("-D" + PROPERTY + " must be at least 1, got " + value);
            }
            return limit;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + PROPERTY + " must be a whole number, got \"" + value + "\"", e);
        }
    }
}
