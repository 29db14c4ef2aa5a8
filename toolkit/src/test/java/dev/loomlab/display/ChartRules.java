package dev.loomlab.display;

import dev.loomlab.view.Palette;
import java.awt.Color;
import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.awt.geom.Rectangle2D;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.internal.series.Series;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The rules every chart keeps, checked on the chart objects (not by eye): one unit per axis, no
 * two category labels overlapping (with the chart's own fonts, after XChart has laid it out),
 * each kind's series in its {@link Palette} colour. Each check returns what breaks the rule, in
 * words, so a test can assert the list is empty and show it when it is not.
 */
public final class ChartRules {

    /**
     * Unit words, lower case, as titles and legends write them, to the unit they name. Bare "s" and
     * "B" are left out: "+S 1" is a flag, not seconds; charts write "seconds" and "bytes".
     */
    private static final Map<String, String> UNITS = Map.ofEntries(
            Map.entry("byte", "bytes"), Map.entry("bytes", "bytes"),
            Map.entry("kb", "KB"), Map.entry("kib", "KiB"), Map.entry("mb", "MB"), Map.entry("mib", "MiB"),
            Map.entry("gb", "GB"), Map.entry("gib", "GiB"),
            Map.entry("ns", "ns"), Map.entry("µs", "µs"), Map.entry("us", "µs"), Map.entry("micros", "µs"),
            Map.entry("ms", "ms"), Map.entry("millis", "ms"), Map.entry("second", "s"),
            Map.entry("seconds", "s"));

    private ChartRules() {}

    /** The units a title or a series name names. */
    public static Set<String> units(String text) {
        Set<String> units = new LinkedHashSet<>();
        if (text == null) {
            return units;
        }
        for (String word : text.toLowerCase(Locale.ROOT).split("[^a-zµ0-9]+")) {
            String unit = UNITS.get(word);
            if (unit != null) {
                units.add(unit);
            }
        }
        return units;
    }

    /**
     * Each y axis in use has a title naming exactly one unit, and no series on it names another;
     * the x axis title names at most one.
     */
    public static List<String> oneUnitPerAxis(Chart<?, ?> chart) {
        List<String> broken = new ArrayList<>();
        Set<Integer> groups = new LinkedHashSet<>();
        for (Series s : chart.getSeriesMap().values()) {
            groups.add(s.getYAxisGroup());
        }
        for (int g : groups) {
            String title = chart.getYAxisGroupTitle(g);
            Set<String> axis = units(title);
            if (axis.size() != 1) {
                broken.add("\"" + chart.getTitle() + "\": y axis " + g + " \"" + title + "\" names " + axis.size() + " units " + axis);
                continue;
            }
            for (Series s : chart.getSeriesMap().values()) {
                if (s.getYAxisGroup() == g && !axis.containsAll(units(s.getName()))) {
                    broken.add("\"" + chart.getTitle() + "\": series \"" + s.getName() + "\" is not in " + axis + " but on that axis");
                }
            }
        }
        if (units(chart.getXAxisTitle()).size() > 1) {
            broken.add("\"" + chart.getTitle() + "\": x axis \"" + chart.getXAxisTitle() + "\" names several units");
        }
        return broken;
    }

    /**
     * Lays the chart out as XChart draws it, then checks every two neighbouring category labels:
     * with rotation θ and spacing d they clear each other if d·|sin θ| is at least the text height
     * or d·|cos θ| at least half their widths added.
     */
    public static List<String> labelsDoNotOverlap(CategoryChart chart) {
        BitmapEncoder.getBufferedImage(chart); // lays the chart out
        List<Double> at;
        List<String> labels;
        try {
            Method xAxis = Chart.class.getDeclaredMethod("getXAxis");
            xAxis.setAccessible(true);
            Object axis = xAxis.invoke(chart);
            Object ticks = axis.getClass().getMethod("getAxisTickCalculator").invoke(axis);
            at = castList(ticks.getClass().getMethod("getTickLocations").invoke(ticks));
            labels = castList(ticks.getClass().getMethod("getTickLabels").invoke(ticks));
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("XChart's axis could not be read: " + e, e);
        }
        Font font = chart.getStyler().getAxisTickLabelsFont();
        FontRenderContext context = new FontRenderContext(null, true, true);
        double theta = Math.toRadians(chart.getStyler().getXAxisLabelRotation());
        List<String> broken = new ArrayList<>();
        for (int i = 0; i + 1 < labels.size(); i++) {
            Rectangle2D a = font.getStringBounds(labels.get(i), context);
            Rectangle2D b = font.getStringBounds(labels.get(i + 1), context);
            double d = Math.abs(at.get(i + 1) - at.get(i));
            boolean clear = d * Math.abs(Math.sin(theta)) >= Math.max(a.getHeight(), b.getHeight())
                    || d * Math.abs(Math.cos(theta)) >= (a.getWidth() + b.getWidth()) / 2;
            if (!clear) {
                broken.add(String.format("\"%s\": labels \"%s\" and \"%s\" overlap (%.0f px apart, %.0f and %.0f px wide, turned %d°)",
                        chart.getTitle(), labels.get(i), labels.get(i + 1), d, a.getWidth(), b.getWidth(),
                        chart.getStyler().getXAxisLabelRotation()));
            }
        }
        return broken;
    }

    @SuppressWarnings("unchecked")
    private static <T> List<T> castList(Object o) {
        return (List<T>) o;
    }

    /**
     * The kind a series name says it draws: "JVM virtual p50", "ours: process", "BEAM here ...",
     * "BEAM (article)", "Go (article)"; null for a series of no one kind ("p50", "bytes per unit").
     */
    public static Palette kindNamed(String name) {
        String n = name.toLowerCase(Locale.ROOT).replaceFirst("^(ours|jvm here): ", "");
        if (n.startsWith("toolkit process")) {
            return Palette.PROCESS;
        }
        if (n.startsWith("beam here")) {
            return Palette.BEAM_HERE;
        }
        if (n.startsWith("jvm (") || n.startsWith("published")) {
            return n.startsWith("published: ") ? Palette.ofPublished(n.substring("published: ".length())) : null;
        }
        for (Palette p : List.of(Palette.PROCESS, Palette.VIRTUAL, Palette.PLATFORM, Palette.YIELDING, Palette.PARKING, Palette.OFFLOADED)) {
            String label = p.name().toLowerCase(Locale.ROOT);
            if (n.startsWith("jvm " + label) || n.startsWith(label)) {
                return p;
            }
        }
        if (n.startsWith("beam") || n.startsWith("klab") || n.startsWith("elixir") || n.startsWith("go ") || n.startsWith("go(")
                || n.startsWith("python") || n.startsWith("node") || n.startsWith("rust") || n.startsWith("c#") || n.startsWith("graalvm")
                || n.startsWith("java")) {
            return Palette.ofPublished(n);
        }
        return null;
    }

    /** Every series whose name names a kind is drawn in that kind's colour (and, for lines, its marker). */
    public static List<String> kindsKeepTheirColours(Chart<?, ?> chart) {
        List<String> broken = new ArrayList<>();
        for (Series s : chart.getSeriesMap().values()) {
            Palette kind = kindNamed(s.getName());
            if (kind == null) {
                continue;
            }
            Color drawn = s instanceof XYSeries xy ? xy.getLineColor() : s instanceof CategorySeries c ? c.getFillColor() : null;
            if (!Charts.colour(kind).equals(drawn)) {
                broken.add("\"" + chart.getTitle() + "\": series \"" + s.getName() + "\" is " + drawn + ", not " + kind + "'s " + kind.css());
            }
            if (s instanceof XYSeries xy && xy.getMarker() != SeriesMarkers.NONE && xy.getMarker() != null
                    && xy.getMarker().getClass() != Charts.marker(kind).getClass()) {
                broken.add("\"" + chart.getTitle() + "\": series \"" + s.getName() + "\" has marker "
                        + xy.getMarker().getClass().getSimpleName() + ", not " + kind + "'s");
            }
        }
        return broken;
    }

    /** All three rules at once (labels only for bar charts). */
    public static List<String> all(Chart<?, ?> chart) {
        List<String> broken = new ArrayList<>(oneUnitPerAxis(chart));
        broken.addAll(kindsKeepTheirColours(chart));
        if (chart instanceof CategoryChart bars) {
            broken.addAll(labelsDoNotOverlap(bars));
        }
        return broken;
    }

    /** The texts written on the plot ({@link Charts#label}). */
    public static List<String> labelsOnPlot(Chart<?, ?> chart) {
        try {
            Field field = Chart.class.getDeclaredField("annotations");
            field.setAccessible(true);
            List<String> texts = new ArrayList<>();
            for (Object a : (List<?>) field.get(chart)) {
                if (a instanceof AnnotationText t) {
                    Field text = AnnotationText.class.getDeclaredField("text");
                    text.setAccessible(true);
                    texts.add((String) text.get(t));
                }
            }
            return texts;
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("XChart's annotations could not be read: " + e, e);
        }
    }
}
