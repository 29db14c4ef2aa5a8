package dev.loomlab.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.process.Processes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** When an idle group is closed, every one of its threads has ended. */
class IdleGroupTest {

    @ParameterizedTest
    @EnumSource(value = Kind.class, names = {"PROCESS", "VIRTUAL", "PLATFORM"}) // BEAM runs in its own VM: dev.loomlab.beam
    void closeLeavesNoThreadAlive(Kind kind) throws Exception {
        List<Thread> threads = new ArrayList<>();
        try (IdleGroup group = IdleGroup.start(kind, kind == Kind.PLATFORM ? 30 : 1_000, Duration.ofSeconds(30))) {
            for (int i = 0; i < group.size(); i++) {
                threads.add(group.thread(i));
            }
            assertThat(threads).allMatch(t -> t.getState() == Thread.State.WAITING);
        }
        assertThat(threads).allMatch(t -> !t.isAlive());
        assertThat(Processes.live()).isZero();
    }
}
