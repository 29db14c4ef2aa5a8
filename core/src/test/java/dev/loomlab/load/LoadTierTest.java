package dev.loomlab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.NoLeaks;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * One row in this JVM, with fewer loops than carriers so that nothing starves here: every kind
 * completes its round trips, counts its loop's work, and stops everything it started.
 * (Starvation is shown only in child JVMs: see {@link LoadRunnerTest}.)
 */
@ExtendWith(NoLeaks.class)
class LoadTierTest {

    private static final Duration DEADLINE = Duration.ofSeconds(10);

    @Test
    void withoutLoopsTheRoundTripsCompleteAndNoRateIsInvented() throws Exception {
        LoadRow row = LoadTier.runHere(LoadKind.VIRTUAL, 0, 200, DEADLINE);
        assertThat(row.status()).isEqualTo(LoadRow.OK);
        assertThat(row.starved()).isFalse();
        assertThat(row.roundsCompleted()).isEqualTo(200);
        assertThat(row.roundTripMicrosP50()).isPositive().isLessThanOrEqualTo(row.roundTripMicrosP99());
        assertThat(row.roundTripMicrosP99()).isLessThanOrEqualTo(row.roundTripMicrosMax());
        assertThat(row.opsPerSecondPerLoop()).isNaN();
        assertThat(row.perLoopOpsPerSecond()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(value = LoadKind.class, mode = EnumSource.Mode.EXCLUDE, names = "BEAM") // BEAM rows run in their own VM: BeamIntegrationTest
    void oneLoopOnAMultiCarrierJvmCompletesAndCountsItsWork(LoadKind kind) throws Exception {
        boolean loopHoldsItsCarrier = kind == LoadKind.VIRTUAL || kind == LoadKind.PROCESS || kind == LoadKind.YIELDING;
        org.junit.jupiter.api.Assumptions.assumeTrue(!loopHoldsItsCarrier || Runtime.getRuntime().availableProcessors() >= 2,
                "one carrier: a " + kind.label() + " loop would starve this test JVM");
        LoadRow row = LoadTier.runHere(kind, 1, 100, DEADLINE);
        assertThat(row.kind()).isEqualTo(kind.label());
        assertThat(row.status()).as(row.detail()).isEqualTo(LoadRow.OK);
        assertThat(row.loops()).isEqualTo(1);
        assertThat(row.perLoopOpsPerSecond()).hasSize(1);
        assertThat(row.opsPerSecondPerLoop()).isPositive().isEqualTo(row.opsPerSecondTotal())
                .isEqualTo(row.firstLoopOpsPerSecond());
    }

    @Test
    void theEchoAndClientAreWarmedUpBeforeAnyLoopStarts() throws Exception {
        LoadRow row = LoadTier.runHere(LoadKind.PLATFORM, 1, 50, DEADLINE);
        assertThat(row.status()).as(row.detail()).isEqualTo(LoadRow.OK);
        assertThat(row.detail()).contains("warmed up first").containsPattern("\\d+ batches of 10,000 round trips");
    }

    @Test
    void ratesAreAveragedOverAllLoopsNotReadFromTheFirst() throws Exception {
        LoadRow row = LoadTier.runHere(LoadKind.PLATFORM, 3, 50, DEADLINE);
        double sum = row.perLoopOpsPerSecond().stream().mapToDouble(Double::doubleValue).sum();
        assertThat(row.perLoopOpsPerSecond()).hasSize(3).allSatisfy(rate -> assertThat(rate).isPositive());
        assertThat(row.opsPerSecondTotal()).isCloseTo(sum, org.assertj.core.data.Percentage.withPercentage(0.01));
        assertThat(row.opsPerSecondPerLoop()).isCloseTo(sum / 3, org.assertj.core.data.Percentage.withPercentage(0.01));
        assertThat(row.firstLoopOpsPerSecond()).isEqualTo(row.perLoopOpsPerSecond().get(0));
    }

    @Test
    void theWatchdogRefusesToBeAVirtualThread() throws Exception {
        AtomicReference<Throwable> error = new AtomicReference<>();
        try (LoadTier tier = LoadTier.start(LoadKind.VIRTUAL, 0, 1)) {
            Thread.ofVirtual().start(() -> {
                try {
                    tier.measure(DEADLINE);
                } catch (Throwable t) {
                    error.set(t);
                }
            }).join(DEADLINE);
        }
        assertThat(error.get()).isInstanceOf(IllegalStateException.class).hasMessageContaining("platform thread");
    }

    @Test
    void badSizesAreRefused() {
        assertThatThrownBy(() -> LoadTier.start(LoadKind.VIRTUAL, -1, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LoadTier.start(LoadKind.VIRTUAL, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aRowRoundTripsThroughJson() throws Exception {
        LoadRow row = LoadTier.runHere(LoadKind.PROCESS, 1, 50, DEADLINE);
        LoadRow back = LoadJson.readRow(LoadJson.row(row));
        assertThat(back.kind()).isEqualTo("process");
        assertThat(back.status()).isEqualTo(row.status());
        assertThat(back.roundsCompleted()).isEqualTo(50);
        assertThat(back.opsPerSecondPerLoop()).isCloseTo(row.opsPerSecondPerLoop(), org.assertj.core.data.Offset.offset(1.0));
    }
}
