package dev.loomlab.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The adaptive fork loop on synthetic per-VM figures: no clock, each VM takes the time given. */
class ForkProtocolTest {

    private static final long SECOND = 1_000_000_000L;

    /** Feeds figures, each VM taking {@code secondsEach}, until the loop stops; returns it. */
    private static ForkProtocol feed(ForkPolicy policy, long secondsEach, double... figures) {
        ForkProtocol p = new ForkProtocol(policy);
        for (int i = 0; i < figures.length && p.wantsMore(); i++) {
            p.record(figures[i], (i + 1) * secondsEach * SECOND);
        }
        return p;
    }

    private static int vms(ForkProtocol p) {
        return p.interval().count();
    }

    @Test
    void threeAgreeingVmsMeetTheTarget() {
        ForkProtocol p = feed(ForkPolicy.adaptive(3, Duration.ofMinutes(1), 0.10), 5, 100, 101, 99, 500);
        assertThat(p.stop()).isEqualTo(ForkProtocol.Stop.TARGET_MET);
        assertThat(vms(p)).isEqualTo(3);
    }

    @Test
    void aWideIntervalAddsVmsUntilItNarrows() {
        // 3 VMs of 100, 120, 80: half-width 50%; more VMs near 100 narrow it below 10%
        ForkProtocol p = feed(ForkPolicy.adaptive(3, Duration.ofMinutes(10), 0.10), 5, 100, 120, 80, 100, 100, 101, 99, 100, 100, 100);
        assertThat(p.stop()).isEqualTo(ForkProtocol.Stop.TARGET_MET);
        assertThat(vms(p)).isBetween(4, 10);
        assertThat(p.interval().relativeHalfWidth()).isLessThanOrEqualTo(0.10);
    }

    @Test
    void theBudgetStopsTheLoopWhenTheNextVmWouldNotFit() {
        // a bimodal figure never narrows; 20 s each in a 70 s budget: after 3 VMs (60 s), a fourth would end at 80 s
        ForkProtocol p = feed(ForkPolicy.adaptive(3, Duration.ofSeconds(70), 0.10), 20, 200, 1_000, 200, 1_000, 200, 1_000);
        assertThat(p.stop()).isEqualTo(ForkProtocol.Stop.BUDGET_SPENT);
        assertThat(vms(p)).isEqualTo(3);
    }

    @Test
    void theMostVmsStopTheLoop() {
        double[] bimodal = {200, 1_000, 200, 1_000, 200, 1_000, 200, 1_000, 200, 1_000, 200, 1_000};
        ForkProtocol p = feed(ForkPolicy.adaptive(3, Duration.ofHours(1), 0.10), 1, bimodal);
        assertThat(p.stop()).isEqualTo(ForkProtocol.Stop.MAX_FORKS);
        assertThat(vms(p)).isEqualTo(ForkPolicy.MAX_FORKS);
    }

    @Test
    void aZeroBudgetRunsExactlyTheVmsAskedFor() {
        ForkProtocol p = feed(ForkPolicy.adaptive(4, Duration.ZERO, 0.10), 1, 200, 1_000, 200, 1_000, 200);
        assertThat(p.stop()).isEqualTo(ForkProtocol.Stop.FIXED);
        assertThat(vms(p)).isEqualTo(4);
    }

    @Test
    void oneForkIsOneVmAndNoInterval() {
        ForkProtocol p = feed(ForkPolicy.adaptive(1, Duration.ofMinutes(1), 0.10), 1, 200, 1_000);
        assertThat(p.stop()).isEqualTo(ForkProtocol.Stop.ONE_VM);
        assertThat(p.interval().has()).isFalse();
        assertThatThrownBy(() -> p.record(1, 1)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void badPoliciesNameTheLimit() {
        assertThatThrownBy(() -> ForkPolicy.adaptive(0, Duration.ZERO, 0.1)).hasMessageContaining("--forks must be between 1 and 10");
        assertThatThrownBy(() -> ForkPolicy.adaptive(11, Duration.ZERO, 0.1)).hasMessageContaining("--forks must be between 1 and 10, got 11");
        assertThatThrownBy(() -> ForkPolicy.adaptive(3, Duration.ZERO, 0)).hasMessageContaining("--target-ci");
    }
}
