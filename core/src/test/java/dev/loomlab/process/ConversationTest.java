package dev.loomlab.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import dev.loomlab.NoLeaks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The receive paths a conversation takes: replies that come at once or after a park, and timeouts
 * and kills in between. Behaviour only, no timings.
 */
@ExtendWith(NoLeaks.class)
class ConversationTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @Test
    void aPingPongGetsEveryReplyInOrder() throws Exception {
        int rounds = 20_000;
        AtomicLong wrong = new AtomicLong();
        Pid echo = Processes.spawn(self -> {
            while (true) {
                Object[] m = (Object[]) self.receive();
                ((Pid) m[0]).send(m[1]);
            }
        });
        Pid client = Processes.spawn(self -> {
            for (long i = 0; i < rounds; i++) {
                echo.send(new Object[] {self, i});
                if ((Long) self.receive() != i) {
                    wrong.incrementAndGet();
                }
            }
        });
        assertThat(client.awaitExit(WAIT)).contains(ExitReason.NORMAL);
        assertThat(wrong.get()).isZero();
        echo.kill();
        assertThat(echo.awaitExit(WAIT)).contains(ExitReason.KILLED);
    }

    @Test
    void aConversationThatPausesStillTimesOutAndThenReceives() throws Exception {
        List<Optional<Object>> got = new CopyOnWriteArrayList<>();
        Pid pid = Processes.spawn(self -> {
            for (int i = 0; i < 50; i++) { // messages already queued: no park
                self.send(i);
                got.add(self.receive(Duration.ofSeconds(5)));
            }
            got.add(self.receive(Duration.ofMillis(30))); // nothing comes: empty after the timed park
            got.add(self.receive(Duration.ofSeconds(5)));
        });
        Thread.sleep(200);
        pid.send("late");
        assertThat(pid.awaitExit(WAIT)).contains(ExitReason.NORMAL);
        assertThat(got).hasSize(52);
        assertThat(got.get(50)).isEmpty();
        assertThat(got.get(51)).contains("late");
    }

    @Test
    void aKillReachesAProcessWaitingBetweenQuickReplies() throws Exception {
        Pid echo = Processes.spawn(self -> {
            while (true) {
                ((Pid) self.receive()).send("pong");
            }
        });
        Pid client = Processes.spawn(self -> {
            for (int i = 0; i < 1_000; i++) {
                echo.send(self);
                self.receive();
            }
            self.receive(); // waits until killed
        });
        Thread.sleep(100);
        client.kill();
        echo.kill();
        assertThat(client.awaitExit(WAIT)).contains(ExitReason.KILLED);
        assertThat(echo.awaitExit(WAIT)).contains(ExitReason.KILLED);
    }

    @Test
    void aPidIsItsThreadsEntryPointAndNothingElseMayRunIt() throws Exception {
        Pid pid = Processes.spawn(self -> self.receive());
        assertThatThrownBy(pid::run).isInstanceOf(IllegalStateException.class).hasMessageContaining("Processes.spawn");
        assertThat(pid.isAlive()).isTrue();
        pid.send("done");
        assertThat(pid.awaitExit(WAIT)).contains(ExitReason.NORMAL);
    }
}
