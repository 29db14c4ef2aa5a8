package dev.loomlab.load;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * One busy loop: the French article's {@code boucle_infinie}, with its work counted. Each
 * iteration is one xorshift step on a local value, which the JIT cannot fold away because the
 * value is published to a volatile field after every slice. The iteration count is the analogue of
 * BEAM's reductions.
 *
 * <p>Concurrency: one thread runs {@link #run} and is the only writer of the counter; any thread may
 * read {@link #iterations()} at any time (a volatile read, exact to the last finished slice).
 */
final class BusyLoop {

    /** Iterations between two counter updates, yields or parks: BEAM's reductions per time slice. */
    static final int SLICE = 4_000;
    /** Iterations per job on the offload pool: a few milliseconds, a "dirty" job. */
    static final int OFFLOAD_JOB = 1_000_000;
    /** How long a job on the offload pool may take before the loop gives up on it. */
    private static final long OFFLOAD_JOB_TIMEOUT_SECONDS = 30;

    private final long seed;
    private volatile long iterations;
    /** Where each slice's result goes, so that the work is never dead code. */
    private volatile long sink;

    BusyLoop(long seed) {
        this.seed = seed | 1; // xorshift never leaves 0
    }

    /** Iterations done so far. */
    long iterations() {
        return iterations;
    }

    /**
     * Spins until {@code stop} says so, handing the processor back as {@code kind} does.
     *
     * @param offload the platform-thread pool for {@link LoadKind#OFFLOADED}; unused otherwise
     */
    void run(LoadKind kind, BooleanSupplier stop, ExecutorService offload) throws Exception {
        long x = seed;
        if (kind == LoadKind.OFFLOADED) {
            while (!stop.getAsBoolean()) {
                long from = x;
                Future<Long> job = offload.submit(() -> spin(from, OFFLOAD_JOB));
                x = job.get(OFFLOAD_JOB_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                sink = x;
                iterations += OFFLOAD_JOB;
            }
            return;
        }
        while (!stop.getAsBoolean()) {
            x = spin(x, SLICE);
            sink = x;
            iterations += SLICE;
            if (kind == LoadKind.YIELDING) {
                Thread.yield();
            } else if (kind == LoadKind.PARKING) {
                LockSupport.parkNanos(1_000);
            }
        }
    }

    /** {@code n} xorshift steps from {@code x}. */
    static long spin(long x, int n) {
        for (int i = 0; i < n; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }
}
