package dev.loomlab.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.NoLeaks;
import dev.loomlab.process.HopTrace;
import dev.loomlab.util.Progress;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link HopBreakdown}: segments that add up to the hop, on synthetic traces and on a traced ring in a child JVM. */
@ExtendWith(NoLeaks.class)
class HopBreakdownTest {

    @Test
    void aHopIsCutIntoSegmentsThatAddUpToIt() {
        // send at 100, returned at 150, receiver ran at 180, took at 185, next send at 200
        HopTrace.Trace trace = HopTrace.Trace.of(new long[][] {{100, 150, 180, 185, 200}}, new long[] {1}, new long[] {2});
        assertThat(trace.segments(0)).containsExactly(50, 30, 5, 15);
        assertThat(trace.hop(0)).isEqualTo(100);
        assertThat(trace.crossedCarriers(0)).isTrue();
        Map<String, Double> m = HopBreakdown.metrics(trace, 1_000, 10);
        assertThat(m.get("wakeNsMean")).isEqualTo(30.0);
        assertThat(m.get(HopBreakdown.HOP_MEAN)).isEqualTo(100.0);
        assertThat(m.get(HopBreakdown.CROSS_CARRIER)).isEqualTo(1.0);
    }

    @Test
    void aReceiverRunningBeforeTheSendReturnedHasNoWakeAndTheSendEndsWhenItRan() {
        // the receiver ran at 130, before the sender's unpark returned at 150
        HopTrace.Trace trace = HopTrace.Trace.of(new long[][] {{100, 150, 130, 140, 160}}, new long[] {1}, new long[] {1});
        assertThat(trace.segments(0)).containsExactly(30, 0, 10, 20);
        assertThat(trace.crossedCarriers(0)).isFalse();
    }

    @Test
    void withoutCarriersTheShareIsNotANumber() {
        HopTrace.Trace trace = HopTrace.Trace.of(new long[][] {{100, 110, 120, 125, 130}}, null, null);
        assertThat(trace.segments(0)).containsExactly(10, 10, 5, 5);
        assertThat(HopBreakdown.metrics(trace, 1_000, 10).get(HopBreakdown.CROSS_CARRIER)).isNaN();
    }

    @Test
    void meansAreOverCompleteHopsAndAddUpToTheTracedHop() {
        HopTrace.Trace trace = HopTrace.Trace.of(new long[][] {
                {100, 150, 180, 185, 200},
                {200, 205, 220, 0, 0},
                {300, 305, 310, 320, 400}}, new long[] {1, 2, 1}, new long[] {2, 2, 1});
        Map<String, Double> m = HopBreakdown.metrics(trace, 1_000, 10);
        assertThat(m.get(HopBreakdown.HOPS)).isEqualTo(2.0);
        double sum = HopBreakdown.segments().stream().mapToDouble(s -> m.get(HopBreakdown.metric(s, "Mean"))).sum();
        assertThat(sum).isEqualTo(m.get(HopBreakdown.HOP_MEAN));
        assertThat(m.get(HopBreakdown.CROSS_CARRIER)).isEqualTo(0.5);
    }

    @Test
    void aTracedRingInAChildJvmTracesOneHopInSevenAndReadsCarriers() {
        Measurement m = FreshJvm.attempt(ExperimentSpec.of("ring", 1_000).withM(3).withFixedRuns(1).withHopTrace(),
                Progress.SILENT);
        assertThat(m.ok()).as(m.outcome()).isTrue();
        // 3,000 sends, one in seven traced, but not the first: the main thread's, which starts the token
        assertThat(m.metric(HopBreakdown.HOPS)).isEqualTo(428.0);
        assertThat(m.metric(HopBreakdown.RUN_HOP)).isEqualTo(m.metric("nsPerHop"));
        assertThat(m.metric(HopBreakdown.HOP_MEAN)).isPositive();
        assertThat(m.metric(HopBreakdown.CROSS_CARRIER)).isBetween(0.0, 1.0);
        assertThat(m.metric("nsPerHop")).isPositive();
    }

    @Test
    void aTracedPingPongTracesOneHopInSevenOfTwoPerRoundTrip() {
        Measurement m = FreshJvm.attempt(ExperimentSpec.of("pingpong", 1_000).withFixedRuns(1).withHopTrace(), Progress.SILENT);
        assertThat(m.ok()).as(m.outcome()).isTrue();
        assertThat(m.metric(HopBreakdown.HOPS)).isEqualTo(285.0); // 2,001 sends: the 285 multiples of 7 after the main thread's
        assertThat(m.metric(HopBreakdown.RUN_HOP)).isPositive();
    }

    @Test
    void onlyTheToolkitsMailboxIsTraced() {
        assertThatThrownBy(() -> Experiments.named("ring").validate(
                ExperimentSpec.of("ring", 1_000).withKind(Kind.VIRTUAL).withHopTrace()))
                .hasMessageContaining("--kind process");
    }
}
