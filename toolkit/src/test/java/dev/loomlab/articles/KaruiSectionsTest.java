package dev.loomlab.articles;

import dev.loomlab.display.Tables;
import dev.loomlab.view.Section;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.display.Display;
import dev.loomlab.util.Progress;
import dev.loomlab.measure.Cap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The section helpers at small sizes, each in fresh child JVMs: tables with the article's figures beside, and charts. */
class KaruiSectionsTest {

    @AfterEach
    void restoreCap() {
        Cap.set(Cap.DEFAULT);
    }

    @Test
    void idleScalingHasOneRowPerSizeAndAChart() {
        Section r = Karui.idleScaling(new int[] {200, 1_000}, Progress.SILENT);
        assertThat(Tables.from(r.grid()).rowCount()).isEqualTo(2);
        assertThat(Tables.from(r.grid()).columnNames()).contains("BEAM bytes / process (article)");
        assertThat(Tables.from(r.grid()).doubleColumn("BEAM bytes / process (article)").get(0)).isEqualTo(2600);
        assertThat(Tables.from(r.grid()).columnNames()).contains("JVM bytes / process", "BEAM here bytes / process", "JVM / BEAM here (memory)")
                .doesNotContain("JVM µs / spawn").hasSizeLessThanOrEqualTo(7);
        assertThat(r.details().get(0).columnNames()).contains("JVM µs / spawn", "BEAM here total MB").hasSize(12);
        assertThat(r.chart().series()).anyMatch(s -> s.name().equals("BEAM here (this machine)"));
        assertThat(r.notes()).anyMatch(n -> n.startsWith("On this machine, 200 idle processes"));
        assertThat(Display.mimeBundle(r.chart())).containsKey(Display.PNG);
        assertThat(Display.mimeBundle(r)).containsKey(Display.HTML);
    }

    @Test
    void stateHasTheBaselineAndTheArticlesGrowth() {
        Section r = Karui.state(new int[] {10, 100, 1_000}, 300, Progress.SILENT);
        assertThat(Tables.from(r.grid()).rowCount()).isEqualTo(4);
        assertThat(Tables.from(r.grid()).doubleColumn("BEAM growth (article)").get(2)).isEqualTo(1);
        assertThat(Tables.from(r.grid()).doubleColumn("BEAM growth (article)").get(3)).isEqualTo(10);
        assertThat(r.notes()).anyMatch(n -> n.contains("bends near"));
        // the growth against 10 elements is this run's, for both runtimes, before the article's words
        assertThat(r.notes()).anyMatch(n -> n.matches("Against 10 elements, (BEAM here's bytes per process grew .*; )?"
                + "the JVM's [0-9.]+× at 100, [0-9.]+× at 1,000\\. The article's BEAM: no growth up to 100 elements.*"));
        assertThat(Tables.from(r.grid()).columnNames()).contains("BEAM here bytes / process", "JVM / BEAM here")
                .hasSizeLessThanOrEqualTo(7);
        assertThat(r.details().get(0).columnNames()).contains("processes", "BEAM, article");
        assertThat(Display.mimeBundle(r.chart())).containsKey(Display.PNG);
    }

    @Test
    void kindsPutsFourMeasuredRowsBesideThreePublishedOnes() {
        Section r = Karui.kinds(500, 20, Progress.SILENT);
        assertThat(Tables.from(r.grid()).rowCount()).isEqualTo(7);
        assertThat(Tables.from(r.grid()).stringColumn("unit").asList()).contains("JVM platform thread", "BEAM here", "Go 1.25.1 goroutines");
        assertThat(Tables.from(r.grid()).columnNames()).contains("memory vs BEAM here").doesNotContain("memory vs BEAM")
                .hasSizeLessThanOrEqualTo(7);
        assertThat(r.details().get(0).columnNames()).contains("memory vs BEAM", "heap B / unit", "RSS B / unit");
        assertThat(r.notes()).anyMatch(n -> n.startsWith("On this machine, a toolkit process against an idle BEAM process"));
        assertThat(Display.mimeBundle(r.chart())).containsKey(Display.PNG);
    }

    @Test
    void warmUpShowsEveryRun() {
        Section r = Karui.warmUp(300, 2, Progress.SILENT);
        assertThat(Tables.from(r.grid()).rowCount()).isEqualTo(2);
        assertThat(Tables.from(r.grid()).doubleColumn("Go ns (article, 5 x 500k)").get(0)).isEqualTo(830);
        assertThat(r.grid().columnNames()).hasSizeLessThanOrEqualTo(7);
        assertThat(r.details().get(0).columnNames()).contains("process B/process, one JVM");
    }

    @Test
    void badInputIsRefusedBeforeAnyJvmStarts() {
        assertThatThrownBy(() -> Karui.warmUp(300, 1, Progress.SILENT)).hasMessageContaining("runs must be between 2 and 20");
        assertThatThrownBy(() -> Karui.state(new int[] {-1}, 10, Progress.SILENT)).hasMessageContaining("negative");
        assertThatThrownBy(() -> Karui.kinds(200_000, 10, Progress.SILENT)).hasMessageContaining("above the cap");
        Cap.set(100);
        assertThatThrownBy(() -> Karui.idleScaling(Cap.tiers(1_000), Progress.SILENT)).hasMessageContaining("no sizes");
    }
}
