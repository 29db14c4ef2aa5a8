package dev.loomlab.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.NoLeaks;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The process model's contract: order, timeouts, selective receive, exits, self-only calls. */
@ExtendWith(NoLeaks.class)
class PidTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    @Test
    void messagesFromOneSenderArriveInTheOrderSent() throws Exception {
        int perSender = 10_000;
        List<Object> got = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(1);
        Pid receiver = Processes.spawn(self -> {
            for (int i = 0; i < 2 * perSender; i++) {
                got.add(self.receive());
            }
            done.countDown();
        });
        Thread a = Thread.ofPlatform().start(() -> { for (int i = 0; i < perSender; i++) receiver.send("a" + i); });
        Thread b = Thread.ofVirtual().start(() -> { for (int i = 0; i < perSender; i++) receiver.send("b" + i); });
        a.join();
        b.join();
        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(got.stream().filter(m -> ((String) m).startsWith("a")).toList())
                .containsExactlyElementsOf(sequence("a", perSender));
        assertThat(got.stream().filter(m -> ((String) m).startsWith("b")).toList())
                .containsExactlyElementsOf(sequence("b", perSender));
        assertThat(receiver.awaitExit(WAIT)).contains(ExitReason.NORMAL);
    }

    @Test
    void receiveWithATimeoutReturnsEmptyWhenNothingComes() throws Exception {
        List<Optional<Object>> got = new CopyOnWriteArrayList<>();
        Pid pid = Processes.spawn(self -> got.add(self.receive(Duration.ofMillis(50))));
        assertThat(pid.awaitExit(WAIT)).contains(ExitReason.NORMAL);
        assertThat(got).containsExactly(Optional.empty());
    }

    @Test
    void receiveWithATimeoutReturnsAMessageSentBeforeTheDeadline() throws Exception {
        List<Optional<Object>> got = new CopyOnWriteArrayList<>();
        Pid pid = Processes.spawn(self -> got.add(self.receive(Duration.ofSeconds(10))));
        pid.send("hello");
        assertThat(pid.awaitExit(WAIT)).contains(ExitReason.NORMAL);
        assertThat(got).containsExactly(Optional.of("hello"));
    }

    @Test
    void selectiveReceiveSkipsNonMatchingMessagesAndKeepsTheirOrder() throws Exception {
        List<Object> got = new CopyOnWriteArrayList<>();
        CountDownLatch sent = new CountDownLatch(1);
        Pid pid = Processes.spawn(self -> {
            sent.await();
            got.add(self.receive(Integer.class, i -> i > 1, WAIT).orElseThrow());
            got.add(self.receive());
            got.add(self.receive());
            got.add(self.receive());
        });
        pid.send("first");
        pid.send(1);
        pid.send(2);
        pid.send("last");
        sent.countDown();
        assertThat(pid.awaitExit(WAIT)).contains(ExitReason.NORMAL);
        assertThat(got).containsExactly(2, "first", 1, "last");
    }

    @Test
    void aLoneMessageTheSelectiveReceiveSkipsStaysFirstInLine() throws Exception {
        List<Object> got = new CopyOnWriteArrayList<>();
        Pid pid = Processes.spawn(self -> {
            got.add(self.receive(Integer.class, WAIT).orElseThrow());
            got.add(self.receive());
            got.add(self.receive());
        });
        pid.send("skipped"); // alone in the mailbox, whether it comes before the receive's look or wakes it
        Thread.sleep(50);
        pid.send(7);
        pid.send("after");
        assertThat(pid.awaitExit(WAIT)).contains(ExitReason.NORMAL);
        assertThat(got).containsExactly(7, "skipped", "after");
    }

    @Test
    void anExceptionEndsTheProcessWithThatReason() throws Exception {
        Pid pid = Processes.spawn(self -> {
            throw new IllegalStateException("boom");
        });
        ExitReason reason = pid.awaitExit(WAIT).orElseThrow();
        assertThat(reason.name()).isEqualTo("java.lang.IllegalStateException");
        assertThat(reason.cause()).hasMessage("boom");
        assertThat(pid.isAlive()).isFalse();
    }

    @Test
    void killStopsAProcessWaitingInReceive() throws Exception {
        Pid pid = Processes.spawn(self -> self.receive());
        pid.kill();
        assertThat(pid.awaitExit(WAIT)).contains(ExitReason.KILLED);
    }

    @Test
    void killStopsAProcessSleeping() throws Exception {
        Pid pid = Processes.spawn(self -> Thread.sleep(60_000));
        pid.kill();
        assertThat(pid.awaitExit(WAIT)).contains(ExitReason.KILLED);
    }

    @Test
    void receiveFromAnotherThreadIsRefused() throws Exception {
        Pid pid = Processes.spawn(self -> self.receive());
        assertThatThrownBy(pid::receive).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("receive is for the process itself");
        pid.kill();
        pid.awaitExit(WAIT);
    }

    @Test
    void aMessageToAnEndedProcessIsDropped() throws Exception {
        Pid pid = Processes.spawn(self -> { });
        pid.awaitExit(WAIT);
        pid.send("nobody home");
        assertThat(pid.isAlive()).isFalse();
    }

    @Test
    void nullMessagesAreRefused() throws Exception {
        Pid pid = Processes.spawn(self -> self.receive());
        assertThatThrownBy(() -> pid.send(null)).isInstanceOf(NullPointerException.class);
        pid.kill();
        pid.awaitExit(WAIT);
    }

    @Test
    void awaitExitGivesUpAtItsDeadline() throws Exception {
        Pid pid = Processes.spawn(self -> self.receive());
        assertThat(pid.awaitExit(Duration.ofMillis(30))).isEmpty();
        pid.kill();
        assertThat(pid.awaitExit(WAIT)).isPresent();
    }

    @Test
    void killAllEndsEveryProcessAndSkipsNulls() throws Exception {
        List<Pid> pids = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            pids.add(Processes.spawn(self -> self.receive()));
        }
        pids.add(null);
        assertThat(Processes.killAll(pids, WAIT)).isTrue();
        assertThat(pids).filteredOn(p -> p != null).allSatisfy(p -> assertThat(p.exitReason()).contains(ExitReason.KILLED));
    }

    @Test
    void toStringLooksLikeAnErlangPid() {
        Pid pid = Processes.spawn(self -> { });
        assertThat(pid.toString()).matches("<0\\.\\d+\\.0>");
    }

    private static List<String> sequence(String prefix, int n) {
        List<String> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(prefix + i);
        }
        return list;
    }
}
