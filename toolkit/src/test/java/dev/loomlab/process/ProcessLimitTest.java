package dev.loomlab.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The limit's error. The limit is fixed when the JVM starts, so this test runs a small child
 * JVM with {@code -Dloomlab.processLimit=1024}, as the article lowered {@code +P} to 1,024.
 */
class ProcessLimitTest {

    @Test
    void spawningPastTheLimitThrowsTooManyProcessesAndTheCountStopsAtTheLimit() throws Exception {
        var run = dev.loomlab.child.ChildJvm.launch(LimitProbe.class.getName(), List.of(),
                List.of("-Dloomlab.processLimit=1024"), Duration.ofSeconds(60), line -> { });
        assertThat(run.exitCode()).as(String.join("\n", run.stderrTail())).isZero();
        assertThat(run.stderrTail()).contains("live=1024",
                "error=too many processes: the limit is 1,024 live processes (BEAM's +P). Raise it when the JVM "
                        + "starts with -Dloomlab.processLimit=N, or in the CLI with --process-limit N");
    }

    @Test
    void theDefaultLimitIsBeams() {
        assertThat(ProcessLimit.DEFAULT).isEqualTo(1_048_576);
    }

    @Test
    void theExceptionCarriesTheLimit() {
        assertThatThrownBy(() -> { throw new ProcessLimitException(7); })
                .isInstanceOf(ProcessLimitException.class)
                .hasMessageContaining("too many processes")
                .hasMessageContaining("--process-limit");
    }

    /** Runs in the child: spawns until refused, prints what it saw, cleans up. */
    public static final class LimitProbe {
        public static void main(String[] args) throws Exception {
            List<Pid> pids = new ArrayList<>();
            String error = "none";
            try {
                for (int i = 0; i < 2000; i++) {
                    pids.add(Processes.spawn(self -> self.receive()));
                }
            } catch (ProcessLimitException e) {
                error = e.getMessage();
            }
            System.err.println("live=" + Processes.live());
            System.err.println("error=" + error);
            for (Pid pid : pids) {
                pid.kill();
            }
            for (Pid pid : pids) {
                pid.awaitExit(Duration.ofSeconds(10));
            }
            System.exit(Processes.live() == 0 ? 0 : 3);
        }
    }
}
