package dev.loomlab.measure;

import dev.loomlab.process.Pid;
import dev.loomlab.process.Processes;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.TimeUnit;

/**
 * Round trips to an echo process, timed back to back by a client on a platform thread: a warm-up
 * that is not recorded, then a window that is, into a {@link RoundTripLog}. The client needs no
 * carrier, so what it times is how soon a virtual thread (the echo) gets to answer while
 * something else runs: a collector, a native call, busy loops. (A virtual-thread client in a
 * ping-pong with no pause would also keep its carrier's local queue full, and that carrier would
 * never take the virtual threads woken from outside.) Wait with a deadline ({@link #await}); a
 * starved client still says how many round trips it completed. {@link #stop} ends both.
 */
public final class EchoRoundTrips {

    private record Ping(LinkedTransferQueue<Boolean> reply) {}

    private final RoundTripLog log;
    private final Pid echo;
    private final Thread client;
    private volatile boolean stopped;
    private volatile long windowStart;
    private volatile long windowEnd;
    private volatile long completed;

    private EchoRoundTrips(Duration warmup, Duration window, int capacity) {
        log = new RoundTripLog(capacity);
        echo = Processes.spawn(self -> {
            while (true) {
                ((Ping) self.receive()).reply().put(Boolean.TRUE);
            }
        });
        client = Thread.ofPlatform().daemon(true).name("loomlab-round-trips").start(() -> {
            LinkedTransferQueue<Boolean> reply = new LinkedTransferQueue<>();
            Ping ping = new Ping(reply);
            long warmupEnd = System.nanoTime() + warmup.toNanos();
            try {
                while (System.nanoTime() < warmupEnd) {
                    if (!roundTrip(ping)) {
                        return;
                    }
                }
                long start = System.nanoTime();
                windowStart = start;
                long end = start + window.toNanos();
                long t;
                while ((t = System.nanoTime()) < end) {
                    if (!roundTrip(ping)) {
                        return;
                    }
                    log.record(t, System.nanoTime() - t);
                    completed++;
                }
                windowEnd = System.nanoTime();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** One round trip; false if stopped while waiting for the answer. */
    private boolean roundTrip(Ping ping) throws InterruptedException {
        echo.send(ping);
        while (ping.reply().poll(100, TimeUnit.MILLISECONDS) == null) {
            if (stopped) {
                return false;
            }
        }
        return true;
    }

    /** Starts the echo and the client now. */
    public static EchoRoundTrips start(Duration warmup, Duration window) {
        return new EchoRoundTrips(warmup, window, 4_000_000);
    }

    /** Waits for the client to finish its window; empty if it did not within {@code deadline} (starved). */
    public Optional<RoundTripLog> await(Duration deadline) throws InterruptedException {
        return client.join(deadline) && windowEnd != 0 ? Optional.of(log) : Optional.empty();
    }

    /** Round trips completed in the window so far (readable while the client is starved). */
    public long completed() {
        return completed;
    }

    /** The window's start and end on {@link System#nanoTime()}'s clock (end is 0 until it ends). */
    public long[] window() {
        return new long[] {windowStart, windowEnd};
    }

    /** Ends the client and the echo, waiting at most {@code timeout} for each. */
    public boolean stop(Duration timeout) throws InterruptedException {
        stopped = true;
        boolean clientGone = client.join(timeout);
        return Processes.killAll(List.of(echo), timeout) && clientGone;
    }
}
