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
}
