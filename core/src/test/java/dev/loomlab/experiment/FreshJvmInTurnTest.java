package dev.loomlab.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.NoLeaks;
import dev.loomlab.measure.ForkPolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link FreshJvm#inTurn} and {@link FreshJvm#rowsInTurn}: the sides' fresh VMs alternate, each side stops on its own, and a failure is the first side's or a row. */
@ExtendWith(NoLeaks.class)
class FreshJvmInTurnTest {

    private static final ForkPolicy THREE = ForkPolicy.adaptive(3, Duration.ZERO, 0.10);

    private static ExperimentSpec spawn(Kind kind) {
        return ExperimentSpec.of(Experiments.SPAWN, 1_000).withKind(kind).withFixedRuns(1);
    }

    /** The "fresh JVM k" lines the loop says before each VM, without the children's own progress. */
    private static List<String> vmLines(List<String> said) {
        return said.stream().filter(line -> line.matches(".*: fresh JVM \\d+ .*")).map(line -> line.replaceAll(" \\(.*", "")).toList();
    }

    @Test
    void theSidesFreshJvmsAlternateAndEachSideIsSummarisedOverItsOwn() {
        List<String> said = new ArrayList<>();
        List<Measurement> sides = FreshJvm.inTurn(List.of(spawn(Kind.PROCESS).withForks(THREE), spawn(Kind.VIRTUAL).withForks(THREE)),
                said::add);

        assertThat(vmLines(said)).containsExactly(
                "spawn process n=1,000: fresh JVM 1", "spawn virtual n=1,000: fresh JVM 1",
                "spawn process n=1,000: fresh JVM 2", "spawn virtual n=1,000: fresh JVM 2",
                "spawn process n=1,000: fresh JVM 3", "spawn virtual n=1,000: fresh JVM 3");
        assertThat(sides).extracting(Measurement::kind).containsExactly("process", "virtual");
        assertThat(sides).allSatisfy(m -> {
            assertThat(m.ok()).as(m.outcome()).isTrue();
            assertThat(m.vms()).isEqualTo(3);
        });
    }

    @Test
    void aSideOfOneVmStopsWhileTheOtherGoesOn() {
        List<String> said = new ArrayList<>();
        List<Measurement> sides = FreshJvm.inTurn(List.of(spawn(Kind.PROCESS).withForks(THREE), spawn(Kind.VIRTUAL)), said::add);

        assertThat(vmLines(said)).containsExactly(
                "spawn process n=1,000: fresh JVM 1", "spawn process n=1,000: fresh JVM 2", "spawn process n=1,000: fresh JVM 3");
        assertThat(sides.get(0).vms()).isEqualTo(3);
        assertThat(sides.get(1).ok()).as(sides.get(1).outcome()).isTrue();
        assertThat(sides.get(1).vms()).isEqualTo(1);
    }

    @Test
    void aSideBesideTheFirstThatIsRefusedIsItsRowAndTheFirstGoesOn() {
        ExperimentSpec aboveTheCap = ExperimentSpec.of(Experiments.SPAWN, 1_000_000).withKind(Kind.VIRTUAL).withForks(THREE);
        List<Measurement> sides = FreshJvm.inTurn(List.of(spawn(Kind.PROCESS).withForks(THREE), aboveTheCap), line -> { });

        assertThat(sides.get(0).ok()).as(sides.get(0).outcome()).isTrue();
        assertThat(sides.get(0).vms()).isEqualTo(3);
        assertThat(sides.get(1).ok()).isFalse();
        assertThat(sides.get(1).outcome()).startsWith(Measurement.NOT_RUN + ": ").contains("cap");
    }

    @Test
    void theFirstSidesFailureIsThrownAndNoOtherVmStarts() {
        List<String> said = new ArrayList<>();
        ExperimentSpec aboveTheCap = ExperimentSpec.of(Experiments.SPAWN, 1_000_000).withForks(THREE);

        assertThatThrownBy(() -> FreshJvm.inTurn(List.of(aboveTheCap, spawn(Kind.VIRTUAL).withForks(THREE)), said::add))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cap");
        assertThat(vmLines(said)).containsExactly("spawn process n=1,000,000: fresh JVM 1");
    }

    @Test
    void asRowsTheFirstSidesFailureIsItsRowAndTheOthersGoOn() {
        ExperimentSpec aboveTheCap = ExperimentSpec.of(Experiments.SPAWN, 1_000_000).withForks(THREE);
        List<Measurement> rows = FreshJvm.rowsInTurn(List.of(aboveTheCap, spawn(Kind.VIRTUAL)), line -> { });

        assertThat(rows.get(0).ok()).isFalse();
        assertThat(rows.get(0).outcome()).startsWith(Measurement.NOT_RUN + ": ").contains("cap");
        assertThat(rows.get(1).ok()).as(rows.get(1).outcome()).isTrue();
    }

    @Test
    void timedRowsCountEachSidesOwnVmsOnly() {
        long start = System.nanoTime();
        List<FreshJvm.TimedRow> rows = FreshJvm.timedRowsInTurn(
                List.of(spawn(Kind.PROCESS).withForks(THREE), spawn(Kind.VIRTUAL)), line -> { });
        Duration wall = Duration.ofNanos(System.nanoTime() - start);

        assertThat(rows).extracting(r -> r.measurement().vms()).containsExactly(3, 1);
        assertThat(rows).allSatisfy(r -> assertThat(r.elapsed()).isPositive());
        assertThat(rows.get(0).elapsed().plus(rows.get(1).elapsed())).isLessThanOrEqualTo(wall);
    }
}
