package dev.loomlab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.measure.Env;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A load row over several fresh VMs: medians, intervals, statuses, and what reads them (the anomaly, the slopes, JSON). */
class LoadRowAcrossVmsTest {

    private static LoadRow vm(String kind, int loops, double p50, String status) {
        return new LoadRow(kind, loops, 1, 2, status, LoadRow.STARVED.equals(status), 100, LoadRow.OK.equals(status) ? 10 : 0, 10,
                p50, p50 * 2, p50 * 3, p50, 1e6 * loops, 2e6 * loops, 1e6, loops == 0 ? List.of() : List.of(1e6, 3e6), "");
    }

    private static LoadRow row(String kind, int loops, double... p50s) {
        return LoadRow.acrossVms(java.util.Arrays.stream(p50s).mapToObj(p -> vm(kind, loops, p, LoadRow.OK)).toList());
    }

    @Test
    void eachFigureIsTheMedianOfItsVmsAndTheP50CarriesItsInterval() {
        LoadRow r = row("platform", 4, 10, 30, 12);
        assertThat(r.vmCount()).isEqualTo(3);
        assertThat(r.roundTripMicrosP50()).isEqualTo(12);
        assertThat(r.roundTripMicrosP99()).isEqualTo(24);
        assertThat(r.perLoopOpsPerSecond()).containsExactly(1e6, 3e6);
        assertThat(r.interval(LoadRow::roundTripMicrosP50).has()).isTrue();
        assertThat(r.p50Cell()).startsWith("12 [").endsWith("]");
        assertThat(r.completed()).isTrue();
        assertThat(LoadRow.acrossVms(List.of(vm("platform", 4, 10, LoadRow.OK))).p50Cell()).isEqualTo("10");
    }

    @Test
    void vmsThatDisagreeOnTheStatusAreCountedAndTheRowIsStarvedOnlyWhenEveryVmStarved() {
        LoadRow mixed = LoadRow.acrossVms(List.of(vm("virtual", 1, 10, LoadRow.OK), vm("virtual", 1, Double.NaN, LoadRow.STARVED),
                vm("virtual", 1, 11, LoadRow.OK)));
        assertThat(mixed.status()).isEqualTo(LoadRow.MIXED);
        assertThat(mixed.starved()).isFalse();
        assertThat(mixed.completed()).isFalse();
        assertThat(mixed.verdict()).isEqualTo("ok in 2; STARVED in 1 of 3 VMs");
        assertThat(mixed.roundTripMicrosP50()).isEqualTo(10.5);
        LoadRow starved = LoadRow.acrossVms(List.of(vm("virtual", 1, Double.NaN, LoadRow.STARVED),
                vm("virtual", 1, Double.NaN, LoadRow.STARVED)));
        assertThat(starved.starved()).isTrue();
        assertThat(starved.p50Cell()).isEmpty();
        assertThatThrownBy(() -> LoadRow.acrossVms(List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theAnomalyIsAYesOrANoOnlyWhereTheIntervalsDoNotOverlap() {
        assertThat(IdleAnomaly.of("JVM platform", List.of(row("platform", 0, 30, 31, 32), row("platform", 1, 20, 21, 22))).shows())
                .startsWith("yes: the median with no load is 1.5× the one with one loop").endsWith("(the intervals do not overlap)");
        assertThat(IdleAnomaly.of("JVM platform", List.of(row("platform", 0, 20, 21, 22), row("platform", 1, 30, 31, 32))).shows())
                .startsWith("no: the median with one loop is 1.5×");
        assertThat(IdleAnomaly.of("JVM platform", List.of(row("platform", 0, 20, 40, 30), row("platform", 1, 25, 35, 28))).shows())
                .startsWith("not distinguishable: ").endsWith("but the intervals overlap");
    }

    @Test
    void loadedAgainstIdleSaysSlowerOnlyWhereTheIntervalsDoNotOverlap() {
        LoadSpec spec = LoadSpec.of(LoadKind.PLATFORM, LoadKind.PARKING).withLoops(0, 4);
        LoadResult result = new LoadResult(spec, Env.current(), false, List.of(row("platform", 0, 10, 11, 12),
                row("platform", 4, 40, 41, 42), row("parking", 0, 10, 20, 15), row("parking", 4, 12, 18, 16)));
        String verdict = result.idleAgainstLoaded().verdict();
        assertThat(verdict).contains("JVM platform: 3.7× slower with 4 loops (p50 11 → 41 µs), the intervals across fresh VMs do not overlap")
                .contains("JVM parking: 1.1× slower with 4 loops (p50 15 → 16 µs), not distinguishable from idle");
    }

    @Test
    void theSlopeHasTheIntervalOfEachVmPassSlope() {
        List<LoadRow> rows = List.of(row("platform", 10, 100, 110, 105), row("platform", 100, 1000, 1010, 1005));
        assertThat(LoadSlopes.vmSlopes(rows)).hasSize(3).allSatisfy(v -> assertThat(v).isCloseTo(10.0,
                org.assertj.core.api.Assertions.within(1e-9)));
        assertThat(LoadSlopes.interval(rows)).startsWith("[").endsWith("]");
        assertThat(LoadSlopes.interval(List.of(vm("platform", 10, 100, LoadRow.OK), vm("platform", 100, 1000, LoadRow.OK)))).isEmpty();
    }

    @Test
    void aSlopeBetweenTwoRowsIsOnePerPassOfVms() {
        LoadSpec spec = LoadSpec.of(LoadKind.PLATFORM).withLoops(10, 100);
        LoadResult result = new LoadResult(spec, Env.current(), false, List.of(row("platform", 10, 100, 110, 105),
                row("platform", 100, 1000, 1100, 1005)));
        var slope = result.slope(LoadKind.PLATFORM, 10, 100);
        assertThat(slope.count()).isEqualTo(3);
        assertThat(slope.median()).isCloseTo(10.0, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(slope.times(1e3).median()).isCloseTo(10_000.0, org.assertj.core.api.Assertions.within(1e-6));
        assertThat(result.slope(LoadKind.PLATFORM, 10, 1_000).median()).isNaN();
        assertThatThrownBy(() -> slope.times(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theWorkOfARowOverVmsIsTheMedianOfEachVmsOwnAverage() {
        List<LoadRow> vms = List.of(List.of(1e6, 3e6), List.of(4e6, 4e6), List.of(2e6, 2e6)).stream()
                .map(rates -> new LoadRow("platform", 2, 1, 2, LoadRow.OK, false, 100, 10, 10, 5, 6, 7, 5, Double.NaN, Double.NaN,
                        Double.NaN, rates, "")).toList();
        LoadResult result = new LoadResult(LoadSpec.of(LoadKind.PLATFORM).withLoops(2), Env.current(), false,
                List.of(LoadRow.acrossVms(vms)));
        WorkPerLoop.Line line = result.reductions().lines().stream().filter(WorkPerLoop.Line::ours).findFirst().orElseThrow();
        assertThat(line.perLoop()).isEqualTo(2.0); // each VM's average: 2, 4, 2 M/s
        assertThat(line.first()).isEqualTo(2.0);   // each VM's first loop: 1, 4, 2
        assertThat(line.total()).isEqualTo(4.0);
    }

    @Test
    void theVmsOfARowSurviveJson() {
        LoadSpec spec = LoadSpec.of(LoadKind.PLATFORM).withLoops(4).withParallelism(1);
        LoadResult result = new LoadResult(spec, Env.current(), false, List.of(row("platform", 4, 10, 30, 12)));
        LoadResult back = LoadResult.fromJson(result.toJson());
        assertThat(back.spec().vms()).isEqualTo(LoadSpec.DEFAULT_VMS);
        assertThat(back.rows().get(0).vms()).hasSize(3);
        assertThat(back.rows().get(0).p50Cell()).isEqualTo(result.rows().get(0).p50Cell());
    }

    @Test
    void aSpecRefusesVmsOutsideItsLimitInOneLine() {
        assertThatThrownBy(() -> LoadSpec.of(LoadKind.PLATFORM).withVms(0))
                .hasMessage("--forks must be 1 to 20 fresh VMs per row, got 0");
        assertThat(LoadSpec.of(LoadKind.PLATFORM).vms()).isEqualTo(3);
    }
}
