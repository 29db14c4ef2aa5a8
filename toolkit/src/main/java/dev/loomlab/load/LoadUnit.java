package dev.loomlab.load;

import dev.loomlab.process.Pid;
import dev.loomlab.process.Processes;
import java.time.Duration;
import java.util.concurrent.LinkedTransferQueue;

/**
 * One concurrent unit of the load experiment (a loop, the echo or the client), run as its kind
 * says: a toolkit process, a platform thread, or a virtual thread taking from its own
 * {@code LinkedTransferQueue}.
 *
 * <p>Concurrency: {@link #send} and {@link #stop} may be called from any thread and never block.
 * A stopped unit ends at its next {@code take()}; a loop that never takes ends only through the
 * stop flag it polls.
 */
final class LoadUnit {

    /** The code a unit runs; {@code inbox} is its own. */
    @FunctionalInterface
    interface Body {
        void run(Inbox inbox) throws Exception;
    }

    /** Where a unit's messages come from. */
    @FunctionalInterface
    interface Inbox {
        Object take() throws InterruptedException;
    }

    private final Pid pid;
    private final Thread thread;
    private final LinkedTransferQueue<Object> queue;

    private LoadUnit(Pid pid, Thread thread, LinkedTransferQueue<Object> queue) {
        this.pid = pid;
        this.thread = thread;
        this.queue = queue;
    }

    /** Starts {@code body} as a unit of {@code kind} named {@code name} (for thread dumps). */
    static LoadUnit start(LoadKind kind, String name, Body body) {
        if (kind == LoadKind.PROCESS) {
            return new LoadUnit(Processes.spawn(self -> body.run(self::receive)), null, null);
        }
        LinkedTransferQueue<Object> queue = new LinkedTransferQueue<>();
        Thread.Builder builder = kind == LoadKind.PLATFORM
                ? Thread.ofPlatform().daemon(true).name("loomlab-load-" + name)
                : Thread.ofVirtual().name("loomlab-load-" + name);
        Thread thread = builder.start(() -> {
            try {
                body.run(queue::take);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // stopped: end quietly
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        return new LoadUnit(null, thread, queue);
    }

    /** Sends without blocking. */
    void send(Object message) {
        if (pid != null) {
            pid.send(message);
        } else {
            queue.offer(message);
        }
    }

    /** Asks the unit to end at its next wait. */
    void stop() {
        if (pid != null) {
            pid.kill();
        } else {
            thread.interrupt();
        }
    }

    /** Waits at most {@code timeout} for the unit to end; true if it has. */
    boolean awaitEnd(Duration timeout) throws InterruptedException {
        if (pid != null) {
            return pid.awaitExit(timeout).isPresent();
        }
        return thread.join(timeout);
    }
}
