package dev.loomlab.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Round trips split by whether they overlapped an interval (a pause, a native call). */
class RoundTripLogTest {

    @Test
    void roundTripsThatOverlapAnIntervalAreToldFromTheOthers() {
        RoundTripLog log = new RoundTripLog(10);
        log.record(0, 10_000);        // 0..10 µs, before the interval
        log.record(95_000, 10_000);   // straddles its start
        log.record(120_000, 5_000);   // inside
        log.record(190_000, 20_000);  // straddles its end
        log.record(300_000, 1_000);   // after
        List<long[]> pauses = List.of(new long[] {100_000, 200_000});
        RoundTripLog during = log.split(pauses, true);
        RoundTripLog outside = log.split(pauses, false);
        assertThat(during.count()).isEqualTo(3);
        assertThat(outside.count()).isEqualTo(2);
        assertThat(during.maxMicros()).isBetween(19.9, 20.1);
        assertThat(outside.maxMicros()).isBetween(9.9, 10.1);
    }

    @Test
    void manyIntervalsInAnyOrderAndAnEmptyLog() {
        RoundTripLog log = new RoundTripLog(4);
        log.record(50, 10);
        log.record(500, 10);
        log.record(5_000, 10);
        var during = log.split(List.of(new long[] {4_990, 5_001}, new long[] {0, 55}), true);
        assertThat(during.count()).isEqualTo(2);
        assertThat(new RoundTripLog(1).percentileMicros(99)).isNaN();
        assertThat(new RoundTripLog(1).split(List.of(), true).count()).isZero();
    }

    @Test
    void pastItsCapacityItStillCountsButKeepsNoMore() {
        RoundTripLog log = new RoundTripLog(2);
        for (int i = 0; i < 5; i++) {
            log.record(i * 100L, 50);
        }
        assertThat(log.count()).isEqualTo(5);
        assertThat(log.dropped()).isEqualTo(3);
        assertThat(log.split(List.of(), false).count()).isEqualTo(2);
    }
}
