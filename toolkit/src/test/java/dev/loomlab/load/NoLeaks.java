package dev.loomlab.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.process.Processes;

/**
 * Test helper: what a load run must leave behind, which is nothing: no process, no platform thread
 * beyond the baseline, no child JVM. The JDK's own "process reaper" threads (a cached pool that
 * lingers 60 s after a child exits) are not ours and are not counted.
 */
final class NoLeaks {

    private NoLeaks() {}

    /** Platform threads alive now, the JDK's own pools left out. */
    static long platformThreads() {
        return dev.loomlab.OurThreads.count();
    }

    /** Waits up to 5 s for everything to be back to the baseline, then asserts it is. */
    static void assertNothingLeft(long platformThreadsBefore) throws InterruptedException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while ((Processes.live() != 0 || platformThreads() > platformThreadsBefore
                || ProcessHandle.current().descendants().findAny().isPresent()) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(Processes.live()).as("processes left alive").isZero();
        assertThat(platformThreads()).as("platform threads beyond the baseline: " + dev.loomlab.OurThreads.names()).isLessThanOrEqualTo(platformThreadsBefore);
        assertThat(ProcessHandle.current().descendants().map(ProcessHandle::pid).toList()).as("child JVMs left running")
                .isEmpty();
    }
}
