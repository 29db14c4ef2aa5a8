package dev.loomlab.load;

import dev.loomlab.experiment.Worker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * k busy loops of one kind, started together and stopped together by one flag, with their
 * iteration counts read as rates. For {@link LoadKind#OFFLOADED} it owns the platform-thread pool
 * the loops' jobs run on: one thread per processor, as BEAM has one dirty CPU scheduler per
 * scheduler.
 *
 * <p>Concurrency: {@link #counts()} may be read from any thread while the loops run; after
 * {@link #stop()} every loop ends at its next slice (or job) boundary.
 */
final class BusyLoops {

    private final List<BusyLoop> loops = new ArrayList<>();
    private final List<Worker> units = new ArrayList<>();
    private final ExecutorService offload;
    private volatile boolean stopped;

    private BusyLoops(ExecutorService offload) {
        this.offload = offload;
    }

    /** Starts {@code k} loops of {@code kind}. */
    static BusyLoops start(LoadKind kind, int k) {
        ExecutorService offload = kind == LoadKind.OFFLOADED && k > 0
                ? Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors(),
                        Thread.ofPlatform().daemon(true).name("loomlab-offload-", 0).factory())
                : null;
        BusyLoops group = new BusyLoops(offload);
        // every loop waits at this gate until all are started: a loop that spun at once would take the
        // CPU from the thread starting the next ones (1,000 platform loops on one CPU never finished starting)
        CountDownLatch gate = new CountDownLatch(1);
        for (int i = 0; i < k; i++) {
            BusyLoop loop = new BusyLoop(0x9E3779B97F4A7C15L * (i + 1));
            group.loops.add(loop);
            group.units.add(Worker.start(kind.unit(), "load-loop-" + i, inbox -> {
                gate.await();
                loop.run(kind, group::isStopped, offload);
            }));
        }
        gate.countDown();
        return group;
    }

    /** How many loops there are. */
    int size() {
        return loops.size();
    }

    /** Each loop's iterations so far, in start order. */
    long[] counts() {
        long[] counts = new long[loops.size()];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = loops.get(i).iterations();
        }
        return counts;
    }

    /** Each loop's rate between two {@link #counts()} taken {@code nanos} apart, per second. */
    static double[] rates(long[] before, long[] after, long nanos) {
        double[] rates = new double[before.length];
        for (int i = 0; i < rates.length; i++) {
            rates[i] = (after[i] - before[i]) * 1e9 / nanos;
        }
        return rates;
    }

    /** Sets the stop flag: every loop returns at its next slice boundary. Never blocks. */
    void stop() {
        stopped = true;
    }

    boolean isStopped() {
        return stopped;
    }

    /** Stops the loops, waits at most {@code timeout} for them, and shuts the offload pool down. */
    boolean stopAndAwait(Duration timeout) throws InterruptedException {
        stop();
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean all = true;
        for (Worker unit : units) {
            all &= unit.awaitEnd(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
        }
        if (offload != null) {
            offload.shutdownNow();
            all &= offload.awaitTermination(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        }
        return all;
    }
}
