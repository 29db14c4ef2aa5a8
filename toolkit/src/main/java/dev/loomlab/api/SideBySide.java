package dev.loomlab.api;

import dev.loomlab.display.Charts;
import dev.loomlab.display.Section;
import dev.loomlab.display.Tables;
import java.util.ArrayList;
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
     */
    record Row(String what, double ours, double published, String publishedWhat, String how) {}

    private SideBySide() {}

    /** The section: {@code title} over the rows, {@code metric} naming the unit, e.g. "bytes per process". */
    static Section section(String title, String metric, List<Row> rows) {
        return section(title, metric, rows, List.of());
    }

    /** The same with notes under the table (computed sentences, caveats). */
    static Section section(String title, String metric, List<Row> rows, List<String> notes) {
        var table = Tables.of(title, rows)
                .text("what", Row::what)
                .number("JVM " + metric, r -> Tables.nearest(r.ours()))
                .number("published " + metric, Row::published)
                .number("JVM / published", r -> Tables.ratio(r.ours(), r.published()))
                .text("published figure", Row::publishedWhat)
                .text("how ours was obtained", Row::how)
                .build();
        return new Section(table, bars(title, metric, rows), notes);
    }

    /** Bars, ours beside published, on a log scale when the values span orders of magnitude. */
    private static CategoryChart bars(String title, String metric, List<Row> rows) {
        List<String> categories = new ArrayList<>();
        List<Double> ours = new ArrayList<>();
        List<Double> theirs = new ArrayList<>();
        double min = Double.MAX_VALUE;
        double max = 0;
        for (Row r : rows) {
            categories.add(r.what());
            ours.add(r.ours());
            theirs.add(r.published());
            for (double v : new double[] {r.ours(), r.published()}) {
                if (!Double.isNaN(v) && v > 0) {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
        }
        Map<String, List<? extends Number>> series = new LinkedHashMap<>();
        series.put("JVM (this machine)", ours);
        series.put("published", theirs);
        return Charts.bars(title, metric + (max / min > 20 ? " (log)" : ""), max / min > 20, categories, series);
    }
}
