package dev.loomlab.bench;

import dev.loomlab.process.Pid;
import dev.loomlab.process.Processes;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.TimeUnit;
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
 * <b>Claim: a round trip between two toolkit processes costs what one between two raw virtual
 * threads costs.</b> The target: within 1.3x of two virtual threads on
 * {@code LinkedTransferQueue}s, measured in the same run.
 *
 * <p>One operation is one round trip: a client sends itself to an echo, the echo answers, the
 * client receives. Both wait in between, so each round trip is two wake-ups of a parked thread.
 * Each invocation asks the client for {@value #BATCH} of them and waits for its answer.
 *
 * <ul>
 *   <li>{@code process}: two toolkit processes, {@code send} and {@code receive}.</li>
 *   <li>{@code rawVirtualQueue}: the baseline, two virtual threads, each taking from its own queue.</li>
 *   <li>{@code rawVirtualPark}: two virtual threads handing one message over through a {@link Slot}:
 *       a volatile write and {@code unpark}, the floor under any mailbox.</li>
 *   <li>{@code rawPlatformQueue}: two OS threads on queues: each wake-up is a futex and a context switch.</li>
 * </ul>
 *
 * <p>Run: {@code ./loomlab bench PingPong}. You should see virtual units at a few hundred
 * nanoseconds to a few microseconds per round trip, and platform threads several times slower.
 * A queue that spins briefly before it parks (as {@code LinkedTransferQueue.take()} does) can
 * catch a quick answer without parking at all: compare rawVirtualQueue with rawVirtualPark.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class PingPong {

    static final int BATCH = 5_000;
    private static final Object PONG = "pong";

    @State(Scope.Thread)
    public static class ProcessPair {
        final LinkedTransferQueue<Object> done = new LinkedTransferQueue<>();
        Pid echo;
        Pid client;

        @Setup(Level.Trial)
        public void start() {
            echo = Processes.spawn(self -> {
                while (self.receive() instanceof Pid from) {
                    from.send(PONG);
                }
            });
            client = Processes.spawn(self -> {
                while (self.receive() instanceof Integer batch) {
                    for (int i = 0; i < batch; i++) {
                        echo.send(self);
                        self.receive();
                    }
                    done.offer(Units.DONE);
                }
            });
        }

        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            Units.stop(client, echo);
        }
    }

    /** Two raw threads, each taking from its own queue. */
    public abstract static class QueuePair {
        final LinkedTransferQueue<Object> done = new LinkedTransferQueue<>();
        final LinkedTransferQueue<Object> echoInbox = new LinkedTransferQueue<>();
        final LinkedTransferQueue<Object> clientInbox = new LinkedTransferQueue<>();
        Thread echo;
        Thread client;

        @SuppressWarnings("unchecked")
        Units.Loop echoLoop() {
            return () -> {
                while (echoInbox.take() instanceof LinkedTransferQueue<?> from) {
                    ((LinkedTransferQueue<Object>) from).offer(PONG);
                }
            };
        }

        Units.Loop clientLoop() {
            return () -> {
                while (clientInbox.take() instanceof Integer batch) {
                    for (int i = 0; i < batch; i++) {
                        echoInbox.offer(clientInbox);
                        clientInbox.take();
                    }
                    done.offer(Units.DONE);
                }
            };
        }

        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            Units.stop(client, echo);
        }
    }

    @State(Scope.Thread)
    public static class VirtualQueuePair extends QueuePair {
        @Setup(Level.Trial)
        public void start() {
            echo = Units.virtual(echoLoop());
            client = Units.virtual(clientLoop());
        }
    }

    @State(Scope.Thread)
    public static class PlatformQueuePair extends QueuePair {
        @Setup(Level.Trial)
        public void start() {
            echo = Units.platform(echoLoop());
            client = Units.platform(clientLoop());
        }
    }

    /** Two virtual threads with a one-message slot each: slot 0 the echo's, slot 1 the client's. */
    @State(Scope.Thread)
    public static class VirtualSlotPair {
        final LinkedTransferQueue<Object> done = new LinkedTransferQueue<>();
        Slot[] slots;

        @Setup(Level.Trial)
        public void start() {
            slots = Slot.array(2);
            slots[0].startOwner(() -> {
                while (slots[0].take() instanceof Slot from) {
                    from.put(PONG);
                }
            });
            slots[1].startOwner(() -> {
                while (slots[1].take() instanceof Integer batch) {
                    for (int k = 0; k < batch; k++) {
                        slots[0].put(slots[1]);
                        slots[1].take();
                    }
                    done.offer(Units.DONE);
                }
            });
        }

        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            Units.stop(slots[0].owner(), slots[1].owner());
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void process(ProcessPair pair) throws InterruptedException {
        pair.client.send(BATCH);
        Units.awaitDone(pair.done, "a batch of process round trips");
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void rawVirtualQueue(VirtualQueuePair pair) throws InterruptedException {
        pair.clientInbox.offer(BATCH);
        Units.awaitDone(pair.done, "a batch of virtual-thread round trips");
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void rawVirtualPark(VirtualSlotPair pair) throws InterruptedException {
        pair.slots[1].put(BATCH);
        Units.awaitDone(pair.done, "a batch of park/unpark round trips");
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void rawPlatformQueue(PlatformQueuePair pair) throws InterruptedException {
        pair.clientInbox.offer(BATCH);
        Units.awaitDone(pair.done, "a batch of platform-thread round trips");
    }
}
