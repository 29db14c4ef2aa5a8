package dev.loomlab.process;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** BEAM's +P rule, as the French article reports it. */
class BeamLimitTest {

    @Test
    void plusPIsRoundedUpToAPowerOfTwo() {
        assertThat(BeamLimit.of(10_000_000)).isEqualTo(16_777_216);
        assertThat(BeamLimit.of(1_000_000)).isEqualTo(1 << 20);
        assertThat(BeamLimit.of(5_000_000)).isEqualTo(1 << 23);
        assertThat(BeamLimit.of(1 << 20)).isEqualTo(1 << 20);
        assertThat(BeamLimit.of(1_025)).isEqualTo(2_048);
    }

    @Test
    void itStaysBetweenTheMinimumAndTheMaximum() {
        assertThat(BeamLimit.of(1)).isEqualTo(BeamLimit.MIN);
        assertThat(BeamLimit.of(134_217_727)).isEqualTo(134_217_727);
        assertThat(BeamLimit.of(100_000_000)).isEqualTo(BeamLimit.MAX); // the next power of two is past the maximum
        assertThat(BeamLimit.of(Long.MAX_VALUE)).isEqualTo(BeamLimit.MAX);
    }
}
