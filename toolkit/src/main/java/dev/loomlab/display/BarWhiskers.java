package dev.loomlab.display;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Line2D;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.internal.chartpart.Annotation;

/**
 * One bar series' 95% intervals, drawn over its bars as whiskers from each interval's low end to
 * its high end, with caps. XChart's own category error bars are symmetric about the bar's value,
 * and an interval across fresh VMs is not symmetric about its median; so the whiskers are drawn
 * as an annotation, after the bars, at each bar's centre.
 *
 * <p>A bar's centre follows XChart's grouped (not overlapped, not stacked) layout: category
 * {@code c} spans chart x from {@code c} to {@code c + 1}; within it the bars fill
 * {@code availableSpaceFill} of the width, one equal slot per series in the order they were added.
 */
final class BarWhiskers extends Annotation {

    private static final Color COLOUR = new Color(0x222222);
    private static final BasicStroke STROKE = new BasicStroke(2f);
    private static final int CAP = 4;

    private final String series;
    private final List<Double> lows;
    private final List<Double> highs;

    private BarWhiskers(String series, List<Double> lows, List<Double> highs) {
        super(false);
        this.series = series;
        this.lows = new ArrayList<>(lows);
        this.highs = new ArrayList<>(highs);
    }

    /**
     * Adds whiskers to the bars of {@code series} in {@code chart}, one per category:
     * {@code lows.get(c)} to {@code highs.get(c)}; a category whose ends are null, NaN, or not
     * positive on a log axis gets none.
     *
     * @throws IllegalArgumentException if the chart has no such series, the lists do not have one
     *                                  entry per category, or the chart's bars are stacked or overlapped
     */
    static void add(CategoryChart chart, String series, List<Double> lows, List<Double> highs) {
        if (!chart.getSeriesMap().containsKey(series)) {
            throw new IllegalArgumentException("no bar series \"" + series + "\" to draw intervals on");
        }
        int categories = chart.getSeriesMap().get(series).getXData().size();
        if (lows.size() != categories || highs.size() != categories) {
            throw new IllegalArgumentException("intervals of \"" + series + "\": " + lows.size() + " lows and "
                    + highs.size() + " highs for " + categories + " categories");
        }
        if (chart.getStyler().isStacked() || chart.getStyler().isOverlapped()) {
            throw new IllegalArgumentException("intervals are drawn on grouped bars only, not stacked or overlapped ones");
        }
        chart.addAnnotation(new BarWhiskers(series, lows, highs));
    }

    @Override
    public void paint(Graphics2D g) {
        if (!isVisible) {
            return;
        }
        CategoryChart bars = (CategoryChart) chart;
        List<String> names = List.copyOf(bars.getSeriesMap().keySet());
        int slot = names.indexOf(series);
        double fill = bars.getStyler().getAvailableSpaceFill();
        double offset = (1 - fill) / 2 + (slot + 0.5) * fill / names.size();
        boolean log = bars.getStyler().isYAxisLogarithmic();
        var previousStroke = g.getStroke();
        var previousColour = g.getColor();
        g.setStroke(STROKE);
        g.setColor(COLOUR);
        for (int c = 0; c < lows.size(); c++) {
            Double low = lows.get(c);
            Double high = highs.get(c);
            if (low == null || high == null || low.isNaN() || high.isNaN() || (log && low <= 0)) {
                continue;
            }
            double x = bars.getScreenXFromChart(c + offset);
            double top = bars.getScreenYFromChart(high);
            double bottom = bars.getScreenYFromChart(low);
            g.draw(new Line2D.Double(x, top, x, bottom));
            g.draw(new Line2D.Double(x - CAP, top, x + CAP, top));
            g.draw(new Line2D.Double(x - CAP, bottom, x + CAP, bottom));
        }
        g.setStroke(previousStroke);
        g.setColor(previousColour);
    }
}
