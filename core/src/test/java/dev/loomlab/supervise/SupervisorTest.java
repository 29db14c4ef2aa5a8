package dev.loomlab.supervise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.NoLeaks;
import dev.loomlab.process.ExitReason;
import dev.loomlab.process.Pid;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** One-for-one restarts reset the killed child's state and leave its neighbour alone; past the intensity it gives up. */
@ExtendWith(NoLeaks.class)
class SupervisorTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    @Test
    void aKilledChildRestartsAtZeroWhileItsNeighbourKeepsPidAndState() throws Exception {
        AtomicLong outside = new AtomicLong();
        Supervisor sup = Supervisor.start(RestartIntensity.of(3, Duration.ofSeconds(60)),
                ChildSpec.permanent("counter", Counter.body(outside)), ChildSpec.permanent("neighbour", Counter.body(null)));
        Pid counter = sup.child("counter").orElseThrow();
        Pid neighbour = sup.child("neighbour").orElseThrow();
        send(counter, 3);
        send(neighbour, 2);
        assertThat(Counter.ask(sup, "counter", WAIT)).contains(3L);

        counter.kill();
        Pid restarted = sup.awaitChild("counter", counter, WAIT).orElseThrow();

        assertThat(restarted).isNotSameAs(counter);
        assertThat(counter.exitReason()).contains(ExitReason.KILLED);
        assertThat(Counter.ask(sup, "counter", WAIT)).as("state kept in the process is lost").contains(0L);
        assertThat(outside.get()).as("state kept outside survives").isEqualTo(3);
        assertThat(sup.child("neighbour")).containsSame(neighbour);
        assertThat(Counter.ask(sup, "neighbour", WAIT)).contains(2L);
        assertThat(sup.events()).extracting(SupervisorEvent::type).containsSubsequence(SupervisorEvent.Type.STARTED,
                SupervisorEvent.Type.STARTED, SupervisorEvent.Type.EXITED, SupervisorEvent.Type.RESTARTED);

        sup.stop();
        assertThat(sup.awaitExit(WAIT)).contains(ExitReason.SHUTDOWN);
        assertThat(neighbour.awaitExit(WAIT)).contains(ExitReason.SHUTDOWN);
        assertThat(restarted.awaitExit(WAIT)).contains(ExitReason.SHUTDOWN);
        assertThat(sup.gaveUp()).isFalse();
    }

    @Test
    void oneCrashMoreThanTheIntensityAllowsEndsTheSupervisorWithItsReason() throws Exception {
        Supervisor sup = Supervisor.start(RestartIntensity.of(2, Duration.ofSeconds(60)),
                ChildSpec.permanent("counter", Counter.body(null)), ChildSpec.permanent("neighbour", Counter.body(null)));
        Pid neighbour = sup.child("neighbour").orElseThrow();
        for (int i = 0; i < 2; i++) {
            Pid victim = sup.child("counter").orElseThrow();
            victim.kill();
            assertThat(sup.awaitChild("counter", victim, WAIT)).isPresent();
        }
        sup.child("counter").orElseThrow().kill();

        assertThat(sup.awaitExit(WAIT)).contains(Supervisor.GAVE_UP);
        assertThat(Supervisor.GAVE_UP.name()).isEqualTo("reached_max_restart_intensity");
        assertThat(sup.gaveUp()).isTrue();
        assertThat(neighbour.awaitExit(WAIT)).contains(ExitReason.SHUTDOWN);
        assertThat(sup.child("counter")).isEmpty();
        assertThat(sup.events()).extracting(SupervisorEvent::type).containsSubsequence(SupervisorEvent.Type.GAVE_UP,
                SupervisorEvent.Type.STOPPED, SupervisorEvent.Type.ENDED);
    }

    @Test
    void aCrashLoopIsStoppedByTheIntensity() throws Exception {
        Supervisor sup = Supervisor.start(RestartIntensity.of(3, Duration.ofSeconds(60)), List.of(
                ChildSpec.permanent("crasher", self -> {
                    throw new IllegalStateException("crash at start");
                })), null);
        assertThat(sup.awaitExit(WAIT)).contains(Supervisor.GAVE_UP);
        assertThat(sup.events().stream().filter(e -> e.type() == SupervisorEvent.Type.RESTARTED).count()).isEqualTo(3);
        assertThat(sup.events()).filteredOn(e -> e.type() == SupervisorEvent.Type.EXITED)
                .allSatisfy(e -> assertThat(e.reason().name()).isEqualTo("java.lang.IllegalStateException"));
    }

    @Test
    void transientAndTemporaryChildrenAreNotRestartedAfterANormalEnd() throws Exception {
        Supervisor sup = Supervisor.start(RestartIntensity.OTP_DEFAULT, List.of(
                new ChildSpec("once", self -> self.receive(), Restart.TRANSIENT),
                new ChildSpec("temp", self -> self.receive(), Restart.TEMPORARY)), null);
        Pid once = sup.child("once").orElseThrow();
        Pid temp = sup.child("temp").orElseThrow();
        once.send("done");
        temp.kill();
        assertThat(once.awaitExit(WAIT)).contains(ExitReason.NORMAL);
        assertThat(temp.awaitExit(WAIT)).contains(ExitReason.KILLED);
        assertThat(sup.awaitChild("once", once, Duration.ofMillis(200))).isEmpty();
        assertThat(sup.awaitChild("temp", temp, Duration.ofMillis(200))).isEmpty();
        assertThat(sup.pid().isAlive()).isTrue();
        sup.stop();
        assertThat(sup.awaitExit(WAIT)).contains(ExitReason.SHUTDOWN);
    }

    @Test
    void restartsOutsideThePeriodDoNotCount() {
        RestartIntensity intensity = RestartIntensity.of(1, Duration.ofSeconds(5));
        Deque<Long> history = new ArrayDeque<>();
        long s = 1_000_000_000L;
        assertThat(intensity.allowsAnother(history, 0)).isTrue();
        assertThat(intensity.allowsAnother(history, 6 * s)).as("the first left the window").isTrue();
        assertThat(intensity.allowsAnother(history, 7 * s)).as("two within 5 s").isFalse();
        assertThat(RestartIntensity.of(0, Duration.ofSeconds(1)).allowsAnother(new ArrayDeque<>(), 0)).isFalse();
    }

    @Test
    void badSpecsAreRefused() {
        assertThatThrownBy(() -> RestartIntensity.of(-1, Duration.ofSeconds(1))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RestartIntensity.of(1, Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ChildSpec.permanent(" ", self -> { })).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Supervisor.start(RestartIntensity.OTP_DEFAULT, ChildSpec.permanent("a", self -> { }),
                ChildSpec.permanent("a", self -> { }))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("share an id");
    }

    @Test
    void theDemoReportsTheArticlesFacts() throws Exception {
        SupervisionReport report = SupervisionDemo.run(RestartIntensity.of(3, Duration.ofSeconds(60)), 4, null);
        assertThat(report.counterBeforeKill()).isEqualTo(3);
        assertThat(report.counterAfterRestart()).isZero();
        assertThat(report.keptOutsideAfterRestart()).isEqualTo(3);
        assertThat(report.neighbourSamePid()).isTrue();
        assertThat(report.neighbourAfter()).isEqualTo(2);
        assertThat(report.restarts()).isEqualTo(3);
        assertThat(report.gaveUp()).isTrue();
        assertThat(report.reason()).isEqualTo("reached_max_restart_intensity");
        assertThat(report.grid().texts("metric")).contains("restartCounterValue", "secondsToGiveUp");
        List<String> metrics = report.grid().texts("metric");
        // the German article's figure only: the Japanese article's time to give up is not this demo's loop
        assertThat(report.grid().number(metrics.indexOf("restartCounterValue"), "BEAM published")).isZero();
        assertThat(report.grid().number(metrics.indexOf("secondsToGiveUp"), "BEAM published")).isNaN();
        assertThat(report.toString()).contains("the supervisor GAVE UP: reached_max_restart_intensity");
        assertThat(report.grids()).hasSize(1); // the log is a detail: the demo printed it as it happened
        assertThat(report.details().get(0).texts("event")).anyMatch(e -> e.contains("supervisor gave up: reached_max_restart_intensity"));
    }

    private static void send(Pid pid, int increments) {
        for (int i = 0; i < increments; i++) {
            pid.send(new Counter.Increment());
        }
    }
}
