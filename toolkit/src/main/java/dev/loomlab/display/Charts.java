package dev.loomlab.display;

import dev.loomlab.view.Palette;
import dev.loomlab.view.Plot;
import dev.loomlab.view.Series;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The plots of the notebooks and the report, all in one style: XChart charts that a notebook
 * shows inline (as PNG through {@link Display}) and the report embeds. The rules every chart
 * keeps (and {@code ChartRulesTest} checks): one unit per y axis (a second unit gets the right-hand
 * axis, {@link #lines(String, String, boolean, boolean, String, List, String, List)}); a series of
 * one kind in its {@link Palette} colour and marker; category labels that do not overlap
 * ({@link #bars} widens the chart or turns the labels when they would).
 */
public final class Charts {

    static final int WIDTH = 960;
    static final int MAX_WIDTH = 1400;
    static final int HEIGHT = 420;

    /**
     * Colours for series of no kind (units, collectors, percentiles): Tol's muted set, colour-blind
     * safe, and none of them a {@link Palette} kind's colour, so a bar of "ns per spawn" is never
     * taken for a kind.
     */
    private static final Color[] DEFAULT_COLOURS = {new Color(0x332288), new Color(0xDDCC77), new Color(0x44AA99),
            new Color(0xCC6677), new Color(0x88CCEE), new Color(0xAA4499), new Color(0x117733), new Color(0x661100)};

    /**
     * Dark colours for ours and the published series grouped with them, in group order (cases such
     * as collectors or ring sizes, not kinds): none is a {@link Palette} kind's colour.
     */
    private static final Color[] GROUP_COLOURS = {new Color(0x332288), new Color(0x117733), new Color(0x661100),
            new Color(0xAA4499), new Color(0x44AA99), new Color(0xDDCC77)};

    /** What a whisker's series name adds to its series' name, before the point's number from 1. */
    public static final String WHISKER = ": 95% interval, point ";

    /** How far apart series with intervals are drawn, in x units on a linear axis, in decades on a log one. */
    static final double DODGE = 0.06;

    /** Tick labels between powers of ten: 2,000 rather than 2E3. */
    private static final String PLAIN_NUMBER = "#,##0.###";

    private Charts() {}

    /** A core {@link Plot} drawn: lines or grouped bars in this class's style, with its axes, kinds' colours and labels. */
    public static Chart<?, ?> of(Plot plot) {
        if (plot.isBars()) {
            CategoryChart chart;
            if (plot.hasRightAxis()) {
                List<String> names = List.copyOf(plot.bars().keySet());
                String left = names.get(0).equals(plot.rightTitle()) ? names.get(1) : names.get(0);
                chart = bars(plot.title(), plot.logY(), plot.categories(), left, plot.bars().get(left),
                        plot.rightTitle(), plot.bars().get(plot.rightTitle()));
            } else {
                chart = bars(plot.title(), plot.yTitle(), plot.logY(), plot.categories(), plot.bars(), plot.barKinds());
            }
            if (!Double.isNaN(plot.yMax())) {
                chart.getStyler().setYAxisMax(plot.yMax());
            }
            chart.getStyler().setStacked(plot.stacked());
            return chart;
        }
        XYChart chart = plot.hasRightAxis()
                ? lines(plot.title(), plot.xTitle(), plot.logX(), plot.logY(), plot.yTitle(), plot.series(), plot.rightTitle(), plot.right())
                : lines(plot.title(), plot.xTitle(), plot.yTitle(), plot.logX(), plot.logY(), plot.series());
        if (!Double.isNaN(plot.yMax())) {
            chart.getStyler().setYAxisMax(plot.yMax());
        }
        for (Plot.Label l : plot.labels()) {
            label(chart, l.x(), l.y(), l.text());
        }
        return chart;
    }

    /** A kind's colour as AWT draws it. */
    public static Color colour(Palette kind) {
        return new Color(kind.rgb());
    }

    /** A kind's marker as XChart draws it. */
    public static Marker marker(Palette kind) {
        return switch (kind.mark()) {
            case CIRCLE -> SeriesMarkers.CIRCLE;
            case SQUARE -> SeriesMarkers.SQUARE;
            case TRIANGLE_UP -> SeriesMarkers.TRIANGLE_UP;
            case TRIANGLE_DOWN -> SeriesMarkers.TRIANGLE_DOWN;
            case TRAPEZOID -> SeriesMarkers.TRAPEZOID;
            case PLUS -> SeriesMarkers.PLUS;
            case DIAMOND -> SeriesMarkers.DIAMOND;
            case CROSS -> SeriesMarkers.CROSS;
            case OVAL -> SeriesMarkers.OVAL;
            case RECTANGLE -> SeriesMarkers.RECTANGLE;
        };
    }

    /** Lines with markers, one per series; log axes on request (zero and negative points are dropped there). */
    public static XYChart lines(String title, String xTitle, String yTitle, boolean logX, boolean logY, List<Series> series) {
        return lines(title, xTitle, yTitle, logX, logY, series, List.of());
    }

    /**
     * The chart of both axes' lines. Series that carry intervals are dodged: each is drawn a little
     * beside the true x (the first to the left, the last to the right), so that two whiskers at the
     * same x stay apart.
     */
    private static XYChart lines(String title, String xTitle, String yTitle, boolean logX, boolean logY,
                                 List<Series> left, List<Series> right) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        frame(chart);
        chart.getStyler().setXAxisLogarithmic(logX);
        chart.getStyler().setYAxisLogarithmic(logY);
        List<Series> withIntervals = Stream.concat(left.stream(), right.stream()).filter(Series::hasIntervals).toList();
        for (List<Series> axis : List.of(left, right)) {
            for (Series s : axis) {
                int k = withIntervals.indexOf(s);
                double dodge = k < 0 ? 0 : DODGE * (k - (withIntervals.size() - 1) / 2.0);
                add(chart, s, logX, logY, axis == left ? 0 : 1, dodge);
            }
        }
        labelWithinDecades(chart);
        return chart;
    }

    /**
     * A log axis labels only powers of ten by default, so values with no power of ten between them
     * get no label at all. Where all of them lie within one decade, label the steps in between too;
     * otherwise (several decades, across two axes), an axis group whose own values lie within one
     * decade starts at the power of ten below them, so it has at least that label.
     */
    private static void labelWithinDecades(XYChart chart) {
        double xMin = Double.MAX_VALUE, xMax = 0, yMin = Double.MAX_VALUE, yMax = 0;
        for (XYSeries s : chart.getSeriesMap().values()) {
            xMin = Math.min(xMin, s.getXMin());
            xMax = Math.max(xMax, s.getXMax());
            yMin = Math.min(yMin, s.getYMin());
            yMax = Math.max(yMax, s.getYMax());
        }
        boolean xWithin = withinOneDecade(xMin, xMax);
        boolean yWithin = withinOneDecade(yMin, yMax);
        chart.getStyler().setXAxisLogarithmicDecadeOnly(!xWithin);
        chart.getStyler().setYAxisLogarithmicDecadeOnly(!yWithin);
        if (xWithin && chart.getStyler().isXAxisLogarithmic()) {
            chart.getStyler().setXAxisDecimalPattern(PLAIN_NUMBER); // "2E3" twice would say nothing
        }
        if (yWithin && chart.getStyler().isYAxisLogarithmic()) {
            chart.getStyler().setYAxisDecimalPattern(PLAIN_NUMBER);
        }
        if (!yWithin && chart.getStyler().isYAxisLogarithmic()) {
            for (int group : chart.getSeriesMap().values().stream().map(XYSeries::getYAxisGroup).distinct().toList()) {
                double min = chart.getSeriesMap().values().stream().filter(s -> s.getYAxisGroup() == group)
                        .mapToDouble(XYSeries::getYMin).min().orElse(1);
                double max = chart.getSeriesMap().values().stream().filter(s -> s.getYAxisGroup() == group)
                        .mapToDouble(XYSeries::getYMax).max().orElse(1);
                if (withinOneDecade(min, max)) {
                    chart.getStyler().setYAxisMin(group, Math.pow(10, Math.floor(Math.log10(min))));
                }
            }
        }
    }

    /** True if no power of ten lies between {@code min} and {@code max} (both above 0). */
    private static boolean withinOneDecade(double min, double max) {
        return min > 0 && Math.floor(Math.log10(min)) == Math.floor(Math.log10(max));
    }

    /** Lines with markers on linear axes. */
    public static XYChart lines(String title, String xTitle, String yTitle, List<Series> series) {
        return lines(title, xTitle, yTitle, false, false, series);
    }

    /**
     * Lines against two y axes, one unit each: {@code left} on the left axis titled
     * {@code leftTitle}, {@code right} on the right one. Both axes are logarithmic or neither.
     */
    public static XYChart lines(String title, String xTitle, boolean logX, boolean logY,
                                String leftTitle, List<Series> left, String rightTitle, List<Series> right) {
        XYChart chart = lines(title, xTitle, leftTitle, logX, logY, left, right);
        chart.setYAxisGroupTitle(0, leftTitle);
        chart.setYAxisGroupTitle(1, rightTitle);
        chart.getStyler().setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
        return chart;
    }

    /** Writes {@code text} on the plot at ({@code x}, {@code y}) in data coordinates, e.g. "starved at 3 s" over a marker. */
    public static void label(XYChart chart, double x, double y, String text) {
        chart.addAnnotation(new AnnotationText(text, x, y, false));
    }

    /**
     * Writes {@code texts} at {@code x}, one beside each of {@code ys}, moved up where needed so that
     * two neighbours stand at least a fourteenth of the y axis's span apart (in decades on a log axis).
     */
    public static void labels(XYChart chart, double x, List<Double> ys, List<String> texts) {
        boolean log = chart.getStyler().isYAxisLogarithmic();
        double min = chart.getSeriesMap().values().stream().mapToDouble(XYSeries::getYMin).min().orElse(1);
        double max = chart.getSeriesMap().values().stream().mapToDouble(XYSeries::getYMax).max().orElse(1);
        double gap = (log ? Math.log10(max / min) : max - min) / 14;
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < ys.size(); i++) {
            order.add(i);
        }
        order.sort(java.util.Comparator.comparingDouble(ys::get));
        double previous = Double.NEGATIVE_INFINITY;
        for (int i : order) {
            double at = Math.max(log ? Math.log10(ys.get(i)) : ys.get(i), previous + gap);
            label(chart, x, log ? Math.pow(10, at) : at, texts.get(i));
            previous = at;
        }
    }

    private static void frame(Chart<?, ?> chart) {
        Styler styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setLegendLayout(Styler.LegendLayout.Vertical);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setSeriesColors(DEFAULT_COLOURS);
        styler.setAnnotationTextFontColor(Color.DARK_GRAY);
    }

    private static void add(XYChart chart, Series s, boolean logX, boolean logY, int axis, double dodge) {
        List<Number[]> points = new ArrayList<>();
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
            return;
        }
        double[] xs = points.stream().mapToDouble(p -> dodged(p[0].doubleValue(), dodge, logX)).toArray();
        double[] ys = points.stream().mapToDouble(p -> p[1].doubleValue()).toArray();
        XYSeries handle = chart.addSeries(s.name(), xs, ys);
        handle.setYAxisGroup(axis);
        style(handle, s);
        if (s.hasIntervals()) {
            whiskers(chart, s, handle, logX, logY, axis, dodge);
        }
    }

    private static double dodged(double x, double dodge, boolean logX) {
        return logX ? x * Math.pow(10, dodge) : x + dodge;
    }

    /**
     * Each point's 95% interval as a vertical line from its low end to its high end, in the
     * series' colour and out of the legend; a point without both ends (or with one not positive on a
     * log axis) gets none.
     */
    private static void whiskers(XYChart chart, Series s, XYSeries of, boolean logX, boolean logY, int axis, double dodge) {
        Color colour = of.getLineColor() != null ? of.getLineColor() : Color.DARK_GRAY;
        for (int i = 0; i < s.y().size(); i++) {
            Number x = s.x().get(i);
            Number low = s.low().get(i);
            Number high = s.high().get(i);
            boolean drawable = Double.isFinite(low.doubleValue()) && Double.isFinite(high.doubleValue())
                    && !(logX && x.doubleValue() <= 0) && !(logY && low.doubleValue() <= 0);
            if (!drawable) {
                continue;
            }
            double at = dodged(x.doubleValue(), dodge, logX);
            XYSeries whisker = chart.addSeries(s.name() + WHISKER + (i + 1), new double[] {at, at},
                    new double[] {low.doubleValue(), high.doubleValue()});
            whisker.setYAxisGroup(axis);
            whisker.setShowInLegend(false);
            whisker.setMarker(SeriesMarkers.NONE);
            whisker.setLineColor(colour);
            whisker.setLineWidth(2f);
        }
    }

    /** Draws one series as its kind, {@link Series.Style} and group say, through the handle XChart returned. */
    private static void style(XYSeries handle, Series s) {
        handle.setMarker(s.style() == Series.Style.PUBLISHED_POINTS ? SeriesMarkers.DIAMOND : SeriesMarkers.CIRCLE);
        switch (s.style()) {
            case OURS -> handle.setLineWidth(4f);
            case PUBLISHED, PUBLISHED_POINTS -> handle.setLineWidth(1.2f);
            case PUBLISHED_OLDER, SECONDARY -> {
                handle.setLineWidth(1.2f);
                handle.setLineStyle(SeriesLines.DASH_DASH);
            }
            case REFERENCE -> {
                handle.setLineWidth(1.5f);
                handle.setLineStyle(SeriesLines.DOT_DOT);
                handle.setMarker(SeriesMarkers.NONE);
            }
            case MARKERS -> handle.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            case PLAIN -> { }
        }
        Color colour = s.kind() != null ? colour(s.kind())
                : s.group() >= 0 ? GROUP_COLOURS[s.group() % GROUP_COLOURS.length] : null;
        if (s.kind() != null && s.style() != Series.Style.REFERENCE) {
            handle.setMarker(marker(s.kind()));
        }
        if (colour != null) {
            handle.setLineColor(colour);
            handle.setMarkerColor(colour);
        }
    }

    /**
     * Grouped bars: one group per category, one bar per series (same categories in each).
     *
     * @param categories the group labels, e.g. kinds or sizes
     * @param series     name → values in category order
     */
    public static CategoryChart bars(String title, String yTitle, boolean logY, List<String> categories,
                                     Map<String, List<? extends Number>> series) {
        return bars(title, yTitle, logY, categories, series, Map.of());
    }

    /**
     * The same with the series that are one kind each in their {@link Palette} colour ({@code kinds}:
     * series name → kind). The chart is widened, then its labels turned, so that no two category
     * labels overlap.
     */
    public static CategoryChart bars(String title, String yTitle, boolean logY, List<String> categories,
                                     Map<String, List<? extends Number>> series, Map<String, Palette> kinds) {
        CategoryLabels fit = CategoryLabels.fit(categories, series.keySet(), WIDTH, MAX_WIDTH);
        CategoryChart chart = new CategoryChartBuilder().width(fit.width()).height(HEIGHT + fit.extraHeight())
                .title(title).yAxisTitle(yTitle).build();
        frame(chart);
        chart.getStyler().setXAxisLabelRotation(fit.rotation());
        chart.getStyler().setYAxisLogarithmic(logY);
        chart.getStyler().setOverlapped(false);
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
            List<Number> ys = new ArrayList<>();
            for (Number v : values) {
                boolean missing = v == null || Double.isNaN(v.doubleValue()) || (logY && v.doubleValue() <= 0);
                ys.add(missing ? null : v);
            }
            CategorySeries handle = chart.addSeries(name, categories, ys);
            Palette kind = kinds.get(name);
            if (kind != null) {
                handle.setFillColor(colour(kind));
            }
        });
        return chart;
    }

    /**
     * Draws the 95% interval of each of {@code series}' bars as a whisker over it, from
     * {@code lows.get(c)} to {@code highs.get(c)} (null or NaN: no whisker for that category). The
     * y axis is widened, where needed, so that every whisker fits on it.
     *
     * @throws IllegalArgumentException if the chart has no such series, the lists do not have one
     *                                  entry per category, or its bars are stacked or overlapped
     */
    public static void intervals(CategoryChart chart, String series, List<Double> lows, List<Double> highs) {
        BarWhiskers.add(chart, series, lows, highs);
        boolean log = chart.getStyler().isYAxisLogarithmic();
        double lowest = lows.stream().filter(v -> v != null && !v.isNaN() && (!log || v > 0))
                .mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
        double highest = highs.stream().filter(v -> v != null && !v.isNaN())
                .mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        double barsTop = chart.getSeriesMap().values().stream().flatMap(s -> s.getYData().stream())
                .filter(v -> v != null && !Double.isNaN(v.doubleValue())).mapToDouble(Number::doubleValue).max().orElse(0);
        Double max = chart.getStyler().getYAxisMax();
        if (!Double.isNaN(highest) && highest > barsTop && (max == null || max < highest)) {
            chart.getStyler().setYAxisMax(log ? Math.pow(10, Math.ceil(Math.log10(highest))) : highest * 1.05);
        }
        Double min = chart.getStyler().getYAxisMin();
        if (log && !Double.isNaN(lowest) && min != null && min > lowest) {
            chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(lowest))));
        }
    }

    /**
     * Two bars per category, one unit each: {@code left} against the left axis titled
     * {@code leftTitle}, {@code right} against the right one; the axis titles are the legend too.
     */
    public static CategoryChart bars(String title, boolean logY, List<String> categories,
                                     String leftTitle, List<? extends Number> left, String rightTitle, List<? extends Number> right) {
        Map<String, List<? extends Number>> series = new java.util.LinkedHashMap<>();
        series.put(leftTitle, left);
        series.put(rightTitle, right);
        CategoryChart chart = bars(title, leftTitle, logY, categories, series);
        chart.getSeriesMap().get(rightTitle).setYAxisGroup(1);
        chart.setYAxisGroupTitle(0, leftTitle);
        chart.setYAxisGroupTitle(1, rightTitle);
        chart.getStyler().setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
        if (logY) {
            int axis = 0;
            for (List<? extends Number> values : List.of(left, right)) {
                double smallest = values.stream().filter(v -> v != null && v.doubleValue() > 0)
                        .mapToDouble(Number::doubleValue).min().orElse(1);
                chart.getStyler().setYAxisMin(axis++, Math.pow(10, Math.floor(Math.log10(smallest))));
            }
        }
        return chart;
    }
}
