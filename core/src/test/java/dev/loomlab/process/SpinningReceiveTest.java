package dev.loomlab.process;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.NoLeaks;
import dev.loomlab.measure.Parked;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The receive that spins before it parks ({@link Mailbox#spinNow()}): every process spins at its
 * 256th wait at the latest, so conversations longer than that take the spin path, whether the
 * spin catches the message or not. Behaviour only, no timings.
 */
@ExtendWith(NoLeaks.class)
class SpinningReceiveTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void twoClientsTalkingToOneEchoGetEveryReplyInTheirOwnOrder() throws Exception {
        int rounds = 5_000;
        AtomicLong wrong = new AtomicLong();
        Pid echo = Processes.spawn(self -> {
            while (true) {
                Object[] m = (Object[]) self.receive();
                ((Pid) m[0]).send(m[1]);
            }
        });
        Pid[] clients = new Pid[2];
        for (int c = 0; c < clients.length; c++) {
            clients[c] = Processes.spawn(self -> {
                for (long i = 0; i < rounds; i++) {
                    echo.send(new Object[] {self, i});
                    if ((Long) self.receive() != i) {
                        wrong.incrementAndGet();
                    }
                }
            });
        }
        for (Pid client : clients) {
            assertThat(client.awaitExit(WAIT)).contains(ExitReason.NORMAL);
        }
        assertThat(wrong.get()).isZero();
        echo.kill();
        assertThat(echo.awaitExit(WAIT)).contains(ExitReason.KILLED);
    }

    @Test
    void aSpinThatCatchesNothingParksAndTheNextMessageStillWakesIt() throws Exception {
        int messages = 600; // more than 256 waits: several spins, each with nothing to catch
        AtomicLong outOfOrder = new AtomicLong();
        AtomicLong received = new AtomicLong();
        Pid receiver = Processes.spawn(self -> {
            for (long i = 0; i < messages; i++) {
                if ((Long) self.receive() != i) {
                    outOfOrder.incrementAndGet();
                }
                received.incrementAndGet();
            }
        });
        Thread thread = receiver.thread();
        for (long i = 0; i < messages; i++) {
            // send only once the receiver waits for it: its spin, if it spun, caught nothing
            Parked.awaitAll(1, k -> thread, WAIT);
            receiver.send(i);
            awaitCount(received, i + 1);
        }
        assertThat(receiver.awaitExit(WAIT)).contains(ExitReason.NORMAL);
        assertThat(outOfOrder.get()).isZero();
        assertThat(thread.join(WAIT)).isTrue();
    }

    @Test
    void aKillInTheMiddleOfAFastConversationEndsBothAndTheirThreads() throws Exception {
        AtomicLong rounds = new AtomicLong();
        Pid echo = Processes.spawn(self -> {
            while (true) {
                ((Pid) self.receive()).send(self);
            }
        });
        Pid client = Processes.spawn(self -> {
            while (true) {
                echo.send(self);
                self.receive();
                rounds.incrementAndGet();
            }
        });
        awaitCount(rounds, 2_000); // past the first spins
        Thread echoThread = echo.thread();
        Thread clientThread = client.thread();
        client.kill();
        echo.kill();
        assertThat(client.awaitExit(WAIT)).contains(ExitReason.KILLED);
        assertThat(echo.awaitExit(WAIT)).contains(ExitReason.KILLED);
        assertThat(clientThread.join(WAIT)).isTrue();
        assertThat(echoThread.join(WAIT)).isTrue();
    }

    @Test
    void anInterruptThatIsNotAKillIsAnInterruptedExceptionInReceive() throws Exception {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Pid pid = Processes.spawn(self -> {
            try {
                self.receive();
            } catch (InterruptedException e) {
                thrown.set(e);
            }
        });
        Thread thread = pid.thread();
        Parked.awaitAll(1, k -> thread, WAIT);
        thread.interrupt();
        assertThat(pid.awaitExit(WAIT)).contains(ExitReason.NORMAL);
        assertThat(thrown.get()).isInstanceOf(InterruptedException.class);
    }

    private static void awaitCount(AtomicLong count, long atLeast) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (count.get() < atLeast) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("only " + count.get() + " of " + atLeast + " within " + WAIT);
            }
            Thread.sleep(1);
        }
    }
}
