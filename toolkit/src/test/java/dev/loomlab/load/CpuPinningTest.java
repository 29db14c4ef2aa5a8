package dev.loomlab.load;

import dev.loomlab.experiment.Kind;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** +S 1 for every kind: the taskset wrapper, the notes that say how children were pinned, and partial counts. */
class CpuPinningTest {

    @Test
    void pinningToOneCpuWrapsTheChildInTasksetWhereItIsInstalled() {
        assertThat(CpuPinning.wrapper(0)).isEmpty();
        List<String> one = CpuPinning.wrapper(1);
        if (one.isEmpty()) {
            assertThat(CpuPinning.describe(1)).startsWith("not pinned").contains("util-linux");
        } else {
            assertThat(one.get(0)).endsWith("taskset");
            assertThat(one.subList(1, one.size())).containsExactly("-c", "0");
            assertThat(CpuPinning.wrapper(4).subList(1, 3)).containsExactly("-c", "0-3");
            assertThat(CpuPinning.describe(1)).contains("pinned to 1 CPU").contains("taskset -c 0");
        }
        assertThat(CpuPinning.describe(0)).isEmpty();
    }

    @Test
    void aSpecCarriesItsPinAndRefusesANegativeOne() {
        LoadSpec spec = LoadSpec.of(Kind.PLATFORM).withParallelism(1).withPin(1);
        assertThat(spec.cpus()).isEqualTo(1);
        assertThat(spec.withLoops(0, 1).cpus()).isEqualTo(1);
        assertThat(LoadSpec.of(Kind.PLATFORM).cpus()).isZero();
        assertThatThrownBy(() -> spec.withPin(-1)).hasMessageContaining("--pin");
    }

    @Test
    void theWatchdogSaysHowManyRoundTripsAreDoneWhileItWaits() throws Exception {
        List<Long> said = new ArrayList<>();
        LoadRow row;
        try (LoadTier tier = LoadTier.start(Kind.PLATFORM, 0, 50)) {
            row = tier.measure(Duration.ofSeconds(30), said::add);
        }
        assertThat(row.completed()).isTrue();
        assertThat(said).isNotEmpty();
        assertThat(said.get(said.size() - 1)).isEqualTo(50);
    }

    @Test
    void aKilledRowKeepsHowFarItGot() {
        LoadRow row = LoadRow.killed(Kind.PLATFORM, 1000, 1, 2000, 20_000, 37, "killed; 37 of 2,000 round trips were done by then");
        assertThat(row.roundsCompleted()).isEqualTo(37);
        assertThat(row.verdict()).startsWith("killed: ").contains("37 of 2,000");
    }
}
