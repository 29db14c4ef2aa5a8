package dev.loomlab.display;

import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.util.Collection;
import java.util.List;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.CategoryStyler;

/**
 * How wide a bar chart must be, and how its category labels must be turned, for no two labels to
 * overlap: measured with the chart's own fonts. First the chart widens (up to a maximum); past
 * that the labels turn 45 degrees, where two neighbours clear each other once their spacing
 * exceeds the text height over sin 45°.
 *
 * @param width       the chart's width in pixels
 * @param rotation    the labels' rotation in degrees (0 or 45)
 * @param extraHeight height added for turned labels, so the plot keeps its size
 */
record CategoryLabels(int width, int rotation, int extraHeight) {

    /** Space left of, right of and between the plot that is not the plot: the y axis, paddings. */
    private static final int AXIS_AND_PADDING = 170;
    /** Room left between two neighbouring labels. */
    static final int GAP = 24;

    private static final FontRenderContext CONTEXT = new FontRenderContext(null, true, true);

    static CategoryLabels fit(List<String> categories, Collection<String> seriesNames, int width, int maxWidth) {
        CategoryStyler styler = new CategoryChartBuilder().build().getStyler();
        Font labels = styler.getAxisTickLabelsFont();
        Font legend = styler.getLegendFont();
        double legendWidth = seriesNames.stream().mapToDouble(s -> width(legend, s)).max().orElse(0) + 70;
        int n = Math.max(1, categories.size());
        double needed = 0; // the slot each category needs so that it clears both neighbours
        for (int i = 0; i + 1 < categories.size(); i++) {
            needed = Math.max(needed, (width(labels, categories.get(i)) + width(labels, categories.get(i + 1))) / 2 + GAP);
        }
        needed = Math.max(needed, categories.stream().mapToDouble(c -> width(labels, c)).max().orElse(0) / 2 + GAP);
        double fixed = legendWidth + AXIS_AND_PADDING;
        if (width - fixed >= needed * n) {
            return new CategoryLabels(width, 0, 0);
        }
        int wider = (int) Math.ceil(fixed + needed * n);
        if (wider <= maxWidth) {
            return new CategoryLabels(wider, 0, 0);
        }
        double longest = categories.stream().mapToDouble(c -> width(labels, c)).max().orElse(0);
        return new CategoryLabels(maxWidth, 45, (int) Math.ceil(longest * Math.sin(Math.PI / 4)));
    }

    /** The width of {@code text} in {@code font}, in pixels. */
    static double width(Font font, String text) {
        return font.getStringBounds(text, CONTEXT).getWidth();
    }
}
