package dev.loomlab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.experiment.Kind;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A bad load spec fails before any JVM starts, naming the option; the defaults follow the article. */
class LoadSpecTest {

    @Test
    void defaultLoopsDoubleUpToTwiceTheProcessors() {
        assertThat(LoadSpec.defaultLoops(2)).containsExactly(0, 1, 2, 4);
        assertThat(LoadSpec.defaultLoops(8)).containsExactly(0, 1, 2, 4, 8, 16);
        assertThat(LoadSpec.defaultLoops(6)).containsExactly(0, 1, 2, 4, 8, 12);
        assertThat(LoadSpec.defaultLoops(1)).containsExactly(0, 1, 2);
    }

    @Test
    void loopsParseAsOneCountOrAList() {
        assertThat(LoadSpec.parseLoops("4")).containsExactly(4);
        assertThat(LoadSpec.parseLoops("0, 1,2,4")).containsExactly(0, 1, 2, 4);
        assertThatThrownBy(() -> LoadSpec.parseLoops("1,two")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"two\" is not a whole number");
    }

    @Test
    void badSizesAreRefusedWithTheOptionNamed() {
        LoadSpec spec = LoadSpec.of(LoadKind.VIRTUAL);
        assertThatThrownBy(() -> spec.withLoops(0, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--loops must be 0 or more");
        assertThatThrownBy(() -> spec.withRounds(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--rounds must be at least 1");
        assertThatThrownBy(() -> spec.withParallelism(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--parallelism must be at least 1");
        assertThatThrownBy(() -> spec.withDeadline(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--deadline must be positive");
        assertThatThrownBy(() -> spec.withLoops(1_000_000)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("above the cap");
    }

    @Test
    void unknownKindsListTheKinds() {
        assertThatThrownBy(() -> LoadKind.parseList("virtual,green")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown kind \"green\"")
                .hasMessageContaining("virtual, platform, process, yielding, parking, offloaded");
        assertThat(LoadKind.parseList("all")).containsExactlyElementsOf(LoadKind.all());
        assertThat(LoadKind.parseList("platform, virtual,platform")).containsExactly(LoadKind.PLATFORM, LoadKind.VIRTUAL);
    }

    @Test
    void theLoopDisciplinesAreLoadKindsOnVirtualThreadsAndNoExperimentKind() {
        for (LoadKind discipline : List.of(LoadKind.YIELDING, LoadKind.PARKING, LoadKind.OFFLOADED)) {
            assertThat(discipline.discipline()).isTrue();
            assertThat(discipline.unit()).isEqualTo(Kind.VIRTUAL);
            assertThatThrownBy(() -> Kind.parse(discipline.label())).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("process, virtual, platform, beam, pekko");
        }
        assertThat(LoadKind.PROCESS.unit()).isEqualTo(Kind.PROCESS);
        assertThat(LoadKind.BEAM.runtime()).isEqualTo("BEAM here");
        assertThat(LoadKind.PARKING.runtime()).isEqualTo("JVM parking");
    }

    @Test
    void parallelismSetsBothSchedulerFlags() {
        assertThat(LoadSpec.of(LoadKind.VIRTUAL).schedulerFlags()).isEmpty();
        assertThat(LoadSpec.of(LoadKind.VIRTUAL).withParallelism(1).schedulerFlags()).isEqualTo(List.of(
                "-Djdk.virtualThreadScheduler.parallelism=1", "-Djdk.virtualThreadScheduler.maxPoolSize=1"));
    }
}
