package dev.loomlab.isolation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.NoLeaks;
import dev.loomlab.util.Progress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Shared by reference, private as a copy: what the receiver sees, and both costs reported per size. */
@ExtendWith(NoLeaks.class)
class IsolationTest {

    @Test
    void theReceiverOfAReferenceSeesTheSendersChangeAndTheReceiverOfACopyDoesNot() throws Exception {
        assertThat(Isolation.seenAfterMutation(false)).isEqualTo("[99, 2, 3]");
        assertThat(Isolation.seenAfterMutation(true)).isEqualTo("[1, 2, 3]");
    }

    @Test
    void aSmallRunInAChildJvmReportsBothCostsForEverySize() {
        var result = Isolation.measure(new int[] {10, 1_000}, 50, Progress.SILENT);
        assertThat(result.visibility().grid().texts("the receiver saw")).containsExactly("[99, 2, 3]", "[1, 2, 3]");
        var cost = result.cost().grid();
        assertThat(cost.rowCount()).isEqualTo(2);
        for (int i = 0; i < 2; i++) {
            assertThat(cost.number(i, "ns/message, reference")).isPositive();
            assertThat(cost.number(i, "ns/message, copy")).isPositive();
        }
        assertThat(result.cost().chart()).isNotNull();
    }

    @Test
    void badSizesAreRefused() {
        assertThatThrownBy(() -> Isolation.measure(new int[] {0}, 100, Progress.SILENT)).hasMessageContaining("between 1 and 1,000,000");
        assertThatThrownBy(() -> Isolation.measure(new int[] {10}, 1, Progress.SILENT)).hasMessageContaining("batch");
    }
}
