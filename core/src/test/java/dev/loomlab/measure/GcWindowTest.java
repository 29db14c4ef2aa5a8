package dev.loomlab.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GcWindowTest {

    @Test
    void aCollectionInsideTheWindowIsCounted() {
        GcWindow window = GcWindow.afterFullGc();
        System.gc();
        assertThat(window.collections()).isGreaterThanOrEqualTo(1);
    }

    @Test
    void itsClockRunsFromTheWindowsStart() throws InterruptedException {
        GcWindow window = GcWindow.afterFullGc();
        long first = window.nanos();
        Thread.sleep(2);
        assertThat(first).isNotNegative();
        assertThat(window.nanos()).isGreaterThan(first);
    }
}
