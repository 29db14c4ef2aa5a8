package dev.loomlab.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.loomlab.measure.ProcStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A worker takes its messages in the order sent, and stopped, its thread has ended, a platform thread in the OS too. */
class WorkerTest {

    @ParameterizedTest
    @EnumSource(value = Kind.class, names = {"PROCESS", "VIRTUAL", "PLATFORM"})
    void takesMessagesInTheOrderSent(Kind kind) throws Exception {
        List<Object> taken = new ArrayList<>();
        CountDownLatch done = new CountDownLatch(1);
        Worker worker = Worker.start(kind, inbox -> {
            while (true) {
                Object message = inbox.take();
                taken.add(message);
                if (message.equals(99)) {
                    done.countDown();
                }
            }
        });
        for (int i = 0; i < 100; i++) {
            worker.send(i);
        }
        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(worker.stop(Duration.ofSeconds(10))).isTrue();
        assertThat(taken).containsExactlyElementsOf(IntStream.range(0, 100).boxed().toList());
    }

    /**
     * {@code join} returns before a platform thread has ended in the OS; a run timed next would pay for it.
     * Once {@link Worker#stopAll} returns, the process has no more OS threads than before the workers
     * started (a few more allowed: the JVM may start compiler or GC threads of its own meanwhile, or end them).
     */
    @Test
    void stoppedPlatformWorkersHaveEndedInTheOs() throws Exception {
        assumeTrue(ProcStatus.threads() > 0, "needs /proc/self/status (Linux)");
        long before = ProcStatus.threads();
        Worker[] workers = new Worker[500];
        for (int i = 0; i < workers.length; i++) {
            workers[i] = Worker.start(Kind.PLATFORM, inbox -> {
                while (true) {
                    inbox.take();
                }
            });
        }
        assertThat(ProcStatus.threads()).isGreaterThanOrEqualTo(before + 500 - 8); // a few of the JVM's own may have ended
        Worker.stopAll(workers, Duration.ofSeconds(30));
        assertThat(ProcStatus.threads()).isLessThanOrEqualTo(before + 8);
    }
}
