package dev.loomlab.articles;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.display.Display;
import dev.loomlab.experiment.Kind;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import dev.loomlab.view.Grid;
import java.util.stream.IntStream;

/** The helpers notebooks 03 and 04 call, at tiny sizes: each returns a table or a chart, failures as rows. */
class NotebookHelpersTest {

    @Test
    void millionTasksPutsOursBesideEveryRuntime() {
        TasksRuns runs = MillionTasks.measure(Duration.ofMillis(200), new int[] {1, 10}, Kind.VIRTUAL);
        Grid table = runs.grid();
        assertThat(table.rowCount()).isEqualTo(2);
        assertThat(table.texts("outcome").get(0)).as("a tier below the largest, over the table's fresh VMs")
                .isEqualTo("ok, " + dev.loomlab.experiment.FreshJvm.TABLE_VMS + " VMs");
        assertThat(table.texts("outcome").get(1)).matches("ok, \\d+ VMs"); // the largest tier, where kinds are compared, over fresh VMs
        assertThat(table.texts("peak MiB (ours)").get(0)).as("the peak with its interval").matches("[\\d.,]+ \\[[\\d.,]+, [\\d.,]+\\]");
        assertThat(table.number(0, "OpenJDK 23 VT, 2024, MB")).isEqualTo(46.91);
        assertThat(table.number(0, "ours / 2024")).isPositive();
        assertThat(table.columnNames()).hasSize(7).doesNotContain("ours / 2023", "heap after GC, MiB");
        assertThat(runs.details().get(0).columnNames()).contains("ours / 2023", "heap after GC, MiB", "all asleep at once");
        assertThat(runs.atOneMillion().grid().columnNames()).hasSizeLessThanOrEqualTo(7).doesNotContain("2023, MB");
        assertThat(runs.peakMegabytes(Kind.VIRTUAL, 10)).isPositive();
        Grid every = runs.everyRuntime();
        assertThat(every.texts("runtime")).contains("Go 1.23.3", "Elixir",
                "JVM here: virtual threads (the benchmark's program)");
        assertThat(runs.perTask().rowCount()).isGreaterThan(5);
        assertThat(Display.mimeBundle(runs.chart())).containsKey(Display.PNG);
        assertThat(Display.mimeBundle(runs)).containsKey(Display.HTML);
    }

    @Test
    void aFailedRunIsARowNotAnException() {
        TasksRuns runs = MillionTasks.measure(Duration.ofMillis(100), new int[] {200_000}, Kind.VIRTUAL);
        assertThat(runs.grid().texts("outcome").get(0)).contains("cap");
    }

    @Test
    void publishedTablesNeedNoRun() {
        assertThat(MillionTasks.published(10_000).rowCount()).isEqualTo(13);
        assertThat(MillionTasks.published(1_000).title()).contains("none published");
        assertThat(MillionTasks.publishedAll().rowCount()).isEqualTo(13);
        assertThat(Klab.addressSpace().rowCount()).isGreaterThan(4);
        assertThat(Klab.sixtyFourBit().rowCount()).isGreaterThan(4);
    }

    @Test
    void klabLimitsShowTheErrorAsARow() {
        Grid limits = Klab.limits(50);
        assertThat(limits.texts("error")).contains("ProcessLimitException");
        assertThat(limits.texts("message")).anyMatch(m -> m.startsWith("too many processes"));
    }

    @Test
    void klabMemoryRingAndStacksAtTinySizes() {
        ProcessMemory memory = Klab.perProcess(100);
        assertThat(memory.processBytes()).isPositive();
        assertThat(memory.hibernatedBytes()).isPositive();
        assertThat(memory.grid().rowCount()).isEqualTo(8);
        assertThat(memory.grid().texts("runtime")).noneMatch(r -> r.contains("OTP 28"));
        assertThat(memory.details().get(0).rowCount()).isEqualTo(9);
        assertThat(memory.grid().columnNames()).contains("vs BEAM here (idle or hibernated, same n)");
        assertThat(memory.notes()).allMatch(n -> n.startsWith("On this machine"));
        assertThat(memory.toString()).startsWith(memory.grid().toText()).contains("  note: On this machine");
        assertThat(memory.wall().texts("how")).anyMatch(h -> h.startsWith("EXTRAPOLATION"));
        assertThat(memory.hibernation().grid().rowCount()).isEqualTo(3);
        assertThat(memory.hibernation().grid().columnNames()).hasSizeLessThanOrEqualTo(7);
        assertThat(memory.hibernation().grid().texts("BEAM, published")).allMatch(w -> w.contains("KLab"));
        assertThat(memory.hibernation().details().get(0).rowCount()).isEqualTo(5);
        KlabRing ring = Klab.ring(new int[] {100}, new int[] {1, 2});
        assertThat(ring.grid().rowCount()).isEqualTo(4);
        assertThat(ring.grid().columnNames()).hasSizeLessThanOrEqualTo(7)
                .contains("ns per hop incl. spawn, JVM here", "ns per hop incl. spawn, BEAM here", "ns per hop, KLab 10 M", "protocol, on the hops");
        var every = ring.details().get(0);
        assertThat(every.texts("outcome")).containsOnly("ok");
        assertThat(every.columnNames()).contains("ns per hop, hops only, JVM here", "ns per hop, hops only, BEAM here",
                "JVM / BEAM here (hops only)");
        // N = 100 is not comparable with KLab's 10 M: no ratio against it
        assertThat(IntStream.range(0, every.rowCount()).filter(i -> Double.isNaN(every.number(i, "incl. spawn / KLab (comparable N only)"))))
                .hasSize(4);
        assertThat(IntStream.range(0, every.rowCount()).filter(i -> Double.isNaN(every.number(i, "hops only / KLab (comparable N only)"))))
                .hasSize(4);
        assertThat(Display.mimeBundle(ring.chart())).containsKey(Display.PNG);
    }
}
