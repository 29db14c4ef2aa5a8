package dev.loomlab.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.loomlab.measure.ProcStatus;
import dev.loomlab.process.Processes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** When an idle group is closed, every one of its threads has ended, platform threads in the OS too. */
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

    /**
     * A joined platform thread is still ending in the OS; a reading taken next would count its stack.
     * Closed, the group leaves the process no more OS threads than it had (a few more allowed: the JVM
     * may start compiler or GC threads of its own meanwhile).
     */
    @Test
    void closedPlatformThreadsHaveEndedInTheOs() throws Exception {
        assumeTrue(ProcStatus.threads() > 0, "needs /proc/self/status (Linux)");
        long before = ProcStatus.threads();
        try (IdleGroup group = IdleGroup.start(Kind.PLATFORM, 500, Duration.ofSeconds(30))) {
            assertThat(ProcStatus.threads()).isGreaterThanOrEqualTo(before + 500);
        }
        assertThat(ProcStatus.threads()).isLessThanOrEqualTo(before + 8);
    }
}
