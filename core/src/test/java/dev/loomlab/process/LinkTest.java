package dev.loomlab.process;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.NoLeaks;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Links, monitors and exit signals carry exit reasons as on BEAM. */
@ExtendWith(NoLeaks.class)
class LinkTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    @Test
    void anAbnormalExitKillsTheLinkedProcessWithTheSameReason() throws Exception {
        CountDownLatch linked = new CountDownLatch(1);
        AtomicReference<Pid> child = new AtomicReference<>();
        Pid parent = Processes.spawn(self -> {
            child.set(self.spawnLink(c -> {
                c.receive();
                throw new IllegalStateException("crash");
            }));
            linked.countDown();
            self.receive();
        });
        assertThat(linked.await(10, TimeUnit.SECONDS)).isTrue();
        awaitLinked(child.get(), parent);
        child.get().send("crash now");
        assertThat(child.get().awaitExit(WAIT).orElseThrow().name()).isEqualTo("java.lang.IllegalStateException");
        assertThat(parent.awaitExit(WAIT).orElseThrow().name()).isEqualTo("java.lang.IllegalStateException");
    }

    @Test
    void aNormalExitDoesNotKillTheLinkedProcess() throws Exception {
        AtomicReference<Pid> child = new AtomicReference<>();
        Pid parent = Processes.spawn(self -> {
            child.set(self.spawnLink(c -> c.receive()));
            self.receive();
        });
        awaitSet(child);
        awaitLinked(child.get(), parent);
        child.get().send("end normally");
        assertThat(child.get().awaitExit(WAIT)).contains(ExitReason.NORMAL);
        Thread.sleep(50);
        assertThat(parent.isAlive()).isTrue();
        parent.kill();
        assertThat(parent.awaitExit(WAIT)).contains(ExitReason.KILLED);
    }

    @Test
    void aTrappingProcessReceivesTheExitAsAMessage() throws Exception {
        AtomicReference<Object> got = new AtomicReference<>();
        AtomicReference<Pid> child = new AtomicReference<>();
        Pid parent = Processes.spawn(self -> {
            self.trapExits(true);
            child.set(self.spawnLink(c -> c.receive()));
            got.set(self.receive(ExitSignal.class, WAIT).orElse(null));
        });
        awaitSet(child);
        awaitLinked(child.get(), parent);
        child.get().kill();
        assertThat(parent.awaitExit(WAIT)).contains(ExitReason.NORMAL);
        assertThat(got.get()).isEqualTo(new ExitSignal(child.get(), ExitReason.KILLED));
    }

    @Test
    void aMonitorReceivesDownWithTheReason() throws Exception {
        Pid watched = Processes.spawn(self -> self.receive());
        AtomicReference<Object> got = new AtomicReference<>();
        CountDownLatch monitoring = new CountDownLatch(1);
        Pid watcher = Processes.spawn(self -> {
            self.monitor(watched);
            monitoring.countDown();
            got.set(self.receive(Down.class, WAIT).orElse(null));
        });
        assertThat(monitoring.await(10, TimeUnit.SECONDS)).isTrue();
        watched.exit(ExitReason.of("custom_reason"));
        assertThat(watched.awaitExit(WAIT)).contains(ExitReason.of("custom_reason"));
        assertThat(watcher.awaitExit(WAIT)).contains(ExitReason.NORMAL);
        assertThat(got.get()).isEqualTo(new Down(watched, ExitReason.of("custom_reason")));
    }

    @Test
    void monitoringAnEndedProcessGivesDownAtOnce() throws Exception {
        Pid gone = Processes.spawn(self -> { });
        gone.awaitExit(WAIT);
        AtomicReference<Object> got = new AtomicReference<>();
        Pid watcher = Processes.spawn(self -> {
            self.monitor(gone);
            got.set(self.receive(WAIT).orElse(null));
        });
        watcher.awaitExit(WAIT);
        assertThat(got.get()).isEqualTo(new Down(gone, ExitReason.NORMAL));
    }

    @Test
    void exitNormalIsIgnoredByANonTrappingProcess() throws Exception {
        Pid pid = Processes.spawn(self -> self.receive());
        pid.exit(ExitReason.NORMAL);
        assertThat(pid.awaitExit(Duration.ofMillis(50))).isEmpty();
        pid.exit(ExitReason.SHUTDOWN);
        assertThat(pid.awaitExit(WAIT)).contains(ExitReason.SHUTDOWN);
    }

    private static void awaitSet(AtomicReference<Pid> ref) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (ref.get() == null) {
            assertThat(System.nanoTime()).isLessThan(deadline);
            Thread.sleep(1);
        }
    }

    /** Waits until the child is parked in its receive (the link itself exists from the spawn). */
    private static void awaitLinked(Pid child, Pid parent) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (child.thread() == null || child.thread().getState() != Thread.State.WAITING) {
            assertThat(System.nanoTime()).isLessThan(deadline);
            Thread.sleep(1);
        }
    }
}
