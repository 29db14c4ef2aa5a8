package dev.loomlab.articles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.api.Tiers;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.SpawnRuns;
import dev.loomlab.measure.Env;
import dev.loomlab.util.Progress;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What jshell prints for the tiers: the table, then one line that says how to set BEAM here beside them. */
class TiersTextTest {

    @Test
    void theTiersSayHowToSetBeamHereBesideThem() {
        assertThat(ChartRulesTest.tiers().toString().lines().map(String::strip).toList()).last().asString()
                .isEqualTo("BEAM here is left out of this table: tiersWithBeamHere(Kind.PROCESS, Cap.tiers(1_000, 10_000, 100_000)) "
                        + "sets it beside each tier, its VMs in turn with the JVM's, with its own plot series; it needs Erlang (erl)");
    }

    /** BEAM is set beside a JVM kind's tiers, never measured as the kind: refused before any VM starts. */
    @Test
    void beamIsNotAKindOfTier() {
        assertThatThrownBy(() -> Tiers.measure(Kind.BEAM, new int[] {1_000}, 3, true, Progress.SILENT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tiersWithBeamHere(Kind.PROCESS, ...)");
    }

    private static Measurement tier(int n, String steadiness) {
        return Measurement.of(ExperimentSpec.of(Experiments.SPAWN, n), Env.current(),
                SpawnRuns.of(2_000, 650, 9_000, 700, 690, 710), steadiness, List.of());
    }

    /** The title speaks for every tier, not for the first: it counts the steady ones, and the details say which. */
    @Test
    void theTitleCountsTheSteadyTiersAndTheDetailsNameEachTiersLabel() {
        Tiers mixed = new Tiers(Kind.PROCESS, List.of(tier(1_000, Measurement.STEADY), tier(10_000, Measurement.NOT_STEADY),
                tier(100_000, Measurement.SCATTERED)));
        assertThat(mixed.grid().title()).contains("tiers whose JVMs were all steady on nsPerSpawn: 1 of 3 (the JVM protocol column, in the "
                + "details, says which)", "or its last run where the warm-up budget ran out");
        assertThat(mixed.details().get(0).texts("JVM protocol")).containsExactly("steady on nsPerSpawn",
                "not steady on nsPerSpawn", "measured runs disagree on nsPerSpawn");
        Tiers steady = new Tiers(Kind.PROCESS, List.of(tier(1_000, Measurement.STEADY), tier(10_000, Measurement.STEADY)));
        assertThat(steady.grid().title()).contains("every JVM of every tier steady on nsPerSpawn: each JVM's median of its "
                + "measured runs, then the median across the tier's JVMs, beside the median of their cold runs")
                .doesNotContain("says which", "budget");
    }
}
