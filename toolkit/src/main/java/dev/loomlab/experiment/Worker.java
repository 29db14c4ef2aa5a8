package dev.loomlab.experiment;

import dev.loomlab.process.Pid;
import dev.loomlab.process.Processes;
import java.time.Duration;
import java.util.concurrent.LinkedTransferQueue;

/**
 * One concurrent unit of a {@link Kind} running a receive loop, so that ring, broadcast and
 * ping-pong are written once and run the same way on toolkit processes and on the raw baselines
 * (a virtual or platform thread taking from its own {@code LinkedTransferQueue}).
 */
final class Worker {

    /** The body of a worker: it takes messages from {@code inbox} until it returns. */
    @FunctionalInterface
    interface Loop {
        void run(Inbox inbox) throws Exception;
    }

    /** Where a worker's messages come from. */
    @FunctionalInterface
    interface Inbox {
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

    static Worker start(Kind kind, Loop loop) {
        if (kind == Kind.PROCESS) {
            return new Worker(Processes.spawn(self -> loop.run(self::receive)), null, null);
        }
        LinkedTransferQueue<Object> queue = new LinkedTransferQueue<>();
        Thread.Builder builder = kind == Kind.VIRTUAL ? Thread.ofVirtual() : Thread.ofPlatform().daemon(true);
        Thread thread = builder.start(() -> {
            try {
                loop.run(queue::take);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        return new Worker(null, queue, thread);
    }

    /** Sends without blocking. */
    void send(Object message) {
        if (pid != null) {
            pid.send(message);
        } else {
            queue.offer(message);
        }
    }

    /** The thread running it now (null for a hibernated process). */
    Thread thread() {
        return pid != null ? pid.thread() : thread;
    }

    /** Stops it at its next wait and waits for its thread to end, at most {@code timeout}. */
    boolean stop(Duration timeout) throws InterruptedException {
        if (pid != null) {
            pid.kill();
            return pid.awaitExit(timeout).isPresent();
        }
        thread.interrupt();
        return thread.join(timeout);
    }

    /** Stops every worker; at most {@code timeout} for them all. */
    static void stopAll(Worker[] workers, Duration timeout) throws InterruptedException {
        for (Worker w : workers) {
            if (w != null) {
                if (w.pid != null) {
                    w.pid.kill();
                } else {
                    w.thread.interrupt();
                }
            }
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        for (Worker w : workers) {
            if (w != null) {
                w.stop(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            }
        }
    }
}
