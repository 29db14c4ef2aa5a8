package dev.loomlab.process;

import static org.assertj.core.api.Assertions.assertThat;

/** Test helper: waits briefly for processes to finish ending, then asserts none is left. */
final class Leaks {

    private Leaks() {}

    static void assertNoLiveProcesses() throws InterruptedException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (Processes.live() != 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(Processes.live()).as("processes left alive by the test").isZero();
    }
}
