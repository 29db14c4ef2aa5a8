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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * <b>Claim: a hop round a ring of toolkit processes costs what a hop round a ring of raw virtual
 * threads costs.</b> The target: within 1.3x of virtual threads on
 * {@code LinkedTransferQueue}s, measured in the same run.
 *
 * <p>One operation is one hop: a unit receives the token and sends it to the next, which was
 * parked. Unlike the ping-pong, the unit that wakes is a different one every hop, so the ring
 * also pays for cold caches; raise {@code -p size=10000} to see it grow. Each invocation sends
 * the token {@value #HOPS} hops and waits until the last unit says so.
 *
 * <ul>
 *   <li>{@code process}: a ring of toolkit processes.</li>
 *   <li>{@code rawVirtualQueue}: the baseline, virtual threads each taking from its own queue.</li>
 *   <li>{@code rawVirtualPark}: virtual threads with a one-message {@link Slot} each: the floor.</li>
 *   <li>{@code rawPlatformQueue}: OS threads on queues.</li>
 * </ul>
 *
 * <p>Run: {@code ./loomlab bench RingHop}. You should see a few hundred nanoseconds to a couple
 * of microseconds per hop for virtual units, and platform threads several times slower.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RingHop {

    static final int HOPS = 10_000;

    /** The token: hops left. Written by one unit, read by the next after the send between them. */
    static final class Token {
        long left;
    }

    /** The ring's size and its token, common to every kind. */
    @State(Scope.Thread)
    public abstract static class Ring {
        @Param("100")
        public int size;
        final Token token = new Token();
        final LinkedTransferQueue<Object> done = new LinkedTransferQueue<>();
    }

    public static class ProcessRing extends Ring {
        Pid[] ring;

        @Setup(Level.Trial)
        public void start() {
            ring = new Pid[size];
            for (int i = 0; i < size; i++) {
                int next = (i + 1) % size;
                ring[i] = Processes.spawn(self -> {
                    while (self.receive() instanceof Token t) {
                        if (--t.left == 0) {
                            done.offer(Units.DONE);
                        } else {
                            ring[next].send(t);
                        }
                    }
                });
            }
        }

        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            Units.stop(ring);
        }
    }

    /** Raw threads, each taking from its own queue. */
    public abstract static class QueueRing extends Ring {
        LinkedTransferQueue<Object>[] inboxes;
        Thread[] threads;

        @SuppressWarnings("unchecked")
        void start(boolean virtual) {
            inboxes = new LinkedTransferQueue[size];
            threads = new Thread[size];
            for (int i = 0; i < size; i++) {
                inboxes[i] = new LinkedTransferQueue<>();
            }
            for (int i = 0; i < size; i++) {
                LinkedTransferQueue<Object> inbox = inboxes[i];
                LinkedTransferQueue<Object> next = inboxes[(i + 1) % size];
                Units.Loop loop = () -> {
                    while (inbox.take() instanceof Token t) {
                        if (--t.left == 0) {
                            done.offer(Units.DONE);
                        } else {
                            next.offer(t);
                        }
                    }
                };
                threads[i] = virtual ? Units.virtual(loop) : Units.platform(loop);
            }
        }

        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            Units.stop(threads);
        }
    }

    public static class VirtualQueueRing extends QueueRing {
        @Setup(Level.Trial)
        public void start() {
            start(true);
        }
    }

    public static class PlatformQueueRing extends QueueRing {
        @Setup(Level.Trial)
        public void start() {
            start(false);
        }
    }

    public static class VirtualSlotRing extends Ring {
        Slot[] slots;

        @Setup(Level.Trial)
        public void start() {
            slots = Slot.array(size);
            for (int i = 0; i < size; i++) {
                Slot mine = slots[i];
                Slot next = slots[(i + 1) % size];
                mine.startOwner(() -> {
                    while (mine.take() instanceof Token t) {
                        if (--t.left == 0) {
                            done.offer(Units.DONE);
                        } else {
                            next.put(t);
                        }
                    }
                });
            }
        }

        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            Thread[] owners = new Thread[size];
            for (int i = 0; i < size; i++) {
                owners[i] = slots[i].owner();
            }
            Units.stop(owners);
        }
    }

    @Benchmark
    @OperationsPerInvocation(HOPS)
    public void process(ProcessRing r) throws InterruptedException {
        r.token.left = HOPS;
        r.ring[0].send(r.token);
        Units.awaitDone(r.done, "the token round a ring of processes");
    }

    @Benchmark
    @OperationsPerInvocation(HOPS)
    public void rawVirtualQueue(VirtualQueueRing r) throws InterruptedException {
        r.token.left = HOPS;
        r.inboxes[0].offer(r.token);
        Units.awaitDone(r.done, "the token round a ring of virtual threads");
    }

    @Benchmark
    @OperationsPerInvocation(HOPS)
    public void rawVirtualPark(VirtualSlotRing r) throws InterruptedException {
        r.token.left = HOPS;
        r.slots[0].put(r.token);
        Units.awaitDone(r.done, "the token round a ring of parked virtual threads");
    }

    @Benchmark
    @OperationsPerInvocation(HOPS)
    public void rawPlatformQueue(PlatformQueueRing r) throws InterruptedException {
        r.token.left = HOPS;
        r.inboxes[0].offer(r.token);
        Units.awaitDone(r.done, "the token round a ring of platform threads");
    }
}
