package dev.loomlab.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTest {

    @Test
    void parsesWhatPeopleType() {
        assertThat(Durations.parse("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(Durations.parse("5s")).isEqualTo(Duration.ofSeconds(5));
        assertThat(Durations.parse("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(Durations.parse("1.5s")).isEqualTo(Duration.ofMillis(1500));
        assertThat(Durations.parse("30")).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void refusesNonsenseAndZero() {
        assertThatThrownBy(() -> Durations.parse("soon")).hasMessageContaining("e.g. 500ms");
        assertThatThrownBy(() -> Durations.parse("0s")).hasMessageContaining("positive");
    }
}
