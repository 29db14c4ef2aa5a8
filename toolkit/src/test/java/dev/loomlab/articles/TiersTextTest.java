package dev.loomlab.articles;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What jshell prints for the tiers: the table, then one line that says how to set BEAM here beside them. */
class TiersTextTest {

    @Test
    void theTiersSayHowToSetBeamHereBesideThem() {
        assertThat(ChartRulesTest.tiers().toString().lines().map(String::strip).toList()).last().asString()
                .isEqualTo("BEAM here is left out of this table: beamHere(tiers(Kind.PROCESS, Cap.tiers(1_000, 10_000, 100_000))) "
                        + "sets it beside each tier, with its own plot series; it needs Erlang (erl)");
    }
}
