package dev.loomlab.experiment;

import dev.loomlab.measure.Parked;
import dev.loomlab.measure.ProcStatus;
import dev.loomlab.process.Pid;
import dev.loomlab.process.Processes;
import java.time.Duration;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.TimeoutException;

/**
 * {@code n} idle units of one {@link Kind}, each waiting for one message: toolkit processes in
 * {@code receive}, or raw virtual or platform threads in {@code LinkedTransferQueue.take()}.
 * Closing stops them all and waits for their threads to end, platform threads until the OS has
 * ended them; nothing outlives it.
 */
public final class IdleGroup implements AutoCloseable {

    /** The message that ends an idle unit. */
    static final Object STOP = new Object() {
        @Override
        public String toString() {
            return "stop";
        }
    };

    private final Kind kind;
    private final int n;
    private final Pid[] pids;
    private final Thread[] threads;
    private final LinkedTransferQueue<Object>[] queues;
    private int started;
    private long spawnNanos;
    private long parkedNanos;

    private final long platformStackBytes;

    @SuppressWarnings("unchecked")
    private IdleGroup(Kind kind, int n, long platformStackBytes) {
        this.kind = kind;
        this.n = n;
        this.platformStackBytes = platformStackBytes;
        this.pids = kind == Kind.PROCESS ? new Pid[n] : null;
        this.threads = kind == Kind.PROCESS ? null : new Thread[n];
        this.queues = kind == Kind.PROCESS ? null : new LinkedTransferQueue[n];
    }

    /**
     * Starts {@code n} idle units and waits until every one is parked.
     *
     * @throws TimeoutException if they are not all parked within {@code deadline}; the started
     *                          ones are stopped first
     */
    public static IdleGroup start(Kind kind, int n, Duration deadline) throws TimeoutException, InterruptedException {
        return start(kind, n, 0, deadline);
    }

    /**
     * As {@link #start(Kind, int, Duration)}, with platform threads created with a stack of
     * {@code platformStackBytes} (0: the JVM's default, {@code -Xss}); the OS may round it up.
     */
    public static IdleGroup start(Kind kind, int n, long platformStackBytes, Duration deadline)
            throws TimeoutException, InterruptedException {
        if (n < 1) {
            throw new IllegalArgumentException("n must be at least 1, got " + n);
        }
        if (kind == Kind.BEAM) {
            throw new IllegalArgumentException("BEAM processes cannot live in this JVM: measure them in a fresh BEAM VM (--kind beam)");
        }
        if (kind.actors()) {
            throw new IllegalArgumentException(kind.label() + " actors run in a fresh JVM that loads the " + kind.module().orElse("")
                    + " module: measure them with spawn(n, Kind." + kind.name() + ") or --kind " + kind.label() + " (ActorGroup starts them there)");
        }
        if (platformStackBytes < 0) {
            throw new IllegalArgumentException("a stack size cannot be negative: " + platformStackBytes);
        }
        IdleGroup group = new IdleGroup(kind, n, platformStackBytes);
        try {
            group.spawnAll();
            group.parkedNanos = Parked.awaitAll(n, group::thread, deadline);
            return group;
        } catch (Throwable t) {
            group.close();
            throw t;
        }
    }

    private void spawnAll() {
        long start = System.nanoTime();
        switch (kind) {
            case PROCESS -> {
                for (int i = 0; i < n; i++) {
                    pids[i] = Processes.spawn(self -> self.receive());
                    started++;
                }
            }
            case VIRTUAL, PLATFORM -> {
                Thread.Builder builder = kind == Kind.VIRTUAL ? Thread.ofVirtual()
                        : Thread.ofPlatform().daemon(true).stackSize(platformStackBytes);
                for (int i = 0; i < n; i++) {
                    LinkedTransferQueue<Object> queue = new LinkedTransferQueue<>();
                    queues[i] = queue;
                    threads[i] = builder.start(() -> {
                        try {
                            queue.take();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    });
                    started++;
                }
            }
        }
        spawnNanos = System.nanoTime() - start;
    }

    /** The thread of unit {@code i}. */
    Thread thread(int i) {
        return kind == Kind.PROCESS ? pids[i].thread() : threads[i];
    }

    /** The process of unit {@code i}, for kind process. */
    public Pid pid(int i) {
        return pids[i];
    }

    public Kind kind() {
        return kind;
    }

    public int size() {
        return n;
    }

    /** Time spent in the spawn loop alone, as the articles time {@code spawn}. */
    public long spawnNanos() {
        return spawnNanos;
    }

    /** Time from the end of the spawn loop until every unit was verified parked. */
    public long parkedNanos() {
        return parkedNanos;
    }

    /**
     * Stops every unit and waits for its thread to end (at most 30 s in all, then interrupts); for
     * platform threads, then until the OS has ended them, so that a reading taken next does not count
     * a stack still being released ({@link ProcStatus#awaitThreadsAtMost}).
     */
    @Override
    public void close() throws InterruptedException {
        // as Worker.stopAll: the OS's count before any stops, less the platform threads to stop
        long osThreadsAfter = kind == Kind.PLATFORM && started > 0 ? ProcStatus.threads() - started : -1;
        for (int i = 0; i < started; i++) {
            if (kind == Kind.PROCESS) {
                pids[i].send(STOP);
            } else {
                queues[i].offer(STOP);
            }
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        for (int i = 0; i < started; i++) {
            Thread t = thread(i);
            if (kind == Kind.PROCESS) {
                if (pids[i].awaitExit(Duration.ofNanos(Math.max(1, deadline - System.nanoTime()))).isEmpty()) {
                    pids[i].kill();
                    pids[i].awaitExit(Duration.ofSeconds(5));
                }
            } else if (t != null && !t.join(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())))) {
                t.interrupt();
                t.join(Duration.ofSeconds(5));
            }
        }
        if (kind == Kind.PLATFORM && started > 0) {
            ProcStatus.awaitThreadsAtMost(osThreadsAfter, Math.min(deadline, System.nanoTime() + Duration.ofSeconds(10).toNanos()));
        }
        started = 0;
    }
}
