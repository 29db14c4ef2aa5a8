package dev.loomlab.bench;

import dev.loomlab.measure.Parked;
import dev.loomlab.process.Pid;
import java.time.Duration;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * What every benchmark needs around the measured code: start a raw baseline thread, wait for a
 * batch to finish or a unit to park, and stop everything at the end of a trial. Every wait here
 * has a deadline: a benchmark that hangs throws instead, naming what it waited for.
 */
final class Units {

    /** How long any setup, teardown or batch may take before the benchmark gives up. */
    static final Duration DEADLINE = Duration.ofSeconds(30);
    /** The message that ends a unit's loop. */
    static final Object STOP = "stop";
    /** The reply every unit sends and the signal a finished batch gives. */
    static final Object DONE = "done";

    private Units() {}

    /** A loop that may be interrupted; interruption ends it quietly. */
    @FunctionalInterface
    interface Loop {
        void run() throws InterruptedException;
    }

    /** Starts a raw virtual thread running {@code loop}. */
    static Thread virtual(Loop loop) {
        return Thread.ofVirtual().start(quietly(loop));
    }

    /** Starts a raw platform (daemon) thread running {@code loop}. */
    static Thread platform(Loop loop) {
        return Thread.ofPlatform().daemon(true).start(quietly(loop));
    }

    /** {@code loop} as a Runnable whose interruption ends it quietly. */
    static Runnable quietly(Loop loop) {
        return () -> {
            try {
                loop.run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
    }

    /** Waits for the signal that a batch is done, at most {@link #DEADLINE}. */
    static void awaitDone(LinkedTransferQueue<Object> done, String what) throws InterruptedException {
        if (done.poll(DEADLINE.toMillis(), TimeUnit.MILLISECONDS) == null) {
            throw new IllegalStateException(what + " did not finish within " + DEADLINE
                    + ": the machine is overloaded or a unit died (see its stack trace above)");
        }
    }

    /** Spins (yielding) until {@code t} is parked, at most {@link #DEADLINE}. */
    static void awaitParked(Thread t) {
        long end = System.nanoTime() + DEADLINE.toNanos();
        while (!Parked.isParked(t)) {
            if (System.nanoTime() - end > 0) {
                throw new IllegalStateException(t + " was not parked within " + DEADLINE);
            }
            Thread.onSpinWait();
        }
    }

    /**
     * Yields until {@code condition} holds, at most {@link #DEADLINE}: for a virtual thread that
     * waits a short while for another (yielding lets the other run on this carrier).
     */
    static void yieldUntil(BooleanSupplier condition, String what) {
        long end = System.nanoTime() + DEADLINE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - end > 0) {
                throw new IllegalStateException("not " + what + " within " + DEADLINE);
            }
            Thread.yield();
        }
    }

    /** Interrupts every thread and waits for each to end. */
    static void stop(Thread... threads) throws InterruptedException {
        for (Thread t : threads) {
            if (t != null) {
                t.interrupt();
            }
        }
        long end = System.nanoTime() + DEADLINE.toNanos();
        for (Thread t : threads) {
            if (t != null && !t.join(Duration.ofNanos(Math.max(1, end - System.nanoTime())))) {
                throw new IllegalStateException(t + " did not end within " + DEADLINE + " of its interrupt");
            }
        }
    }

    /** Kills every process and waits for each to end. */
    static void stop(Pid... pids) throws InterruptedException {
        for (Pid p : pids) {
            if (p != null) {
                p.kill();
            }
        }
        long end = System.nanoTime() + DEADLINE.toNanos();
        for (Pid p : pids) {
            if (p != null && p.awaitExit(Duration.ofNanos(Math.max(1, end - System.nanoTime()))).isEmpty()) {
                throw new IllegalStateException(p + " did not end within " + DEADLINE + " of its kill");
            }
        }
    }
}
