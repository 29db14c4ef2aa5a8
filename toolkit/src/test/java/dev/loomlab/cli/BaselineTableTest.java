package dev.loomlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Run;
import dev.loomlab.measure.Env;
import dev.loomlab.measure.ForkPolicy;
import dev.loomlab.measure.ForkProtocol;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The command line's table of the toolkit beside its raw baseline, on synthetic fresh VMs. */
class BaselineTableTest {

    private static final ExperimentSpec SPEC = ExperimentSpec.of(Experiments.RING, 10_000).withFixedRuns(1);

    private static Measurement forked(Kind kind, double... nsPerHop) {
        List<Measurement> vms = Arrays.stream(nsPerHop).mapToObj(v -> new Measurement("ring", kind.label(), SPEC.n(), 1,
                Env.current(), Measurement.OK, "", Map.of("nsPerHop", v), List.of(new Run(1, false, Map.of("nsPerHop", v))),
                List.of(), Measurement.STEADY, Map.of())).toList();
        return Measurement.forked(SPEC.withKind(kind), vms, ForkPolicy.adaptive(3, Duration.ZERO, 0.1), ForkProtocol.Stop.FIXED);
    }

    @Test
    void itPrintsItsFiguresByTheOneRuleInSevenColumnsAndSaysWhatTheIntervalsShow() {
        var table = ExperimentRunner.comparison(forked(Kind.PROCESS, 1_303.4, 1_310.2, 1_290.9),
                forked(Kind.VIRTUAL, 1_994.4, 2_010.7, 1_980.1));
        assertThat(table.columnNames()).hasSize(7);
        String text = table.toText();
        assertThat(text).contains("1,303", "1,994", "0.65", "process faster").doesNotContain("1303.4", "1994.4");
    }

    @Test
    void overlappingIntervalsAreNotDistinguishable() {
        var table = ExperimentRunner.comparison(forked(Kind.PROCESS, 1_000, 1_400, 1_200), forked(Kind.VIRTUAL, 1_100, 1_300, 1_250));
        assertThat(table.texts("on this machine")).containsExactly("not distinguishable");
    }
}
