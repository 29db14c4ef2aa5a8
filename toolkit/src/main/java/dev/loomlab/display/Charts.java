package dev.loomlab.display;

import dev.loomlab.view.Plot;
import dev.loomlab.view.Series;
import java.util.List;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The plots of the notebooks and the report, all in one style: XChart charts that a notebook
 * shows inline (as PNG through {@link Display}) and the report embeds.
 */
public final class Charts {

    private static final int WIDTH = 960;
    private static final int HEIGHT = 420;

    private Charts() {}

    /** A core {@link Plot} drawn: lines or grouped bars in this class's style. */
    public static Chart<?, ?> of(Plot plot) {
        return plot.isBars()
                ? bars(plot.title(), plot.yTitle(), plot.logY(), plot.categories(), plot.bars())
                : lines(plot.title(), plot.xTitle(), plot.yTitle(), plot.logX(), plot.logY(), plot.series());
    }

    /** Lines with markers, one per series; log axes on request (zero and negative points are dropped there). */
    public static XYChart lines(String title, String xTitle, String yTitle, boolean logX, boolean logY, List<Series> series) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        Styler styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setLegendLayout(Styler.LegendLayout.Vertical);
        chart.getStyler().setXAxisLogarithmic(logX);
        chart.getStyler().setYAxisLogarithmic(logY);
        styler.setChartBackgroundColor(java.awt.Color.WHITE);
        for (Series s : series) {
            List<Number[]> points = new java.util.ArrayList<>();
            for (int i = 0; i < s.x().size(); i++) {
                Number x = s.x().get(i);
                Number y = s.y().get(i);
                if (x == null || y == null || Double.isNaN(y.doubleValue())) {
                    continue;
                }
                if ((logX && x.doubleValue() <= 0) || (logY && y.doubleValue() <= 0)) {
                    continue;
                }
                points.add(new Number[] {x, y});
            }
            if (points.isEmpty()) {
                continue;
            }
            double[] xs = points.stream().mapToDouble(p -> p[0].doubleValue()).toArray();
            double[] ys = points.stream().mapToDouble(p -> p[1].doubleValue()).toArray();
            style(chart.addSeries(s.name(), xs, ys), s);
        }
        return chart;
    }

    /** Dark colours for ours and the published series grouped with them, in group order. */
    private static final java.awt.Color[] GROUP_COLOURS = {java.awt.Color.BLACK, new java.awt.Color(0xC0, 0x10, 0x10),
            new java.awt.Color(0x10, 0x30, 0xA0), new java.awt.Color(0x80, 0x40, 0x00), new java.awt.Color(0x10, 0x80, 0x30),
            new java.awt.Color(0x70, 0x10, 0x90)};

    /** Draws one series as its {@link Series.Style} and group say, through the handle XChart returned. */
    private static void style(XYSeries handle, Series s) {
        handle.setMarker(s.style() == Series.Style.PUBLISHED_POINTS ? SeriesMarkers.DIAMOND : SeriesMarkers.CIRCLE);
        switch (s.style()) {
            case OURS -> handle.setLineWidth(4f);
            case PUBLISHED, PUBLISHED_POINTS -> handle.setLineWidth(1.2f);
            case PUBLISHED_OLDER -> {
                handle.setLineWidth(1.2f);
                handle.setLineStyle(SeriesLines.DASH_DASH);
            }
            case PLAIN -> { }
        }
        if (s.group() >= 0) {
            java.awt.Color c = GROUP_COLOURS[s.group() % GROUP_COLOURS.length];
            handle.setLineColor(c);
            handle.setMarkerColor(c);
        }
    }

    /** Lines with markers on linear axes. */
    public static XYChart lines(String title, String xTitle, String yTitle, List<Series> series) {
        return lines(title, xTitle, yTitle, false, false, series);
    }

    /**
     * Grouped bars: one group per category, one bar per series (same categories in each).
     *
     * @param categories the group labels, e.g. kinds or sizes
     * @param series     name → values in category order
     */
    public static CategoryChart bars(String title, String yTitle, boolean logY, List<String> categories,
                                     java.util.Map<String, List<? extends Number>> series) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).yAxisTitle(yTitle).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Vertical);
        chart.getStyler().setYAxisLogarithmic(logY);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        if (logY) {
            // bars start at the axis minimum, which XChart takes as 0 unless told: a decade below the smallest value
            double smallest = series.values().stream().flatMap(List::stream)
                    .filter(v -> v != null && v.doubleValue() > 0).mapToDouble(Number::doubleValue).min().orElse(1);
            chart.getStyler().setYAxisMin(Math.pow(10, Math.ceil(Math.log10(smallest)) - 1));
        }
        series.forEach((name, values) -> {
            if (values.size() != categories.size()) {
                throw new IllegalArgumentException("bar series \"" + name + "\" has " + values.size()
                        + " values for " + categories.size() + " categories");
            }
            // a missing value (null, NaN, or not positive on a log axis) is a gap, not a zero
            List<Number> ys = new java.util.ArrayList<>();
            for (Number v : values) {
                boolean missing = v == null || Double.isNaN(v.doubleValue()) || (logY && v.doubleValue() <= 0);
                ys.add(missing ? null : v);
            }
            chart.addSeries(name, categories, ys);
        });
        return chart;
    }
}
