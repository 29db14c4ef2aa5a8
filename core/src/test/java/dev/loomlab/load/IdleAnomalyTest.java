package dev.loomlab.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.measure.Env;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Notebook 05: the German article's "higher with no load than with one loop", answered from the run's rows. */
class IdleAnomalyTest {

    private static LoadRow row(String kind, int loops, double p50, String status) {
        return new LoadRow(kind, loops, 1, 2, status, LoadRow.STARVED.equals(status), 100, 10, 10, p50, p50, p50, p50,
                Double.NaN, Double.NaN, Double.NaN, List.of(), "");
    }

    @Test
    void eachKindSaysYesNoOrWhyItCannotTell() {
        assertThat(IdleAnomaly.of("JVM platform", List.of(row("platform", 0, 30, LoadRow.OK), row("platform", 1, 20, LoadRow.OK)))
                .shows()).isEqualTo("yes: the median with no load is 1.5× the one with one loop (one VM a row: no interval)");
        assertThat(IdleAnomaly.of("JVM parking", List.of(row("parking", 0, 10, LoadRow.OK), row("parking", 1, 25, LoadRow.OK)))
                .shows()).isEqualTo("no: the median with one loop is 2.5× the one with no load (one VM a row: no interval)");
        assertThat(IdleAnomaly.of("JVM virtual", List.of(row("virtual", 0, 10, LoadRow.OK),
                row("virtual", 1, Double.NaN, LoadRow.STARVED))).shows()).startsWith("cannot tell: no median with 1 busy loop (STARVED");
        assertThat(IdleAnomaly.of("JVM virtual", List.of(row("virtual", 0, 10, LoadRow.OK))).shows()).startsWith("not asked");
    }

    @Test
    void theTableAddsTheArticlesRowAndTheNoteSumsUpTheRun() {
        LoadSpec spec = LoadSpec.of(LoadKind.PLATFORM, LoadKind.VIRTUAL).withLoops(0, 1).withParallelism(1);
        LoadResult result = new LoadResult(spec, Env.current(), false, List.of(row("platform", 0, 30, LoadRow.OK),
                row("platform", 1, 20, LoadRow.OK), row("virtual", 0, 10, LoadRow.OK), row("virtual", 1, Double.NaN, LoadRow.STARVED)));
        var anomaly = result.idleAnomaly();
        var table = anomaly.grid();
        assertThat(table.rowCount()).isEqualTo(3);
        assertThat(table.texts("runtime").get(2)).contains("published");
        assertThat(anomaly.notes()).singleElement().asString()
                .contains("shows for JVM platform; not for none; no answer for JVM virtual");
    }

    @Test
    void thePublishedRowsAreTheArticleWhoseSchedulersMatchTheRun() {
        LoadSpec oneCarrier = LoadSpec.of(LoadKind.PLATFORM).withLoops(0, 1).withParallelism(1);
        LoadSpec defaultCarriers = LoadSpec.of(LoadKind.PLATFORM).withLoops(0, 1);
        assertThat(new LoadResult(oneCarrier, Env.current(), false, List.of()).published())
                .isNotEmpty().allMatch(f -> f.source().equals("unter-last"));
        assertThat(new LoadResult(defaultCarriers, Env.current(), false, List.of()).published())
                .isNotEmpty().allMatch(f -> f.source().equals("un-million"));
    }

    @Test
    void aKindWithoutItsIdleOrOneLoopRowHasNoAnswerRatherThanANo() {
        LoadSpec spec = LoadSpec.of(LoadKind.PLATFORM, LoadKind.VIRTUAL).withLoops(0, 1);
        LoadResult result = new LoadResult(spec, Env.current(), false, List.of(row("platform", 0, 20, LoadRow.OK),
                row("platform", 1, 30, LoadRow.OK), row("virtual", 0, 10, LoadRow.OK)));
        assertThat(result.idleAnomaly().notes()).singleElement().asString()
                .contains("shows for no kind; not for JVM platform; no answer for JVM virtual");
    }

    @Test
    void aSmallSlopeKeepsItsSignificantDigits() {
        assertThat(LoadSlopes.significant(0.0022345)).isEqualTo(0.00223);
        assertThat(LoadSlopes.significant(14.2345)).isEqualTo(14.2);
        assertThat(LoadSlopes.significant(Double.NaN)).isNaN();
    }

    @Test
    void theLoadTableHasNoMaxColumnAndItsNotesSayWhy() {
        LoadResult result = new LoadResult(LoadSpec.of(LoadKind.PLATFORM).withLoops(0), Env.current(), false,
                List.of(row("platform", 0, 30, LoadRow.OK)));
        assertThat(result.grid().columnNames()).contains("p50 µs", "p99 µs").noneMatch(n -> n.startsWith("max"));
        assertThat(result.notes()).anyMatch(n -> n.startsWith("no maximum in the table") && n.contains("--json"));
        assertThat(result.toJson()).contains("roundTripMicrosMax");
    }
}
