package dev.loomlab.api;

import dev.loomlab.display.Charts;
import dev.loomlab.display.Displayable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.CategoryChart;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * One metric for several things measured in the same run — kinds of concurrent unit, or a
 * process and its hibernated twin — each beside its published counterpart, and rows that were
 * computed rather than measured marked as such.
 *
 * @param title  what the table answers
 * @param metric the metric's name and unit, e.g. "bytes per process"
 * @param rows   in display order
 */
public record SideBySide(String title, String metric, List<Row> rows) implements Displayable {

    /**
     * One line of the comparison.
     *
     * @param what      e.g. "toolkit process", "platform thread (64 KiB stack)"
     * @param ours      the JVM figure, NaN if none
     * @param published the published figure to compare with, NaN if none
     * @param publishedWhat whose figure that is, with its source
     * @param how       "measured (fresh JVM, n = 10,000)" or "extrapolated from ..."
     */
    public record Row(String what, double ours, double published, String publishedWhat, String how) {}

    public SideBySide {
        rows = List.copyOf(rows);
    }

    @Override
    public Table toTable() {
        StringColumn what = StringColumn.create("what");
        DoubleColumn ours = DoubleColumn.create("JVM " + metric);
        DoubleColumn theirs = DoubleColumn.create("published " + metric);
        DoubleColumn ratio = DoubleColumn.create("JVM / published");
        StringColumn whose = StringColumn.create("published figure");
        StringColumn how = StringColumn.create("how ours was obtained");
        for (Row r : rows) {
            what.append(r.what());
            ours.append(Double.isNaN(r.ours()) ? Double.NaN : Math.round(r.ours()));
            theirs.append(r.published());
            ratio.append(Double.isNaN(r.ours()) || Double.isNaN(r.published()) || r.published() == 0 ? Double.NaN
                    : Math.round(r.ours() / r.published() * 100) / 100.0);
            whose.append(r.publishedWhat());
            how.append(r.how());
        }
        return Table.create(title, what, ours, theirs, ratio, whose, how);
    }

    /** Bars, ours beside published, on a log scale when the values span orders of magnitude. */
    public CategoryChart plot() {
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

    @Override
    public String toString() {
        return toTable().printAll();
    }
}
