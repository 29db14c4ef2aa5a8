package dev.loomlab.bench;

import dev.loomlab.process.Pid;
import dev.loomlab.process.Processes;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * <b>Claim: one message to each of many parked processes costs what it costs to wake as many
 * raw virtual threads.</b>
 *
 * <p>One operation is one message delivered: each invocation sends one message to each of
 * {@value #SIZE} parked units and waits until the last has received its own. Every unit is
 * verified parked before the invocation starts ({@code Level.Invocation} setup, outside the
 * timing; a broadcast takes a millisecond or more). The sender is the benchmark's own platform
 * thread for every kind, so only the receivers differ. Unlike ping-pong and ring, the wake-ups
 * overlap: while the sender goes on sending, both carriers run the woken units.
 *
 * <ul>
 *   <li>{@code process}: toolkit processes in {@code receive}.</li>
 *   <li>{@code rawVirtualQueue}: the baseline, virtual threads in {@code take()} on their own queues.</li>
 *   <li>{@code rawVirtualPark}: virtual threads parked on a one-message {@link Slot} each.</li>
 *   <li>{@code rawPlatformQueue}: OS threads in {@code take()}.</li>
 * </ul>
 *
 * <p>Run: {@code ./loomlab bench Broadcast}. You should see under a microsecond per message for
 * virtual units, and platform threads several times that.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class Broadcast {

    static final int SIZE = 1_000;
    private static final Object MESSAGE = "hello";

    /** What every kind shares: how many have yet to receive, and the signal when none has. */
    @State(Scope.Thread)
    public abstract static class Receivers {
        final AtomicInteger remaining = new AtomicInteger();
        final LinkedTransferQueue<Object> done = new LinkedTransferQueue<>();

        void received() {
            if (remaining.decrementAndGet() == 0) {
                done.offer(Units.DONE);
            }
        }

        abstract Thread thread(int i);

        /** Every receiver parked again, the count reset: outside the timing. */
        @Setup(Level.Invocation)
        public void awaitParked() {
            remaining.set(SIZE);
            for (int i = 0; i < SIZE; i++) {
                Units.awaitParked(thread(i));
            }
        }
    }

    public static class ProcessReceivers extends Receivers {
        final Pid[] pids = new Pid[SIZE];

        @Setup(Level.Trial)
        public void start() {
            for (int i = 0; i < SIZE; i++) {
                pids[i] = Processes.spawn(self -> {
                    while (self.receive() == MESSAGE) {
                        received();
                    }
                });
            }
        }

        @Override
        Thread thread(int i) {
            return pids[i].thread();
        }

        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            Units.stop(pids);
        }
    }

    /** Raw threads, each taking from its own queue. */
    public abstract static class QueueReceivers extends Receivers {
        @SuppressWarnings("unchecked")
        final LinkedTransferQueue<Object>[] inboxes = new LinkedTransferQueue[SIZE];
        final Thread[] threads = new Thread[SIZE];

        void start(boolean virtual) {
            for (int i = 0; i < SIZE; i++) {
                LinkedTransferQueue<Object> inbox = new LinkedTransferQueue<>();
                inboxes[i] = inbox;
                Units.Loop loop = () -> {
                    while (inbox.take() == MESSAGE) {
                        received();
                    }
                };
                threads[i] = virtual ? Units.virtual(loop) : Units.platform(loop);
            }
        }

        @Override
        Thread thread(int i) {
            return threads[i];
        }

        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            Units.stop(threads);
        }
    }

    public static class VirtualQueueReceivers extends QueueReceivers {
        @Setup(Level.Trial)
        public void start() {
            start(true);
        }
    }

    public static class PlatformQueueReceivers extends QueueReceivers {
        @Setup(Level.Trial)
        public void start() {
            start(false);
        }
    }

    public static class VirtualSlotReceivers extends Receivers {
        final Slot[] slots = Slot.array(SIZE);

        @Setup(Level.Trial)
        public void start() {
            for (Slot slot : slots) {
                slot.startOwner(() -> {
                    while (slot.take() == MESSAGE) {
                        received();
                    }
                });
            }
        }

        @Override
        Thread thread(int i) {
            return slots[i].owner();
        }

        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            Thread[] owners = new Thread[SIZE];
            for (int i = 0; i < SIZE; i++) {
                owners[i] = slots[i].owner();
            }
            Units.stop(owners);
        }
    }

    @Benchmark
    @OperationsPerInvocation(SIZE)
    public void process(ProcessReceivers r) throws InterruptedException {
        for (Pid pid : r.pids) {
            pid.send(MESSAGE);
        }
        Units.awaitDone(r.done, "a broadcast to processes");
    }

    @Benchmark
    @OperationsPerInvocation(SIZE)
    public void rawVirtualQueue(VirtualQueueReceivers r) throws InterruptedException {
        for (LinkedTransferQueue<Object> inbox : r.inboxes) {
            inbox.offer(MESSAGE);
        }
        Units.awaitDone(r.done, "a broadcast to virtual threads");
    }

    @Benchmark
    @OperationsPerInvocation(SIZE)
    public void rawVirtualPark(VirtualSlotReceivers r) throws InterruptedException {
        for (Slot slot : r.slots) {
            slot.put(MESSAGE);
        }
        Units.awaitDone(r.done, "a broadcast to parked virtual threads");
    }

    @Benchmark
    @OperationsPerInvocation(SIZE)
    public void rawPlatformQueue(PlatformQueueReceivers r) throws InterruptedException {
        for (LinkedTransferQueue<Object> inbox : r.inboxes) {
            inbox.offer(MESSAGE);
        }
        Units.awaitDone(r.done, "a broadcast to platform threads");
    }
}
