package dev.loomlab.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.display.Display;
import dev.loomlab.experiment.Kind;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import tech.tablesaw.api.Table;

/** The helpers notebooks 03 and 04 call, at tiny sizes: each returns a table or a chart, failures as rows. */
class NotebookHelpersTest {

    @Test
    void millionTasksPutsOursBesideEveryRuntime() {
        TasksRuns runs = MillionTasks.measure(Duration.ofMillis(200), new int[] {1, 10}, Kind.VIRTUAL);
        Table table = runs.toTable();
        assertThat(table.rowCount()).isEqualTo(2);
        assertThat(table.column("outcome").asStringColumn().asList()).containsOnly("ok");
        assertThat(table.doubleColumn("OpenJDK 23 VT, 2024, MB").get(0)).isEqualTo(46.91);
        assertThat(table.doubleColumn("ours / 2024").get(0)).isPositive();
        assertThat(table.columnNames()).hasSize(7).doesNotContain("ours / 2023", "heap after GC, MiB");
        assertThat(runs.details().get(0).columnNames()).contains("ours / 2023", "heap after GC, MiB", "all asleep at once");
        assertThat(runs.atOneMillion().grid().columnNames()).hasSizeLessThanOrEqualTo(7).doesNotContain("2023, MB");
        assertThat(runs.peakMegabytes(Kind.VIRTUAL, 10)).isPositive();
        Table every = runs.everyRuntime();
        assertThat(every.stringColumn("runtime").asList()).contains("Go 1.23.3", "Elixir",
                "JVM here: virtual threads (the benchmark's program)");
        assertThat(runs.perTask().rowCount()).isGreaterThan(5);
        assertThat(Display.mimeBundle(runs.chart())).containsKey(Display.PNG);
        assertThat(Display.mimeBundle(runs)).containsKey(Display.HTML);
    }

    @Test
    void aFailedRunIsARowNotAnException() {
        TasksRuns runs = MillionTasks.measure(Duration.ofMillis(100), new int[] {200_000}, Kind.VIRTUAL);
        assertThat(runs.toTable().stringColumn("outcome").get(0)).contains("cap");
    }

    @Test
    void publishedTablesNeedNoRun() {
        assertThat(MillionTasks.published(10_000).rowCount()).isEqualTo(13);
        assertThat(MillionTasks.published(1_000).name()).contains("none published");
        assertThat(MillionTasks.publishedAll().rowCount()).isEqualTo(13);
        assertThat(Klab.addressSpace().rowCount()).isGreaterThan(4);
        assertThat(Klab.sixtyFourBit().rowCount()).isGreaterThan(4);
    }

    @Test
    void klabLimitsShowTheErrorAsARow() {
        Table limits = Klab.limits(50);
        assertThat(limits.stringColumn("error").asList()).contains("ProcessLimitException");
        assertThat(limits.stringColumn("message").asList()).anyMatch(m -> m.startsWith("too many processes"));
    }

    @Test
    void klabMemoryRingAndStacksAtTinySizes() {
        ProcessMemory memory = Klab.perProcess(100);
        assertThat(memory.processBytes()).isPositive();
        assertThat(memory.hibernatedBytes()).isPositive();
        assertThat(memory.toTable().rowCount()).isEqualTo(8);
        assertThat(memory.toTable().stringColumn("runtime").asList()).noneMatch(r -> r.contains("OTP 28"));
        assertThat(memory.details().get(0).rowCount()).isEqualTo(9);
        assertThat(memory.toTable().columnNames()).contains("vs BEAM here (idle or hibernated, same n)");
        assertThat(memory.notes()).allMatch(n -> n.startsWith("On this machine"));
        assertThat(memory.wall().stringColumn("how").asList()).anyMatch(h -> h.startsWith("EXTRAPOLATION"));
        assertThat(memory.hibernation().grid().rowCount()).isEqualTo(3);
        assertThat(memory.hibernation().grid().columnNames()).hasSizeLessThanOrEqualTo(7);
        assertThat(memory.hibernation().grid().texts("BEAM, published")).allMatch(w -> w.contains("KLab"));
        assertThat(memory.hibernation().details().get(0).rowCount()).isEqualTo(5);
        KlabRing ring = Klab.ring(new int[] {100}, new int[] {1, 2});
        assertThat(ring.toTable().rowCount()).isEqualTo(4);
        assertThat(ring.toTable().columnNames()).hasSizeLessThanOrEqualTo(7)
                .contains("ns per hop incl. spawn, JVM here", "ns per hop incl. spawn, BEAM here", "ns per hop, KLab 10 M", "protocol");
        var every = ring.details().get(0);
        assertThat(every.stringColumn("outcome").asList()).containsOnly("ok");
        assertThat(every.columnNames()).contains("ns per hop, hops only, JVM here", "ns per hop, hops only, BEAM here",
                "JVM / BEAM here (hops only)");
        // N = 100 is not comparable with KLab's 10 M: no ratio against it
        assertThat(every.doubleColumn("incl. spawn / KLab (comparable N only)").countMissing()).isEqualTo(4);
        assertThat(every.doubleColumn("hops only / KLab (comparable N only)").countMissing()).isEqualTo(4);
        assertThat(Display.mimeBundle(ring.chart())).containsKey(Display.PNG);
    }
}
