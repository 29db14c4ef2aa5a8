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
 * <b>Claim: a send plus a receive costs what a concurrent queue's offer plus take costs.</b>
 * This isolates the mailbox itself: a unit sends a message to itself and receives it, so nothing
 * parks and no thread is woken. Waking is what {@link PingPong} and {@link RingHop} measure.
 *
 * <p>The benchmark thread cannot receive for a process (only the process itself can), so each
 * invocation asks the unit for {@value #BATCH} send-receive pairs and waits for its answer; the
 * one cross-thread wake per batch is spread over the batch (well under 1% of it).
 *
 * <ul>
 *   <li>{@code process}: {@code self.send(m); self.receive()} on a toolkit process: one CAS onto the
 *       mailbox's stack, one atomic take, a reversal, a node allocated per message.</li>
 *   <li>{@code rawVirtualQueue}: the baseline, {@code queue.offer(m); queue.take()} on a virtual thread.</li>
 *   <li>{@code rawPlatformQueue}: the same on a platform thread (nothing parks, so it should match).</li>
 * </ul>
 *
 * <p>Run: {@code ./loomlab bench SendReceive -prof gc}. You should see tens of nanoseconds per
 * pair for all three, and about one small node (16 to 32 bytes) allocated per message.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SendReceive {

    static final int BATCH = 100_000;
    private static final Object MESSAGE = "message";

    /** A toolkit process that runs a batch of send-receive pairs on each request. */
    @State(Scope.Thread)
    public static class OnProcess {
        final LinkedTransferQueue<Object> done = new LinkedTransferQueue<>();
        Pid pid;

        @Setup(Level.Trial)
        public void start() {
            pid = Processes.spawn(self -> {
                while (self.receive() instanceof Integer batch) {
                    for (int i = 0; i < batch; i++) {
                        self.send(MESSAGE);
                        self.receive();
                    }
                    done.offer(Units.DONE);
                }
            });
        }

        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            Units.stop(pid);
        }
    }

    /** A raw thread with its own queue that does the same. */
    public abstract static class OnThread {
        final LinkedTransferQueue<Object> done = new LinkedTransferQueue<>();
        final LinkedTransferQueue<Object> inbox = new LinkedTransferQueue<>();
        Thread thread;

        Units.Loop loop() {
            return () -> {
                while (inbox.take() instanceof Integer batch) {
                    for (int i = 0; i < batch; i++) {
                        inbox.offer(MESSAGE);
                        inbox.take();
                    }
                    done.offer(Units.DONE);
                }
            };
        }

        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            Units.stop(thread);
        }
    }

    @State(Scope.Thread)
    public static class OnVirtual extends OnThread {
        @Setup(Level.Trial)
        public void start() {
            thread = Units.virtual(loop());
        }
    }

    @State(Scope.Thread)
    public static class OnPlatform extends OnThread {
        @Setup(Level.Trial)
        public void start() {
            thread = Units.platform(loop());
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void process(OnProcess unit) throws InterruptedException {
        unit.pid.send(BATCH);
        Units.awaitDone(unit.done, "a batch of send-receive pairs on a process");
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void rawVirtualQueue(OnVirtual unit) throws InterruptedException {
        unit.inbox.offer(BATCH);
        Units.awaitDone(unit.done, "a batch of offer-take pairs on a virtual thread");
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void rawPlatformQueue(OnPlatform unit) throws InterruptedException {
        unit.inbox.offer(BATCH);
        Units.awaitDone(unit.done, "a batch of offer-take pairs on a platform thread");
    }
}
