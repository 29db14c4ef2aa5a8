package dev.loomlab.gc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The safepoint log as JDK 25 writes it with {@code timenanos}: pauses parsed, collector operations told apart. */
class SafepointLogTest {

    static final List<String> LINES = List.of(
            "[2084542659946ns] Safepoint \"G1CollectForAllocation\", Time since last: 2742495698 ns, Reaching safepoint: 7083 ns,"
                    + " At safepoint: 22583565 ns, Leaving safepoint: 7645 ns, Total: 22598293 ns, Threads: 0 runnable, 10 total",
            "[2091350551744ns] Safepoint \"ZMarkEndYoung\", Time since last: 26119878 ns, Reaching safepoint: 70895 ns,"
                    + " At safepoint: 18892 ns, Leaving safepoint: 2063 ns, Total: 91850 ns, Threads: 1 runnable, 10 total",
            "[2101388019672ns] Safepoint \"SerialCollectForAllocation\", Time since last: 4708620240 ns, Reaching safepoint: 4742 ns,"
                    + " At safepoint: 29686362 ns, Leaving safepoint: 12913645 ns, Total: 42604749 ns, Threads: 0 runnable, 10 total",
            "[2101400000000ns] Safepoint \"CleanClassLoaderDataMetaspaces\", Time since last: 1 ns, Reaching safepoint: 1 ns,"
                    + " At safepoint: 5 ns, Leaving safepoint: 1 ns, Total: 7 ns, Threads: 0 runnable, 10 total",
            "some other line the JVM wrote",
            "");

    @Test
    void everySafepointLineIsAPauseWithItsEndAndTotal() {
        var pauses = SafepointLog.parse(LINES);
        assertThat(pauses).extracting(SafepointLog.Pause::operation)
                .containsExactly("G1CollectForAllocation", "ZMarkEndYoung", "SerialCollectForAllocation", "CleanClassLoaderDataMetaspaces");
        var first = pauses.get(0);
        assertThat(first.endNanos()).isEqualTo(2084542659946L);
        assertThat(first.nanos()).isEqualTo(22598293L);
        assertThat(first.startNanos()).isEqualTo(2084542659946L - 22598293L);
    }

    @Test
    void collectorOperationsAreToldFromOtherSafepoints() {
        assertThat(SafepointLog.parse(LINES)).extracting(SafepointLog.Pause::collector).containsExactly(true, true, true, false);
        assertThat(SafepointLog.isCollectorOperation("G1PauseRemark")).isTrue();
        assertThat(SafepointLog.isCollectorOperation("ZRelocateStartYoung")).isTrue();
        assertThat(SafepointLog.isCollectorOperation("GenCollectForAllocation")).isTrue();
        assertThat(SafepointLog.isCollectorOperation("HandshakeAllThreads")).isFalse();
        assertThat(SafepointLog.isCollectorOperation("ICBufferFull")).isFalse();
    }

    @Test
    void theFlagAsksForNanosecondsOnTheNanoTimeClock() {
        assertThat(SafepointLog.flag(Path.of("/tmp/x.log"))).isEqualTo("-Xlog:safepoint=info:file=/tmp/x.log:timenanos");
    }
}
