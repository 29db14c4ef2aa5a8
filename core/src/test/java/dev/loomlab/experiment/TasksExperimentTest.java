package dev.loomlab.experiment;

import dev.loomlab.util.Progress;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.NoLeaks;
import dev.loomlab.measure.Cap;
import dev.loomlab.process.Processes;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The million-tasks experiment at n = 10, and the hibernated ring, small; no timing assertions. */
@ExtendWith(NoLeaks.class)
class TasksExperimentTest {

    @AfterEach
    void restoreCap() {
        Cap.set(Cap.DEFAULT);
    }

    private static ExperimentSpec tasks(long n, Kind kind, String sleep) {
        return ExperimentSpec.of("tasks", n).withKind(kind).withOption("sleep", sleep);
    }

    @ParameterizedTest
    @EnumSource(value = Kind.class, names = {"PROCESS", "VIRTUAL", "PLATFORM"}) // BEAM runs in its own VM: dev.loomlab.beam
    void tenSleepingTasksReportThePeakOfTheWholeJvmAndTheHeapAfterGc(Kind kind) throws Exception {
        Measurement m = Experiments.runHere(tasks(10, kind, "200ms"), Progress.SILENT);
        assertThat(m.metric("peakRssBytes")).as("peak RSS of a whole JVM").isGreaterThan(10 * 1024 * 1024);
        assertThat(m.metric("peakMegabytes")).isEqualTo(m.metric("peakRssBytes") / (1024.0 * 1024.0));
        assertThat(m.metric("heapAfterGcBytes")).isPositive();
        assertThat(m.metric("peakRssWithGcBytes")).isPositive();
        assertThat(m.metric("rssAsleepBytes")).isPositive().isLessThanOrEqualTo(m.metric("peakRssBytes"));
        assertThat(m.metric("elapsedMillis")).isGreaterThanOrEqualTo(200);
        assertThat(m.notes()).anyMatch(n -> n.contains("VmHWM"));
        assertThat(Processes.live()).as("nothing ran in this JVM").isZero();
    }

    @Test
    void withoutGcThereIsOneUntouchedRunAndNoHeapFigure() throws Exception {
        Measurement m = Experiments.runHere(tasks(10, Kind.VIRTUAL, "200ms").withOption("gc", "false"), Progress.SILENT);
        assertThat(m.metric("peakRssBytes")).isPositive();
        assertThat(m.metric("heapAfterGcBytes")).isNaN();
    }

    @Test
    void theBreakdownListsNativeMemoryCategories() throws Exception {
        Measurement m = Experiments.runHere(tasks(1, Kind.VIRTUAL, "100ms").withOption("gc", "false")
                .withOption("breakdown", "true"), Progress.SILENT);
        assertThat(m.metrics().keySet()).anyMatch(k -> k.startsWith("nmt") && k.endsWith("CommittedBytes"));
    }

    @Test
    void jvmFlagsReachTheMeasuredJvmAndAnOutOfMemoryIsNamed() {
        assertThatThrownBy(() -> Experiments.runHere(tasks(100_000, Kind.VIRTUAL, "1s").withJvmFlags("-Xmx16m")
                .withOption("gc", "false"), Progress.SILENT))
                .hasMessageContaining("the measured JVM ran out of heap").hasMessageContaining("at -Xmx16m")
                .hasMessageContaining("--jvm-opt -Xmx64m");
    }

    @Test
    void badInputGetsAClearError() {
        Experiment tasks = Experiments.named("tasks");
        assertThatThrownBy(() -> tasks.validate(tasks(10, Kind.VIRTUAL, "soon")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--sleep").hasMessageContaining("500ms");
        assertThatThrownBy(() -> tasks.validate(tasks(10, Kind.VIRTUAL, "0ms")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("positive");
        assertThatThrownBy(() -> tasks.validate(tasks(10, Kind.VIRTUAL, "20m")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("10 minutes");
        assertThatThrownBy(() -> tasks.validate(tasks(10, Kind.VIRTUAL, "10s").withDeadline(Duration.ofSeconds(8))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("deadline");
        assertThatThrownBy(() -> tasks.validate(tasks(0, Kind.VIRTUAL, "1s")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 1");
        assertThatThrownBy(() -> tasks.validate(tasks(200_000, Kind.VIRTUAL, "1s")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cap");
        assertThatThrownBy(() -> tasks.validate(tasks(20_000, Kind.PLATFORM, "1s")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("OS thread");
        assertThatThrownBy(() -> tasks.validate(tasks(10, Kind.VIRTUAL, "1s").withOption("gc", "maybe")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("gc");
    }

    @Test
    void theHibernatedRingPassesTheTokenAndLeavesNoProcess() throws Exception {
        Measurement m = Experiments.runHere(ExperimentSpec.of("ring-hibernated", 300).withM(10), Progress.SILENT);
        assertThat(m.experiment()).isEqualTo("ring-hibernated");
        assertThat(m.metric("nsPerHop")).isPositive();
        // KLab's ring is published at 10,000,000: not comparable with 300, so it is not set beside ours
        assertThat(m.published("nsPerHop")).isEmpty();
        assertThat(dev.loomlab.published.PublishedFigures.nearest("ring-hibernated", "nsPerHop", 300, 10L)).isPresent();
    }

    @Test
    void theHibernatedRingIsMadeOfProcesses() {
        assertThatThrownBy(() -> Experiments.named("ring-hibernated")
                .validate(ExperimentSpec.of("ring-hibernated", 10).withM(1).withKind(Kind.VIRTUAL)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--kind process");
    }
}
