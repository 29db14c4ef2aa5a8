package dev.loomlab.articles;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.experiment.Measurement;
import dev.loomlab.measure.Spread;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The min_heap_size control's sentence: each runtime against itself, and no verdict one VM each cannot carry. */
class AskingForLessTest {

    private static Measurement platform(double bytes) {
        return new Measurement("spawn", "platform", 1_000, 0, null, Measurement.OK, "median", Map.of("bytesPerProcess", bytes),
                List.of(), List.of(), Measurement.STEADY, Map.of("bytesPerProcess", Spread.of(bytes)));
    }

    @Test
    void oneVmEachSaysThereIsNoIntervalToDecideOn() {
        String s = UnMillion.askingForLess(platform(19_835), platform(17_818), null, null);
        assertThat(s).startsWith("asking for less, each against itself, this run: ")
                .contains("a platform thread with the default stack", "one with a 64 KiB stack", "no interval")
                .doesNotContain("lighter,", "heavier")
                .endsWith("BEAM's pair is not in the dataset");
    }

    @Test
    void aFailedRowIsNamed() {
        assertThat(UnMillion.askingForLess(platform(19_835), Measurement.failed(
                dev.loomlab.experiment.ExperimentSpec.of("spawn", 1_000), "out of memory"), null, null))
                .contains("could not be measured this time (out of memory)");
    }
}
