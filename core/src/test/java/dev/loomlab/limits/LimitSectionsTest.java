package dev.loomlab.limits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.util.Progress;
import dev.loomlab.view.Section;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The section-7 demos, each in child JVMs with small heaps: they end as table rows (never as
 * exceptions here), whatever this machine allows (real cgroups or simulated limits).
 */
class LimitSectionsTest {

    private static List<String> column(Section r, String name) {
        return r.grid().texts(name);
    }

    @Test
    void theThreadCeilingIsHitInTheChildOnly() {
        Section r = ThreadCeiling.section(128, Progress.SILENT);
        assertThat(column(r, "limit")).contains("/proc/sys/kernel/threads-max", "demo: platform threads started",
                "demo: virtual threads under the same ceiling");
        int row = column(r, "limit").indexOf("demo: virtual threads under the same ceiling");
        assertThat(column(r, "value").get(row)).isEqualTo("10000");
    }

    @Test
    void cpuProbeReportsWhatTheJvmDerived() {
        Section r = CpuLimit.section(new int[] {1}, 200, 1, Progress.SILENT);
        // one row per CPU count: a real quota where one can be made, simulated otherwise
        assertThat(r.grid().rowCount()).isEqualTo(1);
        assertThat(r.grid().get(0, "availableProcessors")).isEqualTo(1);
        assertThat(r.grid().get(0, "carriers")).isEqualTo(1);
        // the spawn timing follows the warm-up protocol: steady after some runs, or says it was not
        assertThat(r.details().get(0).texts("protocol").get(0)).matches("steady after \\d+ runs|NOT steady: the last of \\d+ runs");
        assertThat(r.grid().columnNames()).hasSizeLessThanOrEqualTo(7);
        assertThat(r.details().get(0).number(0, "ns/spawn, after warm-up")).isPositive(); // the spawn times, one click away
        // BEAM here ran with one scheduler, or its cell says why not (Erlang missing)
        assertThat(r.details().get(0).texts("BEAM here ns/spawn (erl +S CPUs)").get(0)).matches("[\\d,]+|.*erlang.*");
    }

    @Test
    void aFullHeapIsAnErrorWithAMessageNotASilentKill() {
        Section r = MemoryLimit.section(Progress.SILENT);
        assertThat(column(r, "max heap it chose").get(0)).isEqualTo("128 MiB");
        assertThat(String.join(" ", column(r, "when it fills"))).contains("out of memory");
        assertThat(String.join(" ", column(r, "detail"))).contains("Java heap space");
    }

    @Test
    void offHeapMemoryIsCountedOutsideTheHeap() {
        Section r = OffHeap.section(20, 8, 100, Progress.SILENT);
        assertThat(r.grid().rowCount()).isEqualTo(3);
        assertThat(column(r, "outside the heap (NMT)").get(1)).isEqualTo("Other 8 MiB");
    }

    @Test
    void virtualThreadsHaveNoAllocationAccountingAndDirectBuffersHaveTheirOwnCap() {
        Section r = PerProcessCap.section(Progress.SILENT);
        String all = String.join(" ", column(r, "what happened"));
        assertThat(all).contains("-1 / -1").contains("direct buffer memory").contains("reached the demo's own cap");
    }

    @Test
    void theSupervisorGivesUpWithAReasonAndExitCodeOne() {
        Section r = SupervisedRunaway.section(3, 60, Progress.SILENT);
        String log = String.join("\n", column(r, "log (child JVM, -Xmx64m)"));
        assertThat(log).contains("[heartbeat]").contains("[hog] started").contains("restarted hog")
                .contains("reached_max_restart_intensity").contains("exit code 1");
        // the time to give up is read when the supervisor gave up, before its children's shutdown, which the end comes after
        var end = java.util.regex.Pattern.compile("gave up after ([0-9.,]+) s, ended after ([0-9.,]+) s").matcher(log);
        assertThat(end.find()).as(log).isTrue();
        assertThat(Double.parseDouble(end.group(1).replace(",", ""))).isLessThanOrEqualTo(Double.parseDouble(end.group(2).replace(",", "")));
        List<String> lines = column(r, "log (child JVM, -Xmx64m)");
        int givingUp = lines.indexOf(lines.stream().filter(l -> l.contains("restart intensity used up")).findFirst().orElseThrow());
        String at = column(r, "time").get(givingUp);
        assertThat(Double.parseDouble(end.group(1).replace(",", ""))).as(at)
                .isCloseTo(Double.parseDouble(at.replace(" s", "")), org.assertj.core.api.Assertions.within(0.01));
    }

    @Test
    void badInputIsRefused() {
        assertThatThrownBy(() -> ThreadCeiling.section(10, Progress.SILENT)).hasMessageContaining("between 64 and 4096");
        assertThatThrownBy(() -> CpuLimit.section(new int[] {0}, 10, 1, Progress.SILENT)).hasMessageContaining("between 1 and 1024");
        assertThatThrownBy(() -> CpuLimit.section(new int[] {}, 10, 1, Progress.SILENT)).hasMessageContaining("at least one");
        assertThatThrownBy(() -> OffHeap.section(0, 1, 1, Progress.SILENT)).hasMessageContaining("threads 1..2000");
        assertThatThrownBy(() -> SupervisedRunaway.section(-1, 1, Progress.SILENT)).hasMessageContaining("max restarts");
    }
}
