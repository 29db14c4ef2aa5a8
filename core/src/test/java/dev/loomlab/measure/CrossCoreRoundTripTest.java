package dev.loomlab.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The cross-core probe ends with a figure, or with NaN at its deadline, and leaves no thread behind;
 * readings twice apart across a run's VMs are said to be the host moving.
 */
class CrossCoreRoundTripTest {

    @Test
    void twoProcessorsGiveAPositiveRoundTripAndNoThreadOutlivesIt() throws Exception {
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "needs two processors");
        double ns = CrossCoreRoundTrip.measureNanos(Duration.ofSeconds(30));
        assertThat(ns).isPositive().isFinite();
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().equals("loomlab-cross-core-echo"));
    }

    @Test
    void aDeadlineThatHasPassedGivesNaNAndStopsTheEcho() throws Exception {
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "needs two processors");
        assertThat(CrossCoreRoundTrip.measureNanos(Duration.ZERO)).isNaN();
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().equals("loomlab-cross-core-echo"));
    }

    @Test
    void readingsTwiceApartAreTheHostMovingAndCloseOnesAreNot() {
        assertThat(CrossCoreRoundTrip.moved(new double[] {62, 71, 448})).hasValueSatisfying(s -> assertThat(s)
                .startsWith("THE HOST MOVED").contains("from 62 to 448 ns"));
        assertThat(CrossCoreRoundTrip.moved(new double[] {410, 470, 790})).isEmpty();
    }

    @Test
    void fewerThanTwoReadingsSayNothing() {
        assertThat(CrossCoreRoundTrip.moved(new double[] {Double.NaN, 450})).isEmpty();
        assertThat(CrossCoreRoundTrip.moved(new double[] {60})).isEmpty();
        assertThat(CrossCoreRoundTrip.moved(new double[] {})).isEmpty();
    }
}
