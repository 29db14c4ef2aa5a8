package dev.loomlab.pekko;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.NoLeaks;
import dev.loomlab.experiment.ActorGroup;
import dev.loomlab.experiment.ActorRuntime;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.util.Progress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Kind pekko at small n: the actors an {@link ActorGroup} starts on Pekko answer in order, every
 * one counted, the experiments run on them here and in a fresh JVM, and the measurement names the
 * dispatcher configuration the system ran with. Nothing is left running.
 */
@ExtendWith(NoLeaks.class)
class PekkoKindTest {

    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @Test
    void aRingOfActorsPassesTheTokenInOrderAndCountsEveryHop() throws Exception {
        int n = 50;
        int m = 3;
        ActorRuntime.Actor[] ring = new ActorRuntime.Actor[n];
        ConcurrentLinkedQueue<Integer> visits = new ConcurrentLinkedQueue<>();
        CountDownLatch done = new CountDownLatch(1);
        try (ActorGroup group = ActorGroup.start(Kind.PEKKO)) {
            ActorRuntime.Actor[] started = group.spawn(n, i -> message -> {
                visits.add(i);
                long left = (Long) message;
                if (left == 0) {
                    done.countDown();
                } else {
                    ring[(i + 1) % n].send(left - 1);
                }
            }, DEADLINE);
            System.arraycopy(started, 0, ring, 0, n);
            ring[0].send((long) n * m - 1);
            assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
        }
        List<Integer> expected = new ArrayList<>();
        for (int hop = 0; hop < n * m; hop++) {
            expected.add(hop % n);
        }
        assertThat(visits).containsExactlyElementsOf(expected);
    }

    @Test
    void spawnCountsEveryActorStartedBeforeItReturns() throws Exception {
        AtomicInteger handled = new AtomicInteger();
        try (ActorGroup group = ActorGroup.start(Kind.PEKKO)) {
            ActorRuntime.Actor[] actors = group.spawn(1_000, i -> message -> handled.incrementAndGet(), DEADLINE);
            assertThat(actors).hasSize(1_000).doesNotContainNull();
            assertThat(group.started()).isEqualTo(1_000);
            assertThat(handled).as("the group's first message is its own; handlers never see it").hasValue(0);
        }
    }

    @Test
    void pingPongAnswersEveryRoundTrip() throws Exception {
        int rounds = 500;
        AtomicInteger pongs = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(1);
        ActorRuntime.Actor[] pair = new ActorRuntime.Actor[2];
        try (ActorGroup group = ActorGroup.start(Kind.PEKKO)) {
            ActorRuntime.Actor[] started = group.spawn(2, i -> i == 0
                    ? message -> pair[1].send("pong")
                    : message -> {
                        if (message.equals("pong") && pongs.incrementAndGet() == rounds) {
                            done.countDown();
                        } else {
                            pair[0].send("ping");
                        }
                    }, DEADLINE);
            System.arraycopy(started, 0, pair, 0, 2);
            pair[1].send("start");
            assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(pongs).hasValue(rounds);
    }

    @Test
    void theFourExperimentsRunOnPekkoAndNameTheDispatcherTheyRanOn() throws Exception {
        for (ExperimentSpec spec : List.of(ExperimentSpec.of("spawn", 2_000), ExperimentSpec.of("ring", 200).withM(3),
                ExperimentSpec.of("broadcast", 500), ExperimentSpec.of("pingpong", 1_000))) {
            Measurement result = Experiments.runHere(spec.withKind(Kind.PEKKO).withFixedRuns(1), Progress.SILENT);
            assertThat(result.outcome()).as(spec.experiment()).isEqualTo("ok");
            assertThat(result.kind()).isEqualTo("pekko");
            assertThat(result.toString()).as("its table's column").contains("JVM Pekko actors (cold)");
            assertThat(result.notes()).as(spec.experiment()).anySatisfy(note -> assertThat(note)
                    .startsWith("JVM Pekko actors: default-dispatcher type Dispatcher, executor fork-join-executor, parallelism min ")
                    .contains("throughput ", "mailbox "));
        }
    }

    @Test
    void theRingMakesNTimesMHops() throws Exception {
        Measurement ring = Experiments.runHere(ExperimentSpec.of("ring", 300).withM(2).withKind(Kind.PEKKO).withFixedRuns(1),
                Progress.SILENT);
        // nsPerHop is the elapsed time over the hops, totalMillis the same time: their ratio is the hop count
        assertThat(ring.metric("totalMillis") * 1e6 / ring.metric("nsPerHop")).isCloseTo(600.0, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void spawnReadsTheHeapOnceEveryActorHasStarted() throws Exception {
        Measurement spawn = Experiments.runHere(ExperimentSpec.of("spawn", 5_000).withKind(Kind.PEKKO).withFixedRuns(1), Progress.SILENT);
        assertThat(spawn.metrics()).containsKeys("nsPerSpawn", "nsToAllParked", "bytesPerProcess", "heapBytesPerProcess",
                "rssBytesPerProcess");
        assertThat(spawn.bytesPerProcess()).isPositive();
    }

    @Test
    void aFreshJvmRunsPekkoOnTheCarriersAsked() {
        Measurement result = FreshJvm.run(ExperimentSpec.of("broadcast", 200).withKind(Kind.PEKKO).withFixedRuns(1)
                .withCarriers(2), Progress.SILENT);
        assertThat(result.outcome()).isEqualTo("ok");
        assertThat(result.notes()).anySatisfy(note -> assertThat(note).contains("parallelism min 2, factor 1.0, max 2 (2 threads"));
    }

    @Test
    void experimentsOfThreadBackedUnitsRefusePekkoBeforeAnythingStarts() {
        assertThatThrownBy(() -> FreshJvm.validate(ExperimentSpec.of("hibernate", 100).withKind(Kind.PEKKO)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("kind pekko runs spawn, ring, broadcast, pingpong")
                .hasMessageContaining("use --kind process");
        assertThatThrownBy(() -> FreshJvm.validate(ExperimentSpec.of("ring-hibernated", 100).withKind(Kind.PEKKO)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
