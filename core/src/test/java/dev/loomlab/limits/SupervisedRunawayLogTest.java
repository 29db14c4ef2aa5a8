package dev.loomlab.limits;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.process.ExitReason;
import dev.loomlab.supervise.Supervisor;
import java.util.List;
import org.junit.jupiter.api.Test;

class SupervisedRunawayLogTest {

    @Test
    void aHeartbeatThatTickedUntilTheEndIsSaidToHaveKeptTicking() {
        List<String> log = List.of(" 0.400 s  [heartbeat] 8 / heap used 6 MB",
                " 0.465 s  [supervisor] restart intensity used up: giving up (reached_max_restart_intensity)",
                " 0.470 s  [supervisor] stopped heartbeat: it ended (shutdown)");
        assertThat(SupervisedRunaway.heartbeatVerdict(log, List.of(0.35, 0.4))).hasValueSatisfying(s -> assertThat(s)
                .contains("kept ticking: its last tick came at 0.4 s")
                .doesNotContain("stopped the bystander"));
        assertThat(SupervisedRunaway.heartbeatVerdict(log, List.of())).isEmpty();
    }

    @Test
    void aHeartbeatThatStoppedTickingAndWasNotStoppedIsSaidFromTheRun() {
        List<String> log = List.of(" 0.282 s  [heartbeat] 4 / heap used 6 MB",
                " 0.478 s  [supervisor] restart intensity used up: giving up (reached_max_restart_intensity)",
                " 6.480 s  [supervisor] stopped heartbeat: " + SupervisedRunaway.stoppedWords(Supervisor.STILL_RUNNING));
        assertThat(SupervisedRunaway.heartbeatVerdict(log, List.of(0.225, 0.282))).hasValueSatisfying(s -> assertThat(s)
                .contains("last tick came at 0.282 s, 0.196 s before the supervisor gave up")
                .contains("ended neither on shutdown nor on kill"));
    }

    @Test
    void theStopSaysHowTheChildEnded() {
        assertThat(SupervisedRunaway.stoppedWords(ExitReason.SHUTDOWN)).isEqualTo("it ended (shutdown)");
        assertThat(SupervisedRunaway.stoppedWords(ExitReason.KILLED)).contains("was killed");
        assertThat(SupervisedRunaway.stoppedWords(Supervisor.STILL_RUNNING)).contains("still running when the JVM exits");
    }
}
