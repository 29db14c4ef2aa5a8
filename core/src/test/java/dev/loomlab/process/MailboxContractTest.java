package dev.loomlab.process;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.NoLeaks;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The mailbox's contract (see {@link Pid}), under many senders at once: nothing lost or
 * duplicated, per-sender FIFO, a sender's plain writes visible to the receiver, and selective
 * receive that skips without reordering. Each test runs many rounds, has a deadline, and asserts
 * no timing.
 */
@ExtendWith(NoLeaks.class)
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class MailboxContractTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final int SENDERS = 4 * Math.max(2, Runtime.getRuntime().availableProcessors());

    /** One message: who sent it and its place in that sender's sequence. */
    record Msg(int sender, int seq) {}

    /**
     * A message whose fields are plain (not final, not volatile) and written after construction:
     * only the happens-before edge of send/receive makes them visible to the receiver.
     */
    static final class Plain {
        int sender;
        int seq;
        long check;
        int[] payload;
    }

    @Test
    void manySendersAtOnceEachInOrderNothingLostNothingDuplicated() throws Exception {
        int perSender = 5_000;
        rounds(20, perSender, (self, fail) -> {
            int[] next = new int[SENDERS];
            for (int i = 0; i < SENDERS * perSender; i++) {
                Msg m = (Msg) self.receive(WAIT).orElseThrow(() -> new AssertionError("a message never came"));
                if (m.seq() != next[m.sender()]) {
                    fail.accept("sender " + m.sender() + ": got " + m.seq() + ", expected " + next[m.sender()]);
                }
                next[m.sender()] = m.seq() + 1;
            }
            if (self.receive(Duration.ofMillis(1)).isPresent()) {
                fail.accept("a message more than was sent");
            }
        }, (receiver, sender, seq) -> receiver.send(new Msg(sender, seq)));
    }

    @Test
    void whatASenderWroteBeforeSendIsVisibleAfterReceive() throws Exception {
        int perSender = 3_000;
        rounds(20, perSender, (self, fail) -> {
            for (int i = 0; i < SENDERS * perSender; i++) {
                Plain p = (Plain) self.receive(WAIT).orElseThrow(() -> new AssertionError("a message never came"));
                String wrong = p.payload == null ? "payload not visible"
                        : p.check != ((long) p.sender << 32 | p.seq) ? "fields not visible: " + p.check
                        : p.payload[p.payload.length - 1] != p.seq ? "array element not visible" : null;
                if (wrong != null) {
                    fail.accept(wrong + " (sender " + p.sender + ", seq " + p.seq + ")");
                }
            }
        }, (receiver, sender, seq) -> {
            Plain p = new Plain();
            p.sender = sender;
            p.seq = seq;
            p.check = (long) sender << 32 | seq;
            int[] payload = new int[8];
            payload[7] = seq;
            p.payload = payload;
            receiver.send(p);
        });
    }

    @Test
    void selectiveReceiveUnderContentionTakesEachSendersMessagesInOrderAndKeepsTheRest() throws Exception {
        int perSender = 400;
        rounds(10, perSender, (self, fail) -> {
            int[] next = new int[SENDERS];
            // round-robin over senders, each receive skipping the other senders' messages
            for (int i = 0; i < SENDERS * perSender; i++) {
                int s = i % SENDERS;
                Msg m = self.receive(Msg.class, x -> x.sender() == s, WAIT)
                        .orElseThrow(() -> new AssertionError("sender " + s + "'s message never came"));
                if (m.seq() != next[s]) {
                    fail.accept("sender " + s + ": got " + m.seq() + ", expected " + next[s]);
                }
                next[s]++;
                // noise of another type is skipped every time and stays queued, in order
            }
            List<Object> noise = new ArrayList<>();
            for (Object o; (o = self.receive(Duration.ofMillis(1)).orElse(null)) != null; ) {
                noise.add(o);
            }
            if (noise.size() != SENDERS) {
                fail.accept("expected one noise message per sender, got " + noise);
            }
        }, (receiver, sender, seq) -> {
            if (seq == perSender / 2) {
                receiver.send("noise from " + sender);
            }
            receiver.send(new Msg(sender, seq));
        });
    }

    /** The receiver's side of a round: receives everything, reports the first broken rule to {@code fail}. */
    interface Receive {
        void run(Pid self, Consumer<String> fail) throws Exception;
    }

    /** One sender's {@code seq}-th send to {@code receiver}. */
    interface Send {
        void send(Pid receiver, int sender, int seq);
    }

    /**
     * {@code rounds} times: a receiver process, and {@link #SENDERS} platform threads released
     * together, each sending {@code perSender} messages to it; the receiver must end normally and
     * find the contract kept.
     */
    private static void rounds(int rounds, int perSender, Receive receive, Send send) throws Exception {
        for (int round = 0; round < rounds; round++) {
            AtomicReference<String> failure = new AtomicReference<>();
            Pid receiver = Processes.spawn(self -> receive.run(self, f -> failure.compareAndSet(null, f)));
            CyclicBarrier start = new CyclicBarrier(SENDERS);
            List<Thread> threads = new ArrayList<>();
            for (int s = 0; s < SENDERS; s++) {
                int sender = s;
                threads.add(Thread.ofPlatform().name("sender-" + s).start(() -> {
                    try {
                        start.await(10, TimeUnit.SECONDS);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                    for (int seq = 0; seq < perSender; seq++) {
                        send.send(receiver, sender, seq);
                    }
                }));
            }
            for (Thread t : threads) {
                assertThat(t.join(WAIT)).as("sender %s finished", t.getName()).isTrue();
            }
            assertThat(receiver.awaitExit(WAIT)).as("round %d", round).contains(ExitReason.NORMAL);
            assertThat(failure.get()).as("round %d", round).isNull();
        }
    }
}
