package dev.loomlab.bench;

import dev.loomlab.measure.Parked;
import dev.loomlab.process.Pid;
import dev.loomlab.process.ProcessBody;
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
 * <b>Claim: waking a hibernated process costs about one virtual-thread start, not more.</b>
 * A hibernated process keeps no thread; the next message starts a new virtual thread in the
 * function it hibernated in, as {@code erlang:hibernate/3} does. So its floor is a thread per
 * message, and its price against staying parked is that start.
 *
 * <p>One operation is one full cycle: a client sends to the echo, the echo wakes and answers,
 * the client receives, then waits until the echo has settled again (hibernated, parked, or its
 * thread ended), so every message meets a settled echo. Each invocation asks the client for
 * {@value #BATCH} cycles. "Settled" is what each unit lets the client see: a hibernating echo
 * marks itself hibernated before its old thread has quite ended, an awake one is settled only
 * once its thread is parked; so compare the units' allocation ({@code -prof gc}) more than their
 * time.
 *
 * <ul>
 *   <li>{@code process}: the echo hibernates after each answer and is woken by the next message.</li>
 *   <li>{@code processAwake}: the same echo staying in {@code receive}: what hibernating adds.</li>
 *   <li>{@code rawVirtualQueue}: the baseline, an echo virtual thread parked in {@code take()}.</li>
 *   <li>{@code rawVirtualThreadPerMessage}: a new virtual thread per message that answers and
 *       ends: the floor under hibernation.</li>
 * </ul>
 *
 * <p>Run: {@code ./loomlab bench HibernateWake -prof gc}. You should see process close to
 * rawVirtualThreadPerMessage, and both a little above rawVirtualQueue and processAwake: the
 * price of starting a thread instead of unparking one, paid for keeping no stack while idle.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class HibernateWake {

    static final int BATCH = 2_000;
    private static final Object PONG = "pong";

    /** Answers one message, then hibernates in itself again. */
    static final class HibernatingEcho implements ProcessBody {
        static final HibernatingEcho BODY = new HibernatingEcho();

        @Override
        public void run(Pid self) throws InterruptedException {
            if (self.receive() instanceof Pid from) {
                from.send(PONG);
                self.hibernate(this);
            }
        }
    }

    /** A client process and an echo process; the echo hibernates or stays awake. */
    public abstract static class ProcessPair {
        final LinkedTransferQueue<Object> done = new LinkedTransferQueue<>();
        Pid echo;
        Pid client;

        void start(boolean hibernating) {
            echo = hibernating
                    ? Processes.spawn(self -> self.hibernate(HibernatingEcho.BODY))
                    : Processes.spawn(self -> {
                        while (self.receive() instanceof Pid from) {
                            from.send(PONG);
                        }
                    });
            Pid e = echo;
            client = Processes.spawn(self -> {
                while (self.receive() instanceof Integer batch) {
                    for (int i = 0; i < batch; i++) {
                        e.send(self);
                        self.receive();
                        Units.yieldUntil(() -> hibernating ? e.isHibernated() : Parked.isParked(e.thread()),
                                "the echo settled");
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

    @State(Scope.Thread)
    public static class Hibernating extends ProcessPair {
        @Setup(Level.Trial)
        public void start() {
            start(true);
        }
    }

    @State(Scope.Thread)
    public static class Awake extends ProcessPair {
        @Setup(Level.Trial)
        public void start() {
            start(false);
        }
    }

    /** A raw client virtual thread with its queue; the echo depends on the kind. */
    public abstract static class RawClient {
        final LinkedTransferQueue<Object> done = new LinkedTransferQueue<>();
        final LinkedTransferQueue<Object> clientInbox = new LinkedTransferQueue<>();
        Thread client;
        /** The parked echo, or null when each message gets a thread of its own. */
        Thread echo;

        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            Units.stop(client, echo);
        }
    }

    /** The echo is a virtual thread parked in {@code take()} on its queue. */
    @State(Scope.Thread)
    public static class RawParked extends RawClient {
        final LinkedTransferQueue<Object> echoInbox = new LinkedTransferQueue<>();

        @Setup(Level.Trial)
        public void start() {
            Thread e = Units.virtual(() -> {
                while (echoInbox.take() == clientInbox) {
                    clientInbox.offer(PONG);
                }
            });
            echo = e;
            client = Units.virtual(() -> {
                while (clientInbox.take() instanceof Integer batch) {
                    for (int i = 0; i < batch; i++) {
                        echoInbox.offer(clientInbox);
                        clientInbox.take();
                        Units.yieldUntil(() -> Parked.isParked(e), "the echo parked");
                    }
                    done.offer(Units.DONE);
                }
            });
        }
    }

    /** Each message starts a virtual thread that answers and ends; the client joins it. */
    @State(Scope.Thread)
    public static class RawPerMessage extends RawClient {
        @Setup(Level.Trial)
        public void start() {
            client = Units.virtual(() -> {
                while (clientInbox.take() instanceof Integer batch) {
                    for (int i = 0; i < batch; i++) {
                        Thread answer = Thread.ofVirtual().start(() -> clientInbox.offer(PONG));
                        clientInbox.take();
                        if (!answer.join(Units.DEADLINE)) {
                            throw new IllegalStateException("a one-message thread did not end within " + Units.DEADLINE);
                        }
                    }
                    done.offer(Units.DONE);
                }
            });
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void process(Hibernating pair) throws InterruptedException {
        pair.client.send(BATCH);
        Units.awaitDone(pair.done, "a batch of wakes from hibernation");
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void processAwake(Awake pair) throws InterruptedException {
        pair.client.send(BATCH);
        Units.awaitDone(pair.done, "a batch of wakes of a parked process");
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void rawVirtualQueue(RawParked pair) throws InterruptedException {
        pair.clientInbox.offer(BATCH);
        Units.awaitDone(pair.done, "a batch of wakes of a parked virtual thread");
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void rawVirtualThreadPerMessage(RawPerMessage pair) throws InterruptedException {
        pair.clientInbox.offer(BATCH);
        Units.awaitDone(pair.done, "a batch of one-message virtual threads");
    }
}
