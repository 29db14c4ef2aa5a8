package dev.loomlab.experiment;

import dev.loomlab.measure.ProcStatus;
import dev.loomlab.process.Pid;
import dev.loomlab.process.Processes;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.LinkedTransferQueue;

/**
 * The one unit of work of every experiment and of load: a {@link Loop} run as its {@link Kind}
 * says, as a toolkit process, or as a virtual or platform thread taking from its own
 * {@code LinkedTransferQueue} (the raw baseline). Ring, broadcast, ping-pong and load's loops,
 * echo and client are written once against it and run the same way on every kind.
 *
 * <p>Concurrency: {@link #send} and {@link #stop()} may be called from any thread and never
 * block. A stopped worker ends at its next {@code take()}; a loop that never takes ends only
 * through a stop flag of its own.
 */
public final class Worker {

    /** The body of a worker: it takes messages from {@code inbox} until it returns. */
    @FunctionalInterface
    public interface Loop {
        void run(Inbox inbox) throws Exception;
    }

    /** Where a worker's messages come from. */
    @FunctionalInterface
    public interface Inbox {
        Object take() throws InterruptedException;
    }

    private final Pid pid;
    private final LinkedTransferQueue<Object> queue;
    private final Thread thread;

    private Worker(Pid pid, LinkedTransferQueue<Object> queue, Thread thread) {
        this.pid = pid;
        this.queue = queue;
        this.thread = thread;
    }

    /** Starts {@code loop} as a worker of {@code kind}. */
    public static Worker start(Kind kind, Loop loop) {
        return start(kind, "worker", loop);
    }

    /** Starts {@code loop} as a worker of {@code kind}; its thread is named {@code loomlab-<name>} (for thread dumps). */
    public static Worker start(Kind kind, String name, Loop loop) {
        if (kind == Kind.PROCESS) {
            return new Worker(Processes.spawn(self -> loop.run(self::receive)), null, null);
        }
        LinkedTransferQueue<Object> queue = new LinkedTransferQueue<>();
        Thread.Builder builder = kind == Kind.PLATFORM
                ? Thread.ofPlatform().daemon(true).name("loomlab-" + name)
                : Thread.ofVirtual().name("loomlab-" + name);
        Thread thread = builder.start(() -> {
            try {
                loop.run(queue::take);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // stopped: end quietly
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        return new Worker(null, queue, thread);
    }

    /** Sends without blocking. */
    public void send(Object message) {
        if (pid != null) {
            pid.send(message);
        } else {
            queue.offer(message);
        }
    }

    /** The thread running it now (null for a hibernated process). */
    public Thread thread() {
        return pid != null ? pid.thread() : thread;
    }

    /** Asks the worker to end at its next wait; never blocks. */
    public void stop() {
        if (pid != null) {
            pid.kill();
        } else {
            thread.interrupt();
        }
    }

    /** Waits at most {@code timeout} for the worker to end; true if it has. */
    public boolean awaitEnd(Duration timeout) throws InterruptedException {
        if (pid != null) {
            return pid.awaitExit(timeout).isPresent();
        }
        return thread.join(timeout);
    }

    /** Stops it and waits for its thread to end, at most {@code timeout}; true if it has. */
    public boolean stop(Duration timeout) throws InterruptedException {
        stop();
        return awaitEnd(timeout);
    }

    /**
     * Stops every worker (nulls skipped) and waits for their threads to end, then, for platform
     * threads, until the OS has ended them ({@link ProcStatus#awaitThreadsAtMost}), so that the next
     * run's timing does not pay for them; at most {@code timeout} for it all.
     */
    public static void stopAll(Worker[] workers, Duration timeout) throws InterruptedException {
        long platformThreads = Arrays.stream(workers).filter(w -> w != null && w.thread != null && !w.thread.isVirtual()).count();
        // the OS's count before any stops, read only when there is a platform thread to wait for
        long osThreads = platformThreads > 0 ? ProcStatus.threads() : -1;
        for (Worker w : workers) {
            if (w != null) {
                w.stop();
            }
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        for (Worker w : workers) {
            if (w != null) {
                w.awaitEnd(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            }
        }
        if (platformThreads > 0) {
            ProcStatus.awaitThreadsAtMost(osThreads - platformThreads, deadline);
        }
    }
}
