package dev.loomlab.limits;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.process.ExitReason;
import dev.loomlab.supervise.Supervisor;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

class SupervisedRunawayLogTest {

    @Test
    void aHeartbeatThatTickedUntilTheEndIsSaidToHaveKeptTicking() {
        List<String> log = List.of(" 0.400 s  [heartbeat] 8 / heap used 6 MB",
                " 0.465 s  [supervisor] restart intensity used up: giving up (reached_max_restart_intensity)",
                " 0.470 s  [supervisor] stopped heartbeat: it ended (shutdown)");
        assertThat(SupervisedRunaway.heartbeatVerdict(log, List.of(0.35, 0.4), "")).hasValueSatisfying(s -> assertThat(s)
                .contains("kept ticking: its last tick came at 0.4 s")
                .doesNotContain("stopped the bystander"));
        assertThat(SupervisedRunaway.heartbeatVerdict(log, List.of(), "")).isEmpty();
    }

    @Test
    void aHeartbeatThatStoppedTickingAndWasNotStoppedIsSaidFromTheRun() {
        List<String> log = List.of(" 0.282 s  [heartbeat] 4 / heap used 6 MB",
                " 0.478 s  [supervisor] restart intensity used up: giving up (reached_max_restart_intensity)",
                " 6.480 s  [supervisor] stopped heartbeat: " + SupervisedRunaway.stoppedWords(Supervisor.STILL_RUNNING));
        assertThat(SupervisedRunaway.heartbeatVerdict(log, List.of(0.225, 0.282), "")).hasValueSatisfying(s -> assertThat(s)
                .contains("last tick came at 0.282 s, 0.196 s before the supervisor gave up")
                .contains("ended neither on shutdown nor on kill", "jcmd PID Thread.dump_to_file"));
        String parked = SupervisedRunaway.whereInDump(DUMP, 22);
        assertThat(parked).isEqualTo("RUNNABLE at VirtualThread.parkNanos, System$1.parkVirtualThread, LockSupport.parkNanos, "
                + "Mailbox.awaitArrival, Pid.receiveMatching");
        assertThat(SupervisedRunaway.heartbeatVerdict(log, List.of(0.225, 0.282), parked)).hasValueSatisfying(s -> assertThat(s)
                .contains("thread dump, taken then, shows its thread RUNNABLE at VirtualThread.parkNanos", "the timer that would wake it")
                .doesNotContain("jcmd"));
        assertThat(SupervisedRunaway.heartbeatVerdict(log, List.of(0.225, 0.282), SupervisedRunaway.whereInDump(DUMP, 30)))
                .hasValueSatisfying(s -> assertThat(s).contains("shows its thread WAITING at Object.wait").doesNotContain("timer"));
    }

    /** A plain-text thread dump as HotSpotDiagnosticMXBean.dumpThreads writes it, cut short. */
    private static final List<String> DUMP = List.of(
            "#1 \"Reference Handler\" RUNNABLE 2026-12-07T06:48:31.08Z",
            "    at java.base/java.lang.Thread.sleep(Thread.java:509)",
            "",
            "#22 \"\" virtual RUNNABLE 2026-12-07T06:48:31.086659788Z",
            "    at java.base/java.lang.VirtualThread.parkNanos(VirtualThread.java:784)",
            "    at java.base/java.lang.System$1.parkVirtualThread(System.java:2294)",
            "    at java.base/java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:406)",
            "    at dev.loomlab.process.Mailbox.awaitArrival(Mailbox.java:120)",
            "    at dev.loomlab.process.Pid.receiveMatching(Pid.java:300)",
            "    at dev.loomlab.process.Pid.receive(Pid.java:310)",
            "",
            "#30 \"\" virtual WAITING 2026-12-07T06:48:31.09Z",
            "    at java.base/java.lang.Object.wait(Native Method)",
            "");

    @Test
    void aParkedVirtualThreadIsFoundInThisJvmsThreadDump() throws Exception {
        Thread parked = Thread.ofVirtual().start(LockSupport::park);
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (parked.getState() != Thread.State.WAITING && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertThat(SupervisedRunaway.whereInDump(parked)).startsWith("WAITING at VirtualThread.park").contains("LockSupport.park");
        } finally {
            LockSupport.unpark(parked);
            assertThat(parked.join(Duration.ofSeconds(10))).isTrue();
        }
    }

    @Test
    void aThreadMissingFromTheDumpSaysSo() {
        assertThat(SupervisedRunaway.whereInDump(DUMP, 99)).isEqualTo("(not in the thread dump)");
        assertThat(SupervisedRunaway.whereInDump(DUMP, 1)).isEqualTo("RUNNABLE at Thread.sleep");
    }

    @Test
    void theStopSaysHowTheChildEnded() {
        assertThat(SupervisedRunaway.stoppedWords(ExitReason.SHUTDOWN)).isEqualTo("it ended (shutdown)");
        assertThat(SupervisedRunaway.stoppedWords(ExitReason.KILLED)).contains("was killed");
        assertThat(SupervisedRunaway.stoppedWords(Supervisor.STILL_RUNNING)).contains("still running when the JVM exits");
    }
}
