package dev.loomlab.beam;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.HopBreakdown;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Run;
import dev.loomlab.measure.Env;
import dev.loomlab.measure.ForkPolicy;
import dev.loomlab.measure.ForkProtocol;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Carriers against schedulers, on synthetic runs: BEAM here first per count, the JVM against itself, the hop's segments. */
class CarriersTest {

    private static final Env ENV = Env.current();
    private static final ExperimentSpec SPEC = ExperimentSpec.of("ring", 100_000).withM(1);

    @Test
    void eachCountPutsBeamHereFirstAndTheJvmAgainstItselfRestsOnTheIntervals() {
        Carriers carriers = new Carriers("nsPerHop", "a hop", List.of(
                new Carriers.Count(1, new BeamBeside(forked(Kind.PROCESS, 800, 820, 810), forked(Kind.BEAM, 900, 905, 910)), null),
                new Carriers.Count(2, new BeamBeside(forked(Kind.PROCESS, 2_100, 2_300, 2_200), forked(Kind.BEAM, 640, 660, 650)), null)));
        var grid = carriers.grid();
        assertThat(grid.columnNames()).hasSizeLessThanOrEqualTo(7).startsWith("carriers (BEAM: +S)", "BEAM here (ns)");
        assertThat(grid.texts("on this machine")).containsExactly("JVM faster", "JVM slower");
        assertThat(grid.texts("JVM here (process, ns)").get(1)).startsWith("2,200 [").doesNotContain("µs"); // one unit in a column
        String said = carriers.verdict();
        assertThat(said.lines().toList().get(0)).startsWith("on 1 carrier (BEAM here +S 1), a hop: BEAM here 905 ns");
        assertThat(said).contains("the JVM on 2 carriers against itself on 1: 1 carrier 810 ns")
                .contains("2 carriers is 2.7× 1 carrier, slower (the intervals do not overlap)");
        assertThat(carriers.grids()).hasSize(1); // no traced run: no segments table
    }

    @Test
    void theTracedHopSaysWhichSegmentDominatesAndHowItComparesWithTheRunsOwnHop() {
        Measurement traced = traced(1_100, Map.of("send", 150.0, "wake", 800.0, "take", 50.0, "forward", 100.0), 0.8);
        Carriers carriers = new Carriers("nsPerHop", "a hop", List.of(
                new Carriers.Count(2, new BeamBeside(forked(Kind.PROCESS, 1_000, 1_050, 1_100),
                        Measurement.failed(ExperimentSpec.of(Experiments.RING, 10_000).withKind(Kind.BEAM), BeamHere.MISSING)), traced)));
        var hops = carriers.hops();
        assertThat(hops.columnNames()).hasSizeLessThanOrEqualTo(7)
                .containsExactly("carriers", "send (ns)", "wake (ns)", "take (ns)", "forward (ns)", "traced / run's hop",
                        "on another carrier (%)");
        assertThat(hops.number(0, "traced / run's hop")).isEqualTo(1.0);
        assertThat(hops.number(0, "on another carrier (%)")).isEqualTo(80.0);
        assertThat(carriers.hopsVerdict()).startsWith("on 2 carriers, in this run, the wake dominates a traced hop: 73%")
                .contains("80% of hops ran on another carrier");
        var chart = carriers.chart();
        assertThat(chart.stacked()).isTrue();
        assertThat(chart.categories()).containsExactly("2 carriers");
        assertThat(chart.bars().keySet()).containsExactly("send", "wake", "take", "forward");
    }

    private static Measurement traced(double nsPerHop, Map<String, Double> means, double crossed) {
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put("nsPerHop", nsPerHop);
        double sum = 0;
        for (var e : means.entrySet()) {
            metrics.put(e.getKey() + "NsMean", e.getValue());
            sum += e.getValue();
        }
        metrics.put(HopBreakdown.HOP_MEAN, sum);
        metrics.put(HopBreakdown.CROSS_CARRIER, crossed);
        metrics.put(HopBreakdown.CLOCK, 25.0);
        metrics.put(HopBreakdown.RUN_HOP, nsPerHop);
        return new Measurement("ring", "process", SPEC.n(), 1, ENV, Measurement.OK, "", metrics,
                List.of(new Run(1, false, metrics)), List.of(), Measurement.STEADY, Map.of());
    }

    private static Measurement forked(Kind kind, double... perVm) {
        ExperimentSpec spec = SPEC.withKind(kind);
        List<Measurement> vms = java.util.Arrays.stream(perVm).mapToObj(v -> new Measurement("ring", kind.label(), SPEC.n(), 1,
                ENV, Measurement.OK, "", Map.of("nsPerHop", v), List.of(new Run(1, false, Map.of("nsPerHop", v))),
                List.of(), Measurement.STEADY, Map.of())).toList();
        return Measurement.forked(spec, vms, ForkPolicy.adaptive(3, java.time.Duration.ZERO, 0.1), ForkProtocol.Stop.FIXED);
    }
}
