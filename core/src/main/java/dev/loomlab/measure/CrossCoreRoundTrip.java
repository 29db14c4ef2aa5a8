package dev.loomlab.measure;

import java.time.Duration;

/**
 * The machine's floor for handing a message from one core to another: two platform threads pass a
 * counter back and forth, each spinning on the other's write, and the mean round trip is timed
 * after as many warm-up round trips. Two cores that share a cache hand it over in tens of
 * nanoseconds; two that do not take several times longer, and a virtual machine can be given either
 * from one hour to the next. A receive that spins (a toolkit process on two carriers) pays this on
 * every message, where one that parks and takes turns on one carrier does not.
 */
public final class CrossCoreRoundTrip {

    /** Round trips timed, after as many to warm up: a few milliseconds at most on two cores. */
    public static final int ROUNDS = 20_000;

    private volatile long ping;
    private volatile long pong;
    private volatile boolean abandoned;

    private CrossCoreRoundTrip() {}

    /**
     * The mean round trip in ns over {@link #ROUNDS}, after as many to warm up; NaN with fewer than
     * two processors (the two threads could not run at once), or when {@code deadline} passed first.
     */
    public static double measureNanos(Duration deadline) throws InterruptedException {
        if (Runtime.getRuntime().availableProcessors() < 2) {
            return Double.NaN;
        }
        return new CrossCoreRoundTrip().run(ROUNDS, deadline);
    }

    private double run(int rounds, Duration deadline) throws InterruptedException {
        long end = System.nanoTime() + deadline.toNanos();
        long total = 2L * rounds;
        Thread echo = Thread.ofPlatform().daemon().name("loomlab-cross-core-echo").start(() -> {
            for (long i = 1; i <= total; i++) {
                if (!await(true, i, end)) {
                    return;
                }
                pong = i;
            }
        });
        try {
            long start = 0;
            for (long i = 1; i <= total; i++) {
                if (i == rounds + 1) {
                    start = System.nanoTime();
                } else if ((i & 1023) == 0 && System.nanoTime() - end > 0) {
                    return Double.NaN;
                }
                ping = i;
                if (!await(false, i, end)) {
                    return Double.NaN;
                }
            }
            return (double) (System.nanoTime() - start) / rounds;
        } finally {
            abandoned = true;
            echo.join(Duration.ofSeconds(5));
        }
    }

    /**
     * Spins until the echo's {@code pong} (or, for the echo, the main thread's {@code ping}) reads
     * {@code value}; false past {@code end} or once the run was abandoned.
     */
    private boolean await(boolean forPing, long value, long end) {
        for (int spins = 0; (forPing ? ping : pong) != value; spins++) {
            if ((spins & 1023) == 1023 && (abandoned || System.nanoTime() - end > 0)) {
                return false;
            }
            Thread.onSpinWait();
        }
        return true;
    }
}
