package dev.loomlab.articles;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Run;
import dev.loomlab.measure.Env;
import dev.loomlab.measure.ForkPolicy;
import dev.loomlab.measure.ForkProtocol;
import dev.loomlab.measure.Spread;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The ping-pong's p50 beside the cross-core round trip, JVM by JVM, on synthetic VMs. */
class KaruiCrossCoreTest {

    private static final ExperimentSpec PING_PONG = ExperimentSpec.of("pingpong", 100_000);

    private static Measurement vm(double p50, double crossCore) {
        Map<String, Double> metrics = Map.of("roundTripNsP50", p50, "crossCoreRoundTripNs", crossCore);
        return new Measurement("pingpong", "process", PING_PONG.n(), 0, Env.current(), Measurement.OK, "", metrics,
                List.of(new Run(1, true, "cold", metrics)), List.of(), Measurement.STEADY,
                Map.of("roundTripNsP50", Spread.of(p50)));
    }

    @Test
    void eachJvmsPairThenTheRangeOfEach() {
        Measurement three = Measurement.forked(PING_PONG, List.of(vm(230, 80), vm(900, 480), vm(880, 500)),
                ForkPolicy.adaptive(3, Duration.ZERO, 0.1), ForkProtocol.Stop.FIXED);
        assertThat(Karui.crossCore(three))
                .contains("JVM 1 230 ns, 80 ns; JVM 2 900 ns, 480 ns; JVM 3 880 ns, 500 ns")
                .contains("the p50 spans 230 ns to 900 ns (max/min 3.9)")
                .contains("the cross-core round trip 80 ns to 500 ns (6.3)");
    }

    @Test
    void oneJvmHasNoRange() {
        assertThat(Karui.crossCore(vm(900, 480))).contains("JVM 1 900 ns, 480 ns").endsWith("One JVM: no range to compare.");
    }
}
