package dev.loomlab.load;

import dev.loomlab.experiment.Worker;
import dev.loomlab.measure.Env;
import dev.loomlab.measure.SteadyState;
import dev.loomlab.measure.WarmupPolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * One row of the load experiment, in this JVM: an echo and a client, warmed up together until their
 * round trip is steady (batches of {@value #WARM_BATCH}, at least five, the last three medians within 15%,
 * at most 4 s: {@link SteadyState}) <em>before</em> any busy loop starts, then {@code k} busy loops, a
 * pause for them to get going, then {@code rounds} timed round trips (the German article's script, {@code +S 1} being
 * the child JVM's {@code --parallelism 1}). The loops' rates are read over the same window,
 * at least {@link #MIN_RATE_WINDOW} long.
 *
 * <p>Concurrency contract: {@link #measure} must run on a <em>platform</em> thread, because it is
 * the watchdog. When the loops hold every carrier, no virtual thread runs again; so after starting
 * the units, {@code measure} needs none: it sleeps, waits on a latch with a timeout, and reads
 * volatile counters and an HdrHistogram {@link Recorder}, all from its own thread. Starvation
 * therefore comes back as a row, never as a hang. {@link #close()} stops the loops through their
 * flag and waits, with a deadline, for every unit to end.
 */
public final class LoadTier implements AutoCloseable {

    /** Time for the loops to get going before the client starts, as the German script sleeps 300 ms. */
    static final Duration WARM_UP = Duration.ofMillis(200);
    /** The shortest window the loops' rates are read over. */
    static final Duration MIN_RATE_WINDOW = Duration.ofMillis(500);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(5);
    private static final long HIGHEST_NANOS = Duration.ofMinutes(10).toNanos();
    private static final Object PONG = "pong";
    /** Round trips per warm-up batch; the batch's median is what steadiness is judged on. */
    static final int WARM_BATCH = 10_000;
    /**
     * The echo and client path's warm-up: at least 5 batches (50,000 round trips, enough for the JIT's
     * last tier to compile the path; fewer leave it steady at a profiling tier), the last 3 within
     * 15%, at most 4 s.
     */
    static final WarmupPolicy WARM_POLICY = new WarmupPolicy(5, 3, 0.15, Duration.ofSeconds(4), 1, 0);
    private static final Duration WARM_DEADLINE = Duration.ofSeconds(10);

    private final LoadKind kind;
    private final int rounds;
    private final Recorder recorder = new Recorder(HIGHEST_NANOS, 3);
    private final CountDownLatch done = new CountDownLatch(1);
    private final CountDownLatch warmed = new CountDownLatch(1);
    private final Worker echo;
    private final Worker client;
    private BusyLoops loops = BusyLoops.start(LoadKind.VIRTUAL, 0);
    /** Written by the client before {@link #warmed} counts down; read after. */
    private volatile String warmUp = "not warmed up";
    /** Round trips the client has timed so far, readable while it is starved. */
    private volatile long completed;

    private LoadTier(LoadKind kind, int rounds) {
        this.kind = kind;
        this.rounds = rounds;
        this.echo = Worker.start(kind.unit(), "load-echo", inbox -> {
            while (true) {
                ((Worker) inbox.take()).send(PONG);
            }
        });
        this.client = Worker.start(kind.unit(), "load-client", inbox -> {
            Worker self = (Worker) inbox.take(); // the warm-up signal carries the client's own address
            warmUp(self, inbox);
            warmed.countDown();
            inbox.take(); // the go signal
            roundTrips(self, inbox, rounds);
            done.countDown();
            inbox.take(); // until stopped
        });
    }

    /**
     * Times {@code count} round trips into {@link #recorder}, counting them in {@link #completed}.
     * The warm-up's batches and the measured round trips are this one method, so the measured
     * round trips run the loop the warm-up made the JIT compile. When they had a loop of their own,
     * the warm-up compiled its loop, and the measured one ran code that no warm-up had reached.
     */
    private void roundTrips(Worker self, Worker.Inbox inbox, int count) throws InterruptedException {
        for (int r = 0; r < count; r++) {
            long t = System.nanoTime();
            echo.send(self);
            inbox.take();
            recorder.recordValue(Math.min(System.nanoTime() - t, HIGHEST_NANOS));
            completed = r + 1;
        }
    }

    /** Round trips in batches until the batch medians are steady or the warm-up budget is spent. */
    private void warmUp(Worker self, Worker.Inbox inbox) throws InterruptedException {
        SteadyState protocol = new SteadyState(WARM_POLICY);
        long start = System.nanoTime();
        while (protocol.wantsMore()) {
            roundTrips(self, inbox, WARM_BATCH);
            protocol.record(recorder.getIntervalHistogram().getValueAtPercentile(50), System.nanoTime() - start);
        }
        completed = 0; // before the go, so the watchdog never reads a warm-up batch's count as measured
        warmUp = String.format("echo and client warmed up first: %d batches of %,d round trips, %s", protocol.phases().size(),
                WARM_BATCH, protocol.outcome() == SteadyState.Outcome.STEADY ? "steady" : "NOT steady within the budget");
    }

    /**
     * Starts the echo and the client, warms their round trip up until steady, then starts {@code loops}
     * busy loops of {@code kind}; the client then waits for its go. Call from a platform thread.
     *
     * @throws IllegalStateException if the warm-up does not end within 10 s (everything started is stopped)
     */
    public static LoadTier start(LoadKind kind, int loops, int rounds) throws InterruptedException {
        if (kind == LoadKind.BEAM) {
            throw new IllegalArgumentException("a BEAM load row runs in its own BEAM VM: use LoadRunner (load(...)), not this JVM");
        }
        if (loops < 0 || rounds < 1) {
            throw new IllegalArgumentException("loops must be >= 0 and rounds >= 1, got " + loops + " and " + rounds);
        }
        LoadTier tier = new LoadTier(kind, rounds);
        tier.client.send(tier.client);
        if (!tier.warmed.await(WARM_DEADLINE.toNanos(), TimeUnit.NANOSECONDS)) {
            tier.close();
            throw new IllegalStateException("the echo and client of " + kind.label() + " did not finish warming up within "
                    + WARM_DEADLINE.toSeconds() + " s, before any busy loop started");
        }
        tier.loops = BusyLoops.start(kind, loops);
        return tier;
    }

    /** Runs one row in this JVM and stops everything it started. Call from a platform thread. */
    public static LoadRow runHere(LoadKind kind, int loops, int rounds, Duration deadline) throws InterruptedException {
        try (LoadTier tier = start(kind, loops, rounds)) {
            return tier.measure(deadline);
        }
    }

    /**
     * Warms up, lets the client do its round trips, and waits for them at most {@code deadline}.
     *
     * @throws IllegalStateException on a virtual thread, which a starved scheduler might never run again
     */
    public LoadRow measure(Duration deadline) throws InterruptedException {
        return measure(deadline, done -> { });
    }

    /**
     * The same, telling {@code progress} the round trips completed so far about once a second
     * while it waits: a child JVM says so on standard error, so that a parent that has to kill it
     * still knows how far it got.
     */
    public LoadRow measure(Duration deadline, java.util.function.LongConsumer progress) throws InterruptedException {
        if (Thread.currentThread().isVirtual()) {
            throw new IllegalStateException("measure the load from a platform thread: it is the watchdog, "
                    + "and a starved scheduler might never run a virtual thread again");
        }
        Thread.sleep(WARM_UP);
        long[] before = loops.counts();
        long t0 = System.nanoTime();
        client.send(client);
        long until = t0 + deadline.toNanos();
        boolean finished = false;
        long left;
        while (!finished && (left = until - System.nanoTime()) > 0) {
            finished = done.await(Math.min(left, TimeUnit.SECONDS.toNanos(1)), TimeUnit.NANOSECONDS);
            progress.accept(completed);
        }
        long waited = System.nanoTime() - t0;
        Histogram latencies = recorder.getIntervalHistogram();
        long rest = MIN_RATE_WINDOW.toNanos() - waited;
        if (loops.size() > 0 && rest > 0) {
            Thread.sleep(Duration.ofNanos(rest));
        }
        long[] after = loops.counts();
        long window = System.nanoTime() - t0;
        return row(finished, latencies, TimeUnit.NANOSECONDS.toMillis(waited), BusyLoops.rates(before, after, window));
    }

    /** Sets the loops' stop flag without waiting: for a child JVM about to halt. */
    void stopLoops() {
        loops.stop();
    }

    /** Stops the loops, the echo and the client, and waits for them (at most a few seconds). */
    @Override
    public void close() throws InterruptedException {
        boolean all = loops.stopAndAwait(STOP_TIMEOUT);
        echo.stop();
        client.stop();
        all &= echo.awaitEnd(STOP_TIMEOUT) & client.awaitEnd(STOP_TIMEOUT);
        if (!all) {
            throw new IllegalStateException("a " + kind.label() + " unit of the load experiment did not end within "
                    + STOP_TIMEOUT.toSeconds() + " s of being stopped");
        }
    }

    private LoadRow row(boolean finished, Histogram h, long waitedMillis, double[] rates) {
        long count = h.getTotalCount();
        String status = finished || count == rounds ? LoadRow.OK : count == 0 ? LoadRow.STARVED : LoadRow.INCOMPLETE;
        boolean any = count > 0;
        List<Double> perLoop = new ArrayList<>();
        Arrays.stream(rates).forEach(perLoop::add);
        double total = Arrays.stream(rates).sum();
        String detail = switch (status) {
            case LoadRow.OK -> String.format("%,d round trips; %s", count, warmUp);
            case LoadRow.STARVED -> String.format("no round trip completed in %,d ms: the loops kept every carrier", waitedMillis);
            default -> String.format("%,d of %,d round trips in %,d ms", count, rounds, waitedMillis);
        };
        return new LoadRow(kind.label(), rates.length, Env.carriers(),
                Runtime.getRuntime().availableProcessors(), status, count == 0, waitedMillis, count, rounds,
                any ? h.getValueAtPercentile(50) / 1e3 : Double.NaN,
                any ? h.getValueAtPercentile(99) / 1e3 : Double.NaN,
                any ? h.getMaxValue() / 1e3 : Double.NaN,
                any ? h.getMean() / 1e3 : Double.NaN,
                rates.length > 0 ? total / rates.length : Double.NaN,
                rates.length > 0 ? total : Double.NaN,
                rates.length > 0 ? rates[0] : Double.NaN,
                perLoop, detail);
    }
}
