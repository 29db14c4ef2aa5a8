package dev.loomlab.display;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.view.Palette;
import java.awt.image.BufferedImage;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;

/** A bar's interval is drawn over that bar, from its low end to its high end, and fits on the axis. */
class BarWhiskersTest {

    private static final int WHISKER = 0x222222;

    private static CategoryChart chart(boolean log, double a, double b) {
        Map<String, List<? extends Number>> series = new LinkedHashMap<>();
        series.put("JVM process", List.of(a, a));
        series.put("BEAM here", List.of(b, b));
        return Charts.bars("t", "ns per hop", log, List.of("1,000", "100,000"), series,
                Map.of("JVM process", Palette.PROCESS, "BEAM here", Palette.BEAM_HERE));
    }

    /** The bar centre's chart x of series {@code slot} of {@code count} in category {@code c}. */
    private static double centre(CategoryChart chart, int c, int slot, int count) {
        double fill = chart.getStyler().getAvailableSpaceFill();
        return chart.getScreenXFromChart(c + (1 - fill) / 2 + (slot + 0.5) * fill / count);
    }

    private static int rgb(BufferedImage image, double x, double y) {
        return image.getRGB((int) Math.round(x), (int) Math.round(y)) & 0xFFFFFF;
    }

    @Test
    void theWhiskerSpansItsIntervalAboveAndBelowItsOwnBar() {
        CategoryChart chart = chart(false, 100, 200);
        Charts.intervals(chart, "JVM process", Arrays.asList(null, 80.0), Arrays.asList(null, 150.0));
        BufferedImage image = BitmapEncoder.getBufferedImage(chart);
        double x = centre(chart, 1, 0, 2);
        // above the bar's top (100), inside the interval: the whisker, at the bar's centre only
        assertThat(rgb(image, x, chart.getScreenYFromChart(140))).isEqualTo(WHISKER);
        double slot = centre(chart, 1, 1, 2) - x;
        assertThat(rgb(image, x + slot / 3, chart.getScreenYFromChart(140))).isNotEqualTo(WHISKER);
        // above the interval's high end: nothing
        assertThat(rgb(image, x, chart.getScreenYFromChart(170))).isNotEqualTo(WHISKER);
        // the first category has no interval, and the other series none at all
        assertThat(rgb(image, centre(chart, 0, 0, 2), chart.getScreenYFromChart(140))).isNotEqualTo(WHISKER);
        assertThat(rgb(image, centre(chart, 1, 1, 2), chart.getScreenYFromChart(140))).isNotEqualTo(WHISKER);
    }

    @Test
    void anIntervalAboveEveryBarWidensTheAxisSoThatItFits() {
        CategoryChart linear = chart(false, 100, 200);
        Charts.intervals(linear, "BEAM here", List.of(150.0, 150.0), List.of(260.0, 260.0));
        assertThat(linear.getStyler().getYAxisMax()).isGreaterThanOrEqualTo(260.0);

        CategoryChart log = chart(true, 100, 20_000);
        Charts.intervals(log, "JVM process", List.of(8.0, 8.0), List.of(120.0, 120.0));
        assertThat(log.getStyler().getYAxisMin()).isLessThanOrEqualTo(8.0);
        BufferedImage image = BitmapEncoder.getBufferedImage(log);
        assertThat(rgb(image, centre(log, 0, 0, 2), log.getScreenYFromChart(110))).isEqualTo(WHISKER);
    }

    @Test
    void intervalsMustNameABarSeriesAndGiveOneEntryPerCategory() {
        CategoryChart chart = chart(false, 100, 200);
        assertThatThrownBy(() -> Charts.intervals(chart, "JVM virtual", List.of(1.0, 1.0), List.of(2.0, 2.0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no bar series \"JVM virtual\"");
        assertThatThrownBy(() -> Charts.intervals(chart, "JVM process", List.of(1.0), List.of(2.0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("for 2 categories");
        chart.getStyler().setStacked(true);
        assertThatThrownBy(() -> Charts.intervals(chart, "JVM process", List.of(1.0, 1.0), List.of(2.0, 2.0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("grouped bars only");
    }
}
