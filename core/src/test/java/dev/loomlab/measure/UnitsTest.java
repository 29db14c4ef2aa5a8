package dev.loomlab.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Sizes and durations in sentences: the readable unit, the figure by the one printing rule. */
class UnitsTest {

    @Test
    void nanosecondsTakeTheMostReadableUnit() {
        assertThat(Units.nanos(612.4)).isEqualTo("612 ns");
        assertThat(Units.nanos(53_042)).isEqualTo("53 µs");
        assertThat(Units.nanos(1_284)).isEqualTo("1.28 µs");
        assertThat(Units.nanos(8_240_000)).isEqualTo("8.24 ms");
        assertThat(Units.nanos(Double.NaN)).isEqualTo("n/a");
    }

    @Test
    void microsecondsPrintAsNanosecondsDo() {
        assertThat(Units.micros(114.8)).isEqualTo("115 µs").isEqualTo(Units.nanos(114_800));
        assertThat(Units.micros(0.9)).isEqualTo("900 ns");
        assertThat(Units.micros(8_241)).isEqualTo("8.24 ms");
        assertThat(Units.micros(Double.NaN)).isEqualTo("n/a");
    }

    @Test
    void bytesTakeBinaryUnits() {
        assertThat(Units.bytes(1_536)).isEqualTo("1.5 KiB");
        assertThat(Units.bytes(106_496)).isEqualTo("104 KiB");
        assertThat(Units.bytes(Double.NaN)).isEqualTo("n/a");
    }
}
