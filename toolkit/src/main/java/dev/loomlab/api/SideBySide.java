package dev.loomlab.api;

import dev.loomlab.display.Charts;
import dev.loomlab.display.Palette;
import dev.loomlab.display.Section;
import dev.loomlab.display.Tables;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.CategoryChart;

/**
 * Arranges one metric for several things measured in the same run (kinds of concurrent unit, or
 * a process and its hibernated twin), each beside its published counterpart, rows computed rather
 * than measured marked as such, into a {@link Section}: the table, and bars of ours beside theirs.
 */
final class SideBySide {

    /**
     * One line of the comparison.
     *
     * @param what          e.g. "toolkit process", "platform thread (64 KiB stack)"
     * @param ours          the JVM figure, NaN if none
     * @param published     the published figure to compare with, NaN if none
     * @param publishedWhat whose figure that is, with its source
     * @param how           "measured (fresh JVM, n = 10,000)", "extrapolated from ...", or what stopped the run
     * @param unit          the row's own unit where it differs from the section's (e.g. "MiB" for a total), or null;
     *                      such rows stay in the table and out of the chart, which has one unit
     */
    record Row(String what, double ours, double published, String publishedWhat, String how, String unit) {

        /** A row in the section's unit. */
        Row(String what, double ours, double published, String publishedWhat, String how) {
            this(what, ours, published, publishedWhat, how, null);
        }
    }

    private SideBySide() {}

    /** The section: {@code title} over the rows, {@code metric} naming the unit, e.g. "bytes per process". */
    static Section section(String title, String metric, List<Row> rows) {
        var table = Tables.of(title, rows)
                .text("what", Row::what)
                .number("JVM " + metric, r -> Tables.nearest(r.ours()))
                .number("published " + metric, Row::published)
                .number("JVM / published", r -> Tables.ratio(r.ours(), r.published()))
                .text("published figure", Row::publishedWhat)
                .text("how ours was obtained", Row::how)
                .build();
        return new Section(table, bars(title, metric, rows), List.of());
    }

    /**
     * Bars of the rows in the section's unit, ours beside published, on a log scale when the values
     * span orders of magnitude; the published figures one series per runtime, in its palette colour.
     */
    private static CategoryChart bars(String title, String metric, List<Row> rows) {
        List<Row> charted = rows.stream().filter(r -> r.unit() == null).toList();
        List<String> categories = charted.stream().map(Row::what).toList();
        double min = Double.MAX_VALUE;
        double max = 0;
        for (Row r : charted) {
            for (double v : new double[] {r.ours(), r.published()}) {
                if (!Double.isNaN(v) && v > 0) {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
        }
        Map<String, List<? extends Number>> series = new LinkedHashMap<>();
        Map<String, Palette> kinds = new LinkedHashMap<>();
        series.put("JVM (this machine)", charted.stream().map(Row::ours).toList());
        kinds.put("JVM (this machine)", Palette.JVM_HERE);
        Map<Palette, String> names = new LinkedHashMap<>();
        for (Row r : charted) {
            if (!Double.isNaN(r.published())) {
                names.putIfAbsent(Palette.ofPublished(r.publishedWhat()), "published: " + r.publishedWhat().replaceFirst(" \\(.*", ""));
            }
        }
        names.forEach((kind, name) -> {
            series.put(name, charted.stream().map(r -> !Double.isNaN(r.published()) && Palette.ofPublished(r.publishedWhat()) == kind
                    ? r.published() : Double.NaN).toList());
            kinds.put(name, kind);
        });
        String unit = metric.replaceFirst(" \\(.*", "");
        return Charts.bars(title, unit + (max / min > 20 ? " (log)" : ""), max / min > 20, categories, series, kinds);
    }
}
