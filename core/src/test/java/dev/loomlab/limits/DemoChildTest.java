package dev.loomlab.limits;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.NoLeaks;
import dev.loomlab.jvm.ChildCall;
import dev.loomlab.jvm.ChildReply;
import dev.loomlab.util.Progress;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A runaway demo child through the one child protocol: when it catches its own OutOfMemoryError it
 * writes its figures as its result file; when the JVM stops it at the first one, the figures it
 * streamed before are what the parent reads. Either way the cell says "out of memory".
 */
@ExtendWith(NoLeaks.class)
class DemoChildTest {

    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @Test
    void aRunawayThatCatchesItsOutOfMemoryErrorReportsItInItsResultFile() {
        ChildReply run = ChildCall.launch(List.of(), PerProcessCap.class, List.of("heap", "1024"),
                List.of("-Xmx32m", "-XX:-ExitOnOutOfMemoryError"), DEADLINE, Progress.SILENT);
        assertThat(run.result()).as(run.other().toString()).isPresent();
        assertThat(run.number("heldMiB")).isPositive();
        assertThat(run.get("stoppedBy")).startsWith("OutOfMemoryError");
        assertThat(run.ending()).isEqualTo("out of memory (exit 3)");
    }

    @Test
    void aRunawayStoppedByTheJvmLeavesTheFiguresItStreamed() {
        ChildReply run = ChildCall.launch(List.of(), PerProcessCap.class, List.of("heap", "1024"), List.of("-Xmx32m"),
                DEADLINE, Progress.SILENT);
        assertThat(run.result()).isEmpty();
        assertThat(run.number("heldMiB")).isPositive();
        assertThat(run.get("stoppedBy")).isEmpty();
        assertThat(run.ending()).isEqualTo("out of memory (exit 3)");
        assertThat(run.jvmMessage()).contains("OutOfMemoryError — Java heap space");
    }
}
