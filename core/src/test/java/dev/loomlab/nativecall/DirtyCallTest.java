package dev.loomlab.nativecall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.NoLeaks;
import dev.loomlab.util.Progress;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The dirty-call demo: what it refuses, the flags of its children, and a small run of each site. */
@ExtendWith(NoLeaks.class)
class DirtyCallTest {

    @Test
    void aNativeSleepReturnsAndRefusesWhatUsleepCannotTake() {
        NativeSleep.sleepMicros(100);
        assertThatThrownBy(() -> NativeSleep.sleepMicros(1_000_000)).hasMessageContaining("999,999");
    }

    @Test
    void badPlansAreRefusedBeforeAnyJvmStarts() {
        assertThatThrownBy(() -> new DirtyCall(List.of(CallSite.CARRIER), Duration.ofSeconds(1), Duration.ofMillis(10),
                Duration.ZERO, Duration.ofSeconds(1))).hasMessageContaining("--call");
        assertThatThrownBy(() -> new DirtyCall(List.of(CallSite.CARRIER), Duration.ofMillis(10), Duration.ZERO,
                Duration.ZERO, Duration.ofSeconds(1))).hasMessageContaining("--gap");
        assertThatThrownBy(() -> CallSite.parseList("carrier,dirty")).hasMessageContaining("none, carrier, offloaded");
    }

    @Test
    void eachChildRunsOnOneCarrierWithNativeAccess() {
        assertThat(DirtyCall.flags()).contains("-Djdk.virtualThreadScheduler.parallelism=1", NativeSleep.FLAG);
    }

    @Test
    void everySiteReportsItsCallsAndTheRoundTripsAroundThem() {
        var plan = new DirtyCall(List.of(CallSite.values()), Duration.ofMillis(10), Duration.ofMillis(20),
                Duration.ofMillis(100), Duration.ofMillis(400));
        var section = plan.run(Progress.SILENT);
        var table = section.grid();
        assertThat(table.rowCount()).isEqualTo(3);
        assertThat(table.columnNames()).hasSizeLessThanOrEqualTo(7);
        assertThat(table.texts("outcome")).allMatch(o -> o.startsWith("ok"));
        var every = section.details().get(0);
        for (int i = 0; i < 3; i++) {
            assertThat(every.number(i, "native calls")).isPositive();
            assertThat(every.number(i, "round trips")).isPositive();
        }
        assertThat(section.notes()).anyMatch(n -> n.startsWith("carrier: ")).anyMatch(n -> n.startsWith("offloaded: "));
        assertThat(section.chart()).isNotNull();
    }

    @Test
    void theNotesPrintTheirNumbersByTheOneRule() {
        var carrier = new DirtyCall.Row(CallSite.CARRIER, 28, 20_233.4, 100, 2, 80, 20_500, 36, 20_447.2, 20_500, 75.62, "ok");
        assertThat(DirtyCall.notes(List.of(carrier)).get(0))
                .isEqualTo("carrier: 36 round trips completed across 28 calls of 20,233 µs each, their median 20,447 µs "
                        + "against 75.6 µs (p99) outside calls.");
    }
}
