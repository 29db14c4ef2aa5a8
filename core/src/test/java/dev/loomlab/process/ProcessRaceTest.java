package dev.loomlab.process;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.NoLeaks;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Stress tests of the races in the process model: each race is run many times (a batch of
 * processes at once, several batches), with a deadline on every wait and no timing asserted.
 * A wrong interleaving shows as a lost message, a second wake-up, a process that never ends, an
 * exit seen twice or never, or a live-process count that does not come back to zero.
 */
@ExtendWith(NoLeaks.class)
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ProcessRaceTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final int BATCH = 500;
    private static final int BATCHES = 20;

    @Test
    void aSendRacingHibernateIsNeitherLostNorDeliveredTwice() throws Exception {
        for (int batch = 0; batch < BATCHES; batch++) {
            AtomicInteger wakes = new AtomicInteger();
            List<Object> got = new java.util.concurrent.CopyOnWriteArrayList<>();
            List<Pid> pids = new ArrayList<>();
            List<CountDownLatch> aboutToHibernate = new ArrayList<>();
            for (int i = 0; i < BATCH; i++) {
                CountDownLatch ready = new CountDownLatch(1);
                aboutToHibernate.add(ready);
                pids.add(Processes.spawn(self -> {
                    ready.countDown();
                    self.hibernate(woken -> {
                        wakes.incrementAndGet();
                        got.add(woken.receive());
                    });
                }));
            }
            for (int i = 0; i < BATCH; i++) {
                assertThat(aboutToHibernate.get(i).await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
                pids.get(i).send(i); // lands before, during or after the hibernation
            }
            for (Pid pid : pids) {
                assertThat(pid.awaitExit(WAIT)).as("%s ended", pid).contains(ExitReason.NORMAL);
            }
            assertThat(wakes.get()).as("one wake-up per process").isEqualTo(BATCH);
            assertThat(new HashSet<>(got)).hasSize(BATCH);
        }
    }

    @Test
    void messagesRacingToWakeAHibernatedProcessWakeItOnceInItsResumeFunctionAllInOrder() throws Exception {
        for (int batch = 0; batch < BATCHES; batch++) {
            ConcurrentHashMap<Pid, List<Object>> got = new ConcurrentHashMap<>();
            ConcurrentHashMap<Pid, AtomicInteger> wakes = new ConcurrentHashMap<>();
            List<Pid> pids = hibernatedBatch(woken -> {
                wakes.computeIfAbsent(woken, p -> new AtomicInteger()).incrementAndGet();
                List<Object> three = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    three.add(woken.receive(WAIT).orElse("missing"));
                }
                got.put(woken, three);
            });
            // two senders race to wake each process: one sends a1 then a2, the other b
            CyclicBarrier start = new CyclicBarrier(2);
            Thread a = Thread.ofPlatform().start(() -> {
                await(start);
                for (Pid pid : pids) {
                    pid.send("a1");
                    pid.send("a2");
                }
            });
            Thread b = Thread.ofPlatform().start(() -> {
                await(start);
                for (int i = pids.size() - 1; i >= 0; i--) {
                    pids.get(i).send("b");
                }
            });
            assertThat(a.join(WAIT)).isTrue();
            assertThat(b.join(WAIT)).isTrue();
            for (Pid pid : pids) {
                assertThat(pid.awaitExit(WAIT)).as("%s ended", pid).contains(ExitReason.NORMAL);
                assertThat(wakes.get(pid).get()).as("wake-ups of %s", pid).isEqualTo(1);
                List<Object> three = got.get(pid);
                assertThat(three).as("what %s received", pid).containsExactlyInAnyOrder("a1", "a2", "b");
                assertThat(three.indexOf("a1")).as("a1 before a2 in %s", three).isLessThan(three.indexOf("a2"));
            }
        }
    }

    @Test
    void killRacingAWakeUpEndsTheProcessOnceWithKilled() throws Exception {
        for (int batch = 0; batch < BATCHES; batch++) {
            List<Pid> children = new ArrayList<>();
            List<ExitSignal> signals = new java.util.concurrent.CopyOnWriteArrayList<>();
            CountDownLatch spawned = new CountDownLatch(1);
            // a trapping parent linked to every child counts the exit signals: exactly one each
            Pid parent = Processes.spawn(self -> {
                self.trapExits(true);
                for (int i = 0; i < BATCH; i++) {
                    children.add(self.spawnLink(c -> c.hibernate(woken -> {
                        woken.receive();
                        woken.receive(); // never comes: only the kill ends it
                    })));
                }
                spawned.countDown();
                for (int i = 0; i < BATCH; i++) {
                    signals.add(self.receive(ExitSignal.class, WAIT).orElseThrow());
                }
                if (self.receive(Duration.ofMillis(50)).isPresent()) {
                    throw new AssertionError("an exit signal more than children");
                }
            });
            assertThat(spawned.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
            for (Pid child : children) {
                awaitHibernated(child);
            }
            CyclicBarrier start = new CyclicBarrier(2);
            Thread waker = Thread.ofPlatform().start(() -> {
                await(start);
                children.forEach(c -> c.send("wake"));
            });
            Thread killer = Thread.ofPlatform().start(() -> {
                await(start);
                children.forEach(Pid::kill);
            });
            assertThat(waker.join(WAIT)).isTrue();
            assertThat(killer.join(WAIT)).isTrue();
            for (Pid child : children) {
                assertThat(child.awaitExit(WAIT)).as("%s ended", child).contains(ExitReason.KILLED);
                assertThat(child.thread()).as("%s holds no thread", child).isNull();
            }
            assertThat(parent.awaitExit(WAIT)).contains(ExitReason.NORMAL);
            Set<Pid> from = new HashSet<>();
            signals.forEach(s -> from.add(s.from()));
            assertThat(signals).allMatch(s -> s.reason().equals(ExitReason.KILLED));
            assertThat(from).containsExactlyInAnyOrderElementsOf(children);
        }
    }

    @Test
    void aChildKilledBeforeItsFirstInstructionStillSignalsItsTrappingParent() throws Exception {
        for (int batch = 0; batch < BATCHES; batch++) {
            AtomicReference<String> failure = new AtomicReference<>();
            Pid parent = Processes.spawn(self -> {
                self.trapExits(true);
                for (int i = 0; i < BATCH; i++) {
                    Pid child = self.spawnLink(c -> c.receive());
                    child.kill(); // most often before the child's thread has run at all
                    ExitSignal s = self.receive(ExitSignal.class, x -> x.from() == child, WAIT).orElse(null);
                    if (s == null || !s.reason().equals(ExitReason.KILLED)) {
                        failure.compareAndSet(null, "iteration " + i + ": " + (s == null ? "no exit signal" : s));
                    }
                }
            });
            assertThat(parent.awaitExit(WAIT)).contains(ExitReason.NORMAL);
            assertThat(failure.get()).isNull();
        }
    }

    @Test
    void aChildKilledBeforeItsFirstInstructionTakesItsNonTrappingParentWithIt() throws Exception {
        for (int batch = 0; batch < BATCHES; batch++) {
            List<Pid> parents = new ArrayList<>();
            for (int i = 0; i < BATCH; i++) {
                parents.add(Processes.spawn(self -> {
                    self.spawnLink(c -> c.receive()).kill();
                    self.receive(WAIT); // the link's "killed" ends it here; a timeout would end it normally
                }));
            }
            for (Pid parent : parents) {
                assertThat(parent.awaitExit(WAIT)).as("%s ended", parent).contains(ExitReason.KILLED);
            }
        }
    }

    /** {@link #BATCH} processes, each hibernated in {@code resume}. */
    private static List<Pid> hibernatedBatch(ProcessBody resume) throws InterruptedException {
        List<Pid> pids = new ArrayList<>();
        for (int i = 0; i < BATCH; i++) {
            pids.add(Processes.spawn(self -> self.hibernate(resume)));
        }
        for (Pid pid : pids) {
            awaitHibernated(pid);
        }
        return pids;
    }

    private static void awaitHibernated(Pid pid) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!pid.isHibernated()) {
            assertThat(System.nanoTime()).as("%s hibernated within %s", pid, WAIT).isLessThan(deadline);
            Thread.sleep(0, 100_000);
        }
    }

    private static void await(CyclicBarrier barrier) {
        try {
            barrier.await(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
