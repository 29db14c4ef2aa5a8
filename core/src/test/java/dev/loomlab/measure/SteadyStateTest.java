package dev.loomlab.measure;

import static dev.loomlab.measure.SteadyState.Phase.COLD;
import static dev.loomlab.measure.SteadyState.Phase.MEASURED;
import static dev.loomlab.measure.SteadyState.Phase.WARMUP;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The warm-up protocol on synthetic series: no clock, the elapsed time is given. */
class SteadyStateTest {

    private static final long SECOND = 1_000_000_000L;
    private static final WarmupPolicy POLICY = new WarmupPolicy(3, 3, 0.15, Duration.ofSeconds(10), 3, 0);

    /** Feeds values one second apart until the protocol stops; returns it. */
    private static SteadyState feed(WarmupPolicy policy, double... values) {
        SteadyState s = new SteadyState(policy);
        for (int i = 0; i < values.length && s.wantsMore(); i++) {
            s.record(values[i], (i + 1) * SECOND);
        }
        return s;
    }

    @Test
    void aJitLikeSeriesWarmsUpThenMeasuresK() {
        // the ring of 100,000 from the issue: 25,928 / 31,462 / 17,308 / 1,354 / 942 ... then steady
        SteadyState s = feed(POLICY, 25_928, 31_462, 17_308, 1_354, 942, 930, 950, 940, 935, 945, 99_999);
        assertThat(s.outcome()).isEqualTo(SteadyState.Outcome.STEADY);
        assertThat(s.phases()).containsExactly(COLD, WARMUP, WARMUP, WARMUP, WARMUP, WARMUP, WARMUP, MEASURED, MEASURED, MEASURED);
        assertThat(s.summarized()).containsExactly(7, 8, 9);
        assertThat(s.wantsMore()).isFalse();
    }

    @Test
    void aSeriesSteadyFromTheStartStillRunsTheMinimumWarmup() {
        SteadyState s = feed(POLICY, 100, 101, 99, 100, 100, 100);
        assertThat(s.phases()).containsExactly(COLD, WARMUP, WARMUP, MEASURED, MEASURED, MEASURED);
        assertThat(s.outcome()).isEqualTo(SteadyState.Outcome.STEADY);
    }

    @Test
    void theColdRunCountsInTheWindowOnlyWhenItAgrees() {
        // 3 iterations, tolerance 15%: 100, 90, 95 agree ((100-90)/95 = 10.5%)
        SteadyState s = feed(POLICY, 100, 90, 95, 1, 2, 3);
        assertThat(s.phases()).startsWith(COLD, WARMUP, WARMUP, MEASURED);
    }

    @Test
    void aBudgetSpentBeforeTheWindowAgreesIsNotSteady() {
        double[] bimodal = {500, 15_000, 600, 14_000, 700, 16_000, 550, 12_000, 650, 18_000, 500, 15_000};
        SteadyState s = feed(POLICY, bimodal);
        assertThat(s.outcome()).isEqualTo(SteadyState.Outcome.NOT_STEADY);
        assertThat(s.phases()).hasSize(10).doesNotContain(MEASURED);
        // the summary is the last run, never a median mixing both modes
        assertThat(s.summarized()).containsExactly(9);
    }

    @Test
    void longIterationsGetTwoWindowsBeforeTheBudgetEndsTheWarmup() {
        // a ring of 100,000 on a slow host: 5 s a run, still falling after the cold one
        SteadyState s = new SteadyState(POLICY);
        double[] falling = {27_017, 29_987, 11_078, 3_100, 2_800, 2_700, 2_750, 2_720};
        for (int i = 0; i < falling.length && s.wantsMore(); i++) {
            s.record(falling[i], (i + 1) * 5 * SECOND);
        }
        // past the 10 s budget after run 2, yet it warms up until runs 4 to 6 agree, then measures
        assertThat(s.phases()).containsExactly(COLD, WARMUP, WARMUP, WARMUP, WARMUP, WARMUP, MEASURED, MEASURED);
    }

    @Test
    void threeBudgetsEndAWarmupWhateverItsCount() {
        SteadyState s = new SteadyState(POLICY);
        s.record(500, 14 * SECOND);
        s.record(15_000, 28 * SECOND);
        assertThat(s.wantsMore()).isTrue();
        s.record(600, 31 * SECOND);
        assertThat(s.outcome()).isEqualTo(SteadyState.Outcome.NOT_STEADY);
        assertThat(s.summarized()).containsExactly(2);
    }

    @Test
    void nanNeverCountsAsAgreeing() {
        SteadyState s = feed(POLICY, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        assertThat(s.outcome()).isEqualTo(SteadyState.Outcome.NOT_STEADY);
    }

    @Test
    void theBudgetBoundsWarmupOnlyNotTheMeasuredIterations() {
        SteadyState s = new SteadyState(POLICY);
        s.record(10, SECOND);
        s.record(10, 2 * SECOND);
        s.record(10, 9 * SECOND); // steady just before the budget
        s.record(10, 20 * SECOND);
        assertThat(s.wantsMore()).isTrue();
        s.record(10, 21 * SECOND);
        s.record(10, 22 * SECOND);
        assertThat(s.outcome()).isEqualTo(SteadyState.Outcome.STEADY);
    }

    @Test
    void aFixedCountRunsExactlyThatManyAndClaimsNothing() {
        SteadyState s = feed(WarmupPolicy.fixed(4), 500, 15_000, 600, 14_000, 1, 1);
        assertThat(s.phases()).containsExactly(COLD, MEASURED, MEASURED, MEASURED);
        assertThat(s.outcome()).isEqualTo(SteadyState.Outcome.FIXED);
        assertThat(s.summarized()).containsExactly(1, 2, 3);
    }

    @Test
    void aSingleFixedRunIsTheColdRunAlone() {
        SteadyState s = feed(WarmupPolicy.fixed(1), 42);
        assertThat(s.phases()).containsExactly(COLD);
        assertThat(s.summarized()).containsExactly(0);
    }

    @Test
    void recordingAfterTheEndIsAnError() {
        SteadyState s = feed(WarmupPolicy.fixed(1), 42);
        assertThatThrownBy(() -> s.record(1, 0)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void theWindowItJudgedOnIsReported() {
        SteadyState s = feed(POLICY, 1000, 500, 101, 100, 99, 7, 7, 7);
        assertThat(s.lastWindow().min()).isEqualTo(99);
        assertThat(s.lastWindow().max()).isEqualTo(101);
    }

    @Test
    void policiesRefuseNonsense() {
        assertThatThrownBy(() -> new WarmupPolicy(0, 3, 0.1, Duration.ofSeconds(1), 3, 0)).hasMessageContaining("warm-up");
        assertThatThrownBy(() -> new WarmupPolicy(3, 1, 0.1, Duration.ofSeconds(1), 3, 0)).hasMessageContaining("at least 2");
        assertThatThrownBy(() -> new WarmupPolicy(3, 3, 0, Duration.ofSeconds(1), 3, 0)).hasMessageContaining("tolerance");
        assertThatThrownBy(() -> WarmupPolicy.fixed(0)).hasMessageContaining("--repeat");
    }

    @Test
    void measuredRunsThatDisagreeAreScatteredNotSteady() {
        // the warm-up window agrees (600, 610, 590), then the measured runs read 819, 600, 472
        SteadyState s = feed(POLICY, 5_000, 600, 610, 590, 819, 600, 472);
        assertThat(s.phases()).containsExactly(COLD, WARMUP, WARMUP, WARMUP, MEASURED, MEASURED, MEASURED);
        assertThat(s.outcome()).isEqualTo(SteadyState.Outcome.SCATTERED);
        assertThat(s.measuredSpread().relativeRange()).isGreaterThan(0.15);
    }

    @Test
    void measuredRunsWithinTheToleranceAreSteady() {
        SteadyState s = feed(POLICY, 5_000, 600, 610, 590, 620, 600, 560);
        assertThat(s.outcome()).isEqualTo(SteadyState.Outcome.STEADY);
    }

    @Test
    void untilSteadyRunsTheCallUntilTheProtocolIsOverAndSummarisesIt() throws Exception {
        java.util.Iterator<Double> figures = java.util.List.of(900.0, 300.0, 101.0, 100.0, 99.0, 100.0, 101.0, 99.0, 100.0, 100.0)
                .iterator();
        SteadyState s = SteadyState.untilSteady(figures::next);
        assertThat(s.outcome()).isEqualTo(SteadyState.Outcome.STEADY);
        assertThat(s.cold()).isEqualTo(900);
        assertThat(s.summary()).isEqualTo(100);
        assertThat(s.values()).hasSize(10);
        assertThat(figures.hasNext()).isFalse();
        assertThat(s.toString()).startsWith("steady: 100.0, cold 900.0, 10 iterations");
    }

    @Test
    void runUntilOverShowsEachResultWithItsPhase() throws Exception {
        java.util.List<SteadyState.Phase> seen = new java.util.ArrayList<>();
        int[] calls = {0};
        new SteadyState(WarmupPolicy.fixed(3)).runUntilOver(() -> ++calls[0], Integer::doubleValue, (r, phase) -> seen.add(phase));
        assertThat(calls[0]).isEqualTo(3);
        assertThat(seen).containsExactly(COLD, MEASURED, MEASURED);
    }
}
