package dev.loomlab.articles;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Notebook 03: the ranking is computed from the published dataset, and our 1M figure says whether it was measured. */
class MillionTasksRankingTest {

    private static PublishedFigure peak(String source, String runtime, long n, double mb) {
        return new PublishedFigure(source, runtime, "tasks", "peakMegabytes", n, null, mb, "MB", "");
    }

    @Test
    void theRankingOrdersByPeakAtOneTierAndDividesByTheWinner() {
        List<PublishedFigure> figures = List.of(peak("y", "Go", 1000, 300), peak("y", "Rust", 1000, 100),
                peak("y", "Java OpenJDK", 1000, 150), peak("y", "Go", 10, 1), peak("z", "Rust", 1000, 1));
        List<TasksRanking.Place> places = TasksRanking.rank(figures, "y", 1000);
        assertThat(places).extracting(TasksRanking.Place::runtime).containsExactly("Rust", "Java OpenJDK", "Go");
        assertThat(places).extracting(TasksRanking.Place::rank).containsExactly(1, 2, 3);
        assertThat(places.get(2).timesWinner()).isEqualTo(3.0);
        assertThat(TasksRanking.ratio(places, "Go", "Java OpenJDK")).isEqualTo(2.0);
        List<TasksRanking.Claim> claims = TasksRanking.claims(places);
        assertThat(claims.get(0).holds()).isFalse();
        assertThat(claims.get(0).sentence()).contains("needs 3× the memory").contains("does NOT hold");
        assertThat(claims.get(1).holds()).isTrue();
        assertThat(TasksRanking.ratio(places, "Python", "Go")).isNaN();
    }

    @Test
    void theArticlesClaimsAreCheckedAgainstTheDatasetItCarries() {
        var places = TasksRanking.rank(PublishedFigures.of("tasks", "peakMegabytes"), MillionTasks.SOURCE_2024, 1_000_000);
        assertThat(places).hasSize(9);
        assertThat(places.get(0).runtime()).isEqualTo("C# NativeAOT");
        assertThat(TasksRanking.claims(places)).allMatch(TasksRanking.Claim::holds);
        var section = MillionTasks.ranking();
        assertThat(section.grid().rowCount()).isEqualTo(9 + 3);
        assertThat(String.join("\n", section.notes())).contains("C# NativeAOT wins").contains("holds")
                .contains("2023 original: Go needs");
    }

    @Test
    void aMeasuredTierIsMeasuredAndAMissingOneIsExtrapolatedAndSaysSo() {
        TasksEstimate measured = TasksEstimate.at(1_000_000, Map.of(1, 40.0, 1_000_000, 1100.0));
        assertThat(measured.measured()).isTrue();
        assertThat(measured.label()).isEqualTo("measured");
        assertThat(measured.peakMb()).isEqualTo(1100.0);

        TasksEstimate extrapolated = TasksEstimate.at(1_000_001, Map.of(1, 40.0, 1_001, 41.0, 100_001, 140.0));
        assertThat(extrapolated.measured()).isFalse();
        assertThat(extrapolated.label()).isEqualTo("extrapolated");
        assertThat(extrapolated.peakMb()).isCloseTo(40.0 + 100.0 * 10, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(extrapolated.basis()).startsWith("extrapolated: not measured").contains("between 1 and 100,001 tasks")
                .doesNotContain("rough");
        assertThat(TasksEstimate.at(1_000_000, Map.of(1, 40.0, 1_000, 43.0)).basis()).contains("rough");

        TasksEstimate shrinking = TasksEstimate.at(1_000_000, Map.of(1, 40.0, 1_000, 39.0));
        assertThat(shrinking.peakMb()).isNaN();
        assertThat(shrinking.label()).isEqualTo("none");
        assertThat(shrinking.basis()).contains("not extrapolated").contains("did not grow");

        TasksEstimate failedTop = TasksEstimate.at(1_000_000, Map.of(1, 40.0, 1_000_000, Double.NaN, 1_001, 41.0));
        assertThat(failedTop.label()).isEqualTo("extrapolated");

        TasksEstimate none = TasksEstimate.at(1_000_000, Map.of(1_000, 50.0));
        assertThat(none.peakMb()).isNaN();
        assertThat(none.label()).isEqualTo("none");
        assertThat(none.basis()).contains("too few tiers");
    }

    @Test
    void ourPlaceAmongTheRankedRuntimesNamesItsNeighbours() {
        List<TasksRanking.Place> ranked = List.of(new TasksRanking.Place(1, "A", 100, 1), new TasksRanking.Place(2, "B", 200, 2));
        assertThat(TasksRuns.place(ranked, 50)).isEqualTo("1st of 3, below A");
        assertThat(TasksRuns.place(ranked, 150)).isEqualTo("2 of 3, between A and B");
        assertThat(TasksRuns.place(ranked, 250)).isEqualTo("last of 3, above B");
        assertThat(TasksRuns.place(ranked, Double.NaN)).isEmpty();
    }
}
