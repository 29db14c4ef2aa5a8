package dev.loomlab.measure;

import java.time.Duration;
import java.util.Collection;
import java.util.function.Supplier;
import java.util.concurrent.TimeoutException;
import java.util.function.IntFunction;

/**
 * The check the articles insist on: count a process only once it really waits. A thread counts
 * as parked in {@code WAITING} or {@code TIMED_WAITING}; an actor runtime is at rest when every
 * thread of its dispatchers is ({@link #awaitIdle}).
 */
public final class Parked {

    private Parked() {}

    /**
     * Waits until the {@code n} threads that {@code threadAt} gives are all parked.
     *
     * @return nanoseconds waited
     * @throws TimeoutException naming how many were parked at the deadline
     */
    public static long awaitAll(int n, IntFunction<Thread> threadAt, Duration deadline)
            throws TimeoutException, InterruptedException {
        long start = System.nanoTime();
        long end = start + deadline.toNanos();
        int from = 0;
        long sleep = 50_000;
        while (true) {
            while (from < n && isParked(threadAt.apply(from))) {
                from++;
            }
            if (from == n) {
                return System.nanoTime() - start;
            }
            if (System.nanoTime() - end > 0) {
                throw new TimeoutException(String.format(
                        "only %,d of %,d threads were parked after %s; the machine may be overloaded, "
                                + "or the deadline too short", from, n, deadline));
            }
            Thread.sleep(Duration.ofNanos(sleep));
            sleep = Math.min(sleep * 2, 10_000_000);
        }
    }

    /**
     * Waits until every thread of {@code threads} is parked: a reader's cell writes
     * {@code Parked.awaitAll(threads, Duration.ofSeconds(10))} after its spawn loop.
     *
     * @return nanoseconds waited
     * @throws TimeoutException naming how many were parked at the deadline
     */
    public static long awaitAll(Thread[] threads, Duration deadline) throws TimeoutException, InterruptedException {
        return awaitAll(threads.length, i -> threads[i], deadline);
    }

    /**
     * Waits until every process of {@code pids} waits in its receive (its thread parked).
     *
     * @return nanoseconds waited
     * @throws TimeoutException naming how many were parked at the deadline
     */
    public static long awaitAll(dev.loomlab.process.Pid[] pids, Duration deadline) throws TimeoutException, InterruptedException {
        return awaitAll(pids.length, i -> pids[i].thread(), deadline);
    }

    /**
     * Waits until every process has hibernated (given its thread back), the hibernation
     * experiments' version of "all parked".
     *
     * @throws TimeoutException naming how many had hibernated at the deadline
     */
    public static void awaitHibernated(dev.loomlab.process.Pid[] pids, Duration deadline)
            throws TimeoutException, InterruptedException {
        long end = System.nanoTime() + deadline.toNanos();
        for (int i = 0; i < pids.length; ) {
            if (pids[i].isHibernated()) {
                i++;
            } else if (System.nanoTime() - end > 0) {
                throw new TimeoutException(String.format("only %,d of %,d processes hibernated within %s", i, pids.length, deadline));
            } else {
                Thread.sleep(1);
            }
        }
    }

    /**
     * Waits until every live thread {@code threads} gives (read again at each look, since a pool
     * may start or end threads meanwhile) is parked: an actor runtime's dispatcher at rest.
     *
     * @return nanoseconds waited
     * @throws TimeoutException naming how many were still running at the deadline
     */
    public static long awaitIdle(Supplier<? extends Collection<Thread>> threads, Duration deadline)
            throws TimeoutException, InterruptedException {
        long start = System.nanoTime();
        long end = start + deadline.toNanos();
        long sleep = 50_000;
        while (true) {
            long running = threads.get().stream().filter(t -> t.isAlive() && !isParked(t)).count();
            if (running == 0) {
                return System.nanoTime() - start;
            }
            if (System.nanoTime() - end > 0) {
                throw new TimeoutException(String.format("%,d of the runtime's threads were still running after %s; "
                        + "the machine may be overloaded, or the deadline too short", running, deadline));
            }
            Thread.sleep(Duration.ofNanos(sleep));
            sleep = Math.min(sleep * 2, 10_000_000);
        }
    }

    /** True if the thread waits (parked), false if it runs, is new, or is null. */
    public static boolean isParked(Thread t) {
        if (t == null) {
            return false;
        }
        Thread.State s = t.getState();
        return s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING;
    }
}
