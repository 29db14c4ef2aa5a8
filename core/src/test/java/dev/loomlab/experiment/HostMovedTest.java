package dev.loomlab.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.measure.Env;
import dev.loomlab.measure.ForkPolicy;
import dev.loomlab.measure.ForkProtocol;
import dev.loomlab.measure.Spread;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A summary over fresh JVMs says when the host's cross-core round trip moved between them, on synthetic VMs. */
class HostMovedTest {

    private static final ExperimentSpec RING = ExperimentSpec.of(Experiments.RING, 100_000);

    private static Measurement vm(double nsPerHop, double crossCore) {
        Map<String, Double> metrics = Map.of("nsPerHop", nsPerHop, "crossCoreRoundTripNs", crossCore);
        return new Measurement("ring", "process", RING.n(), 1, Env.current(), Measurement.OK, "", metrics,
                List.of(new Run(1, true, "cold", metrics)), List.of(), Measurement.STEADY, Map.of("nsPerHop", Spread.of(nsPerHop)));
    }

    private static Measurement forked(Measurement... vms) {
        return Measurement.forked(RING, List.of(vms), ForkPolicy.adaptive(3, Duration.ZERO, 0.1), ForkProtocol.Stop.FIXED);
    }

    @Test
    void vmsThatReadTheHostInTwoArrangementsAreFlaggedWithTheRange() {
        Measurement moved = forked(vm(2_700, 450), vm(1_000, 62), vm(1_100, 70));
        assertThat(moved.summaryOf()).endsWith("THE HOST MOVED (crossCoreRoundTripNs, in the notes)");
        assertThat(moved.notes()).anyMatch(n -> n.startsWith("THE HOST MOVED") && n.contains("from 62 to 450 ns"));
    }

    @Test
    void vmsThatReadItAlikeAreNot() {
        Measurement alike = forked(vm(2_700, 450), vm(2_650, 430), vm(2_750, 470));
        assertThat(alike.summaryOf()).doesNotContain("MOVED");
        assertThat(alike.notes()).noneMatch(n -> n.contains("MOVED"));
    }
}
