package dev.loomlab.gc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.NoLeaks;
import dev.loomlab.measure.Cap;
import dev.loomlab.util.Progress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The GC-pause plan: what it refuses, the flags each row's JVM gets, and one small row run for real. */
@ExtendWith(NoLeaks.class)
class GcPausesTest {

    @AfterEach
    void restoreCap() {
        Cap.set(Cap.DEFAULT);
    }

    @Test
    void eachRowsJvmGetsItsCollectorTheSameHeapAndTheSafepointLog() {
        GcPauses plan = GcPauses.of(1_000, 50_000);
        List<String> flags = plan.flags(Collector.ZGC, Path.of("/tmp/sp.log"));
        assertThat(flags.get(0)).isEqualTo("-XX:+UseZGC");
        assertThat(flags).contains(plan.heapFlag(), SafepointLog.flag(Path.of("/tmp/sp.log")));
        assertThat(plan.flags(Collector.SERIAL, Path.of("x")).get(1)).isEqualTo(plan.flags(Collector.G1, Path.of("x")).get(1));
        assertThat(plan.heapFlag()).matches("-Xmx\\d+m");
    }

    @Test
    void badPlansAreRefusedBeforeAnyJvmStarts() {
        assertThatThrownBy(() -> new GcPauses(List.of(), List.of(10), 16, 1000, Duration.ZERO, Duration.ofSeconds(1)))
                .hasMessageContaining("--gc");
        assertThatThrownBy(() -> new GcPauses(List.of(Collector.G1), List.of(10), 0, 1000, Duration.ZERO, Duration.ofSeconds(1)))
                .hasMessageContaining("--slots");
        Cap.set(1_000);
        assertThatThrownBy(() -> GcPauses.of(5_000)).hasMessageContaining("above the cap");
    }

    @Test
    void aSmallRowReportsPausesAndRoundTripsFromItsChildJvm() {
        var plan = new GcPauses(List.of(Collector.SERIAL), List.of(200), 8, 20_000, Duration.ofMillis(200), Duration.ofMillis(500));
        var section = plan.run(Progress.SILENT);
        var table = section.grid();
        assertThat(table.rowCount()).isEqualTo(1);
        assertThat(table.columnNames()).hasSizeLessThanOrEqualTo(7);
        assertThat(table.texts("outcome").get(0)).startsWith("ok");
        var every = section.details().get(0);
        assertThat(every.number(0, "round trips")).isPositive();
        assertThat(every.number(0, "GC pauses")).isNotNaN().isGreaterThanOrEqualTo(0);
        assertThat(section.notes()).anyMatch(n -> n.startsWith("BEAM (the article): per-process GC"));
        assertThat(section.notes()).anyMatch(n -> n.contains("safepoint log"));
        assertThat(section.chart()).isNotNull();
    }

    @Test
    void theVerdictNamesTheLongestPauseAndWhatItDidToRoundTrips() {
        var quiet = new GcPauses.Row(Collector.ZGC, 1000, 4, 50, 90, 100, 0.1, 1000, 5, 9, 120, 2, 120, 9, "ZGC Minor Pauses 2", "ok (exit 0)");
        var loud = new GcPauses.Row(Collector.SERIAL, 1000, 2, 4000, 9000, 9000, 5, 1000, 5, 9, 9100, 3, 9100, 8, "Copy 2", "ok (exit 0)");
        var failed = new GcPauses.Row(Collector.G1, 1000, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, "", "killed at its deadline (60 s)");
        List<String> notes = GcPauses.notes(List.of(quiet, loud, failed));
        assertThat(notes.get(0)).contains("serial").contains("9,000 µs");
        assertThat(notes).anyMatch(n -> n.startsWith("serial, 1,000 processes: 3 round trips overlapped a pause"));
        assertThat(notes).anyMatch(n -> n.startsWith("g1, 1,000 processes: no figures, killed at its deadline"));
    }
}
