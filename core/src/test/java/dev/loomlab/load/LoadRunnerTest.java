package dev.loomlab.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.NoLeaks;
import dev.loomlab.util.Progress;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The load experiment in child JVMs with one carrier and one busy loop, BEAM's {@code +S 1} with
 * one loop: virtual threads and processes are reported starved within the deadline, while the
 * kinds the OS or the loop itself preempts complete. No timing is asserted, only outcomes; and
 * nothing is left behind: no child JVM, no process, no extra platform thread.
 */
@ExtendWith(NoLeaks.class)
class LoadRunnerTest {

    @Test
    void oneBusyLoopOnOneCarrierStarvesVirtualThreadsButNotPreemptedKinds() {
        LoadSpec spec = new LoadSpec(LoadKind.all(), List.of(1), 200,
                java.time.Duration.ofSeconds(2), 1, List.of());
        LoadResult result = LoadRunner.run(spec, Progress.SILENT);

        assertThat(result.rows()).hasSize(LoadKind.all().size());
        assertThat(result.rows()).allSatisfy(row -> {
            assertThat(row.parallelism()).as(row.kind()).isEqualTo(1);
            assertThat(row.opsPerSecondPerLoop()).as(row.kind() + " loop rate, " + row.detail()).isPositive();
        });
        for (LoadKind starving : List.of(LoadKind.VIRTUAL, LoadKind.PROCESS)) {
            LoadRow row = result.row(starving, 1).orElseThrow();
            assertThat(row.starved()).as(starving.label() + ": " + row.detail()).isTrue();
            assertThat(row.status()).isEqualTo(LoadRow.STARVED);
            assertThat(row.roundsCompleted()).isZero();
            assertThat(row.waitedMillis()).isGreaterThanOrEqualTo(2_000);
            assertThat(row.roundTripMicrosP50()).isNaN();
        }
        for (LoadKind preempted : List.of(LoadKind.PLATFORM, LoadKind.PARKING, LoadKind.OFFLOADED)) {
            LoadRow row = result.row(preempted, 1).orElseThrow();
            assertThat(row.status()).as(preempted.label() + ": " + row.detail()).isEqualTo(LoadRow.OK);
            assertThat(row.starved()).isFalse();
            assertThat(row.roundsCompleted()).isEqualTo(200);
        }
        // Thread.yield() rescues nobody woken from outside the scheduler on JDK 25 (JDK-8373118):
        // whichever way this JDK goes, the row is a definite result and the notes say what it means
        LoadRow yielding = result.row(LoadKind.YIELDING, 1).orElseThrow();
        assertThat(yielding.status()).isIn(LoadRow.OK, LoadRow.STARVED, LoadRow.INCOMPLETE);
        assertThat(result.notes()).anySatisfy(n -> assertThat(n).startsWith("yielding:"));
        if (yielding.starved()) {
            assertThat(result.notes()).anySatisfy(n -> assertThat(n).contains("JDK-8373118"));
        }
        assertThat(result.anyStarved()).isTrue();
        assertThat(result.anyFailed()).isFalse();
        assertThat(result.envFromChild()).isTrue();
        assertThat(result.env().carrierParallelism()).isEqualTo(1);
    }

    @Test
    void theResultShowsPublishedBeamRowsAndRoundTripsThroughJson() {
        LoadSpec spec = new LoadSpec(List.of(LoadKind.PLATFORM), List.of(0, 1), 100, java.time.Duration.ofSeconds(5), 0,
                List.of());
        LoadResult result = LoadRunner.run(spec, Progress.SILENT);

        var table = result.grid();
        assertThat(table.texts("runtime")).contains("JVM platform", "BEAM (OTP 28; Apple M1)")
                .as("the German article's +S 1 rows sit beside a one-carrier run only").doesNotContain("BEAM (+S 1)");
        assertThat(table.columnNames()).hasSizeLessThanOrEqualTo(7);
        var work = result.details().get(0);
        assertThat(work.rowCount()).as("every published group has a row of work or notes").isEqualTo(2 + 6);
        for (int row = 2; row < table.rowCount(); row++) { // a published row in the round trips has a round trip
            assertThat(Double.isNaN(table.number(row, "p50 µs")) && Double.isNaN(table.number(row, "mean µs"))).isFalse();
        }
        assertThat(result.toString()).contains("note:", "BEAM rows as published");

        LoadResult back = LoadResult.fromJson(result.toJson());
        assertThat(back.rows()).hasSize(2);
        assertThat(back.rows().get(0).status()).isEqualTo(LoadRow.OK);
        assertThat(back.rows().get(1).loops()).isEqualTo(1);
        assertThat(back.rows().get(1).opsPerSecondPerLoop()).isPositive();
        assertThat(back.env()).isEqualTo(result.env());
        assertThat(back.spec().loops()).containsExactly(0, 1);
    }
}
