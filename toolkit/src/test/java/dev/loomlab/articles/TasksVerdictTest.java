package dev.loomlab.articles;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.measure.ForkPolicy;
import dev.loomlab.measure.ForkProtocol;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The million-tasks notes compare the kinds at the largest tier from their intervals across fresh VMs, on synthetic VMs. */
class TasksVerdictTest {

    private static final double MIB = 1024.0 * 1024.0;

    /** A row over fresh VMs whose peaks and resident sets while asleep are {@code mib} MiB each. */
    private static TasksRuns.Row row(Kind kind, int n, double... mib) {
        List<Measurement> vms = Arrays.stream(mib).mapToObj(v -> ChartRulesTest.measurement("tasks", kind, n, 0,
                Map.of("peakRssBytes", v * MIB, "rssAsleepBytes", v * MIB, "peakMegabytes", v))).toList();
        ExperimentSpec spec = ExperimentSpec.of(Experiments.TASKS, n).withKind(kind);
        return new TasksRuns.Row(kind, n, vms.size() == 1 ? vms.get(0)
                : Measurement.forked(spec, vms, ForkPolicy.adaptive(3, Duration.ZERO, 0.1), ForkProtocol.Stop.FIXED));
    }

    @Test
    void beamHereComesFirstThenTheToolkitAgainstTheRawThreadsAndAVerdictOnlyWhereTheIntervalsPart() {
        TasksRuns runs = new TasksRuns(Duration.ofSeconds(2), List.of(
                row(Kind.VIRTUAL, 1_000, 48), row(Kind.VIRTUAL, 100_000, 180, 182, 184),
                row(Kind.PROCESS, 1_000, 48), row(Kind.PROCESS, 100_000, 181, 186, 179),
                row(Kind.BEAM, 1_000, 49), row(Kind.BEAM, 100_000, 300, 306, 310)));
        List<String> notes = runs.notes();
        assertThat(notes).hasSize(4);
        assertThat(notes.get(0)).startsWith("100,000 tasks, peak: ").contains("BEAM here").contains("over 3 VMs")
                .contains("the JVM (virtual threads) is").contains("lighter");
        assertThat(notes.get(2)).startsWith("100,000 tasks, peak: raw virtual threads").contains("not distinguishable");
        assertThat(notes.get(3)).startsWith("100,000 tasks, while all sleep: ");
    }

    @Test
    void aTableWithoutTheRawThreadsHasNothingToCompareAgainst() {
        TasksRuns platform = new TasksRuns(Duration.ofSeconds(2), List.of(row(Kind.PLATFORM, 1, 44), row(Kind.PLATFORM, 1_000, 96, 97, 95)));
        assertThat(platform.notes()).isEmpty();
    }
}
