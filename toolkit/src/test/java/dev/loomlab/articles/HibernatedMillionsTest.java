package dev.loomlab.articles;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.NoLeaks;
import dev.loomlab.util.Progress;
import java.util.ArrayList;
import dev.loomlab.experiment.Experiments;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The memory check that comes before a million-process JVM, and the rows it leaves. */
@ExtendWith(NoLeaks.class)
class HibernatedMillionsTest {

    @Test
    void notEnoughMemoryIsSaidBeforeAnyJvmStartsWithWhatItWouldNeed() {
        List<String> said = new ArrayList<>();
        var section = new HibernatedMillions(List.of(1_000_000, 5_000_000), () -> 64L << 20).run(Experiments.HIBERNATE, said::add);
        var outcomes = section.grid().texts("outcome");
        assertThat(outcomes).hasSize(2).allMatch(o -> o.startsWith("not run: not started: "));
        assertThat(outcomes.get(1)).contains("5,000,000 hibernated processes need about").contains("-Xmx").contains("available now");
        assertThat(said).hasSize(2);
        assertThat(section.grid().number(0, "BEAM ms (article)")).isEqualTo(951);
        assertThat(section.grid().number(1, "BEAM ms (article)")).isEqualTo(6_700);
        assertThat(section.grid().number(1, "BEAM bytes (article)")).isEqualTo(849);
    }

    @Test
    void enoughMemoryMeansNoShortfallAndTheNeedGrowsWithN() {
        assertThat(HibernatedMillions.shortfall(1_000_000, 1e12)).isEmpty();
        assertThat(HibernatedMillions.shortfall(1_000_000, Double.NaN)).isEmpty(); // unknown: let the JVM say
        assertThat(HibernatedMillions.neededBytes(5_000_000)).isGreaterThan(HibernatedMillions.neededBytes(1_000_000));
        assertThat(HibernatedMillions.neededBytes(1_000)).isGreaterThan(HibernatedMillions.heapBytes(1_000));
    }

    @Test
    void eachRowRunsWithTheLimitBeamsPlusPWouldGiveAndAHeapForN() {
        var spec = HibernatedMillions.spec(Experiments.HIBERNATE, 5_000_000);
        assertThat(spec.experiment()).isEqualTo("hibernate");
        assertThat(spec.jvmFlags()).contains("-Dloomlab.processLimit=8388608", "-Xmx" + (HibernatedMillions.heapBytes(5_000_000) >> 20) + "m");
    }

    @Test
    void theLimitTableShowsBeamsRoundingBesideTheToolkitsExactLimit() {
        var table = ProcessLimits.of(10_000_000, 1_000).grid();
        assertThat(table.texts("BEAM runs with")).containsExactly("16,777,216", "1,024");
        assertThat(table.texts("the toolkit runs with")).containsExactly("10,000,000", "1,000");
        assertThat(table.texts("BEAM's rule")).containsExactly("rounded up to a power of two", "raised to the minimum");
        assertThat(ProcessLimits.articleExamples().grid().rowCount()).isGreaterThan(3);
        Progress.SILENT.say("");
    }
}
