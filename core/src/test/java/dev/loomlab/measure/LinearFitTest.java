package dev.loomlab.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class LinearFitTest {

    @Test
    void anExactLineGivesItsSlopeAndIntercept() {
        // 700 bytes per process plus 1.6 MB fixed: averages of 2,300 at 1,000 and 716 at 100,000
        double[] n = {1_000, 10_000, 100_000};
        double[] heap = {1_600_000 + 700 * 1_000.0, 1_600_000 + 700 * 10_000.0, 1_600_000 + 700 * 100_000.0};
        LinearFit fit = LinearFit.of(n, heap);
        assertThat(fit.slope()).isCloseTo(700, within(1e-6));
        assertThat(fit.intercept()).isCloseTo(1_600_000, within(1e-3));
        assertThat(fit.worstRelativeResidual()).isLessThan(1e-9);
        assertThat(fit.linear(0.05)).isTrue();
        assertThat(fit.verdict("bytes per additional process", 0.05)).startsWith("linear").contains("700 bytes");
    }

    @Test
    void aQuadraticIsNotLinear() {
        double[] n = {1, 10, 100, 1_000};
        double[] y = {1, 100, 10_000, 1_000_000};
        LinearFit fit = LinearFit.of(n, y);
        assertThat(fit.linear(0.10)).isFalse();
        assertThat(fit.verdict("ns", 0.10)).startsWith("not linear");
    }

    @Test
    void noisyPointsHaveResiduals() {
        LinearFit fit = LinearFit.of(new double[] {0, 1, 2, 3}, new double[] {1, 3, 5, 8});
        assertThat(fit.residuals()).hasSize(4);
        double sum = 0;
        for (double r : fit.residuals()) {
            sum += r;
        }
        assertThat(sum).isCloseTo(0, within(1e-9));
        assertThat(fit.predict(4)).isCloseTo(fit.intercept() + 4 * fit.slope(), within(1e-9));
    }

    @Test
    void oneSizeIsNotALine() {
        assertThatThrownBy(() -> LinearFit.of(new double[] {5, 5}, new double[] {1, 2})).hasMessageContaining("two distinct");
        assertThatThrownBy(() -> LinearFit.of(new double[] {1}, new double[] {1, 2})).hasMessageContaining("length");
    }
}
