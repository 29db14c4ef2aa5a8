package dev.loomlab.gc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Collector names on the command line and the flags they map to. */
class CollectorTest {

    @Test
    void eachCollectorMapsToTheFlagThatSelectsIt() {
        assertThat(Collector.parse("g1").flag()).isEqualTo("-XX:+UseG1GC");
        assertThat(Collector.parse("ZGC").flag()).isEqualTo("-XX:+UseZGC");
        assertThat(Collector.parse(" serial ").flag()).isEqualTo("-XX:+UseSerialGC");
    }

    @Test
    void listsKeepTheOrderWrittenWithoutRepeats() {
        assertThat(Collector.parseList("serial,g1,serial")).containsExactly(Collector.SERIAL, Collector.G1);
        assertThat(Collector.parseList("all")).containsExactly(Collector.G1, Collector.ZGC, Collector.SERIAL);
    }

    @Test
    void anUnknownCollectorIsOneLineNamingThoseThatExist() {
        assertThatThrownBy(() -> Collector.parseList("g1,shenandoah"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"shenandoah\"")
                .hasMessageContaining("g1, zgc, serial");
    }
}
