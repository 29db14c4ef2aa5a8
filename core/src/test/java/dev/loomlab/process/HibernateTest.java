package dev.loomlab.process;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.NoLeaks;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Hibernation gives the thread back and wakes in the function given, as erlang:hibernate/3. */
@ExtendWith(NoLeaks.class)
class HibernateTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    @Test
    void aHibernatedProcessHoldsNoThreadAndWakesInTheGivenFunction() throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        Pid pid = Processes.spawn(self -> {
            log.add("before");
            self.hibernate(woken -> log.add("woke with " + woken.receive()));
            log.add("after hibernate: must never run");
        });
        awaitHibernated(pid);
        assertThat(pid.thread()).isNull();
        assertThat(pid.isAlive()).isTrue();
        pid.send("ping");
        assertThat(pid.awaitExit(WAIT)).contains(ExitReason.NORMAL);
        assertThat(log).containsExactly("before", "woke with ping");
    }

    @Test
    void wakingStartsANewThread() throws Exception {
        List<Thread> threads = new CopyOnWriteArrayList<>();
        Pid pid = Processes.spawn(self -> {
            threads.add(Thread.currentThread());
            self.hibernate(woken -> {
                threads.add(Thread.currentThread());
                woken.receive();
            });
        });
        awaitHibernated(pid);
        pid.send("wake");
        pid.awaitExit(WAIT);
        assertThat(threads).hasSize(2);
        assertThat(threads.get(0)).isNotSameAs(threads.get(1));
        assertThat(threads.get(1).isVirtual()).isTrue();
    }

    @Test
    void aProcessCanHibernateAgainAndAgain() throws Exception {
        List<Object> got = new CopyOnWriteArrayList<>();
        Pid pid = Processes.spawn(self -> self.hibernate(new Counter(got, 3)));
        for (int i = 0; i < 3; i++) {
            awaitHibernated(pid);
            pid.send(i);
        }
        assertThat(pid.awaitExit(WAIT)).contains(ExitReason.NORMAL);
        assertThat(got).containsExactly(0, 1, 2);
    }

    @Test
    void aMessageAlreadyQueuedWakesItAtOnce() throws Exception {
        List<Object> got = new CopyOnWriteArrayList<>();
        Pid pid = Processes.spawn(self -> {
            while (!self.hasMessages()) {
                Thread.onSpinWait();
            }
            self.hibernate(woken -> got.add(woken.receive()));
        });
        pid.send("queued");
        assertThat(pid.awaitExit(WAIT)).contains(ExitReason.NORMAL);
        assertThat(got).containsExactly("queued");
    }

    @Test
    void killingAHibernatedProcessEndsIt() throws Exception {
        Pid pid = Processes.spawn(self -> self.hibernate(woken -> woken.receive()));
        awaitHibernated(pid);
        pid.kill();
        assertThat(pid.awaitExit(WAIT)).contains(ExitReason.KILLED);
    }

    /** Receives {@code left} messages, hibernating between each. */
    private record Counter(List<Object> got, int left) implements ProcessBody {
        @Override
        public void run(Pid self) throws Exception {
            got.add(self.receive());
            if (left > 1) {
                self.hibernate(new Counter(got, left - 1));
            }
        }
    }

    static void awaitHibernated(Pid pid) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!pid.isHibernated()) {
            assertThat(System.nanoTime()).as("hibernated within " + WAIT).isLessThan(deadline);
            Thread.sleep(1);
        }
    }
}
