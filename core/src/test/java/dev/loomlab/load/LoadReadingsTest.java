package dev.loomlab.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.measure.Env;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The readings computed from load rows: the reductions table, loaded / idle, and whether anyone starved. Synthetic rows, no timing. */
class LoadReadingsTest {

    private static LoadRow row(String kind, int loops, String status, double p50, List<Double> perLoop) {
        double total = perLoop.stream().mapToDouble(Double::doubleValue).sum();
        return new LoadRow(kind, loops, 2, 2, status, LoadRow.STARVED.equals(status), 2_000, 10, 10, p50, p50, p50, p50,
                perLoop.isEmpty() ? Double.NaN : total / perLoop.size(), total, perLoop.isEmpty() ? Double.NaN : perLoop.get(0),
                perLoop, "");
    }

    private static LoadResult result(List<LoadKind> kinds, LoadRow... rows) {
        LoadSpec spec = new LoadSpec(kinds, List.of(0, 1, 2, 4), 100, Duration.ofSeconds(2), 0, List.of());
        return new LoadResult(spec, Env.current(), false, List.of(rows));
    }

    @Test
    void workPerLoopAveragesOverAllLoopsAndKeepsTheFirstAndTheTotalApart() {
        LoadResult r = result(List.of(LoadKind.PLATFORM),
                row("platform", 0, LoadRow.OK, 5, List.of()),
                row("platform", 1, LoadRow.OK, 6, List.of(600e6)),
                row("platform", 4, LoadRow.OK, 9, List.of(400e6, 200e6, 100e6, 100e6)));
        List<WorkPerLoop.Line> ours = r.reductions().lines().stream().filter(WorkPerLoop.Line::ours).toList();
        assertThat(ours).hasSize(2);
        WorkPerLoop.Line four = ours.get(1);
        assertThat(four.total()).isEqualTo(800.0);
        assertThat(four.perLoop()).isEqualTo(200.0);
        assertThat(four.first()).isEqualTo(400.0);
        assertThat(four.firstOverAverage()).isEqualTo(2.0);
        assertThat(r.reductions().lines()).anyMatch(l -> !l.ours() && l.loops() == 16 && l.total() == 3075.0 && l.first() == 387.0);
        assertThat(r.reductions().verdict()).contains("600 M/s with 1 loop to 800 with 4 (1.3×)")
                .contains("first loop alone read 400, 2.0× the average (it overstates)");
        assertThat(r.reductions().grid().columnNames()).contains("machine total", "first loop alone");
    }

    @Test
    void loadedAgainstIdleIsARatioForKindsThatAnsweredAndFrozenForThoseThatStarved() {
        LoadResult r = result(List.of(LoadKind.PLATFORM, LoadKind.VIRTUAL),
                row("platform", 0, LoadRow.OK, 2, List.of()),
                row("platform", 4, LoadRow.OK, 24, List.of(1e6, 1e6, 1e6, 1e6)),
                row("virtual", 0, LoadRow.OK, 3, List.of()),
                row("virtual", 4, LoadRow.STARVED, Double.NaN, List.of()));
        List<IdleAgainstLoaded.Line> lines = r.idleAgainstLoaded().lines();
        assertThat(lines.get(0).ratioP50()).isEqualTo(12.0);
        assertThat(lines.get(1).answered()).isFalse();
        assertThat(lines.get(2).ratioMean()).isCloseTo(53.6, org.assertj.core.data.Offset.offset(0.1));
        assertThat(r.idleAgainstLoaded().grid().columnNames()).hasSize(7).contains("loaded / idle (p50)", "loaded / idle (mean)")
                .doesNotContain("carriers", "idle mean µs");
        assertThat(r.idleAgainstLoaded().details().get(0).columnNames()).contains("carriers", "idle mean µs", "loaded mean µs");
        String verdict = r.idleAgainstLoaded().verdict();
        assertThat(verdict).contains("JVM platform: 12× slower with 4 loops (p50 2 → 24 µs)")
                .contains("JVM virtual with 4 loops: STARVED").contains("frozen rather than slower")
                .contains("54× slower with 16 loops (mean 1.6 → 85.8 µs)");
        assertThat(r.starvationVerdict()).contains("JVM virtual (from 4 loops) starved: no round trip within 2,000 ms")
                .contains("JVM platform answered");
    }

    @Test
    void aRunWhereNothingStarvedSaysSo() {
        LoadResult r = result(List.of(LoadKind.VIRTUAL),
                row("virtual", 0, LoadRow.OK, 3, List.of()),
                row("virtual", 4, LoadRow.OK, 30, List.of(1e6, 1e6, 1e6, 1e6)));
        assertThat(r.starvationVerdict()).contains("no kind starved this time").doesNotContain("frozen");
    }

    @Test
    void loopsDoubleUpToTwiceTheCarriers() {
        assertThat(LoadSpec.of(LoadKind.PLATFORM).withLoopsDoublingTo(6).loops()).containsExactly(1, 2, 4, 6);
        assertThat(LoadSpec.of(LoadKind.PLATFORM).withLoopsDoublingTo(4).loops()).containsExactly(1, 2, 4);
    }
}
