package dev.loomlab.api;

import dev.loomlab.view.Plot;
import dev.loomlab.view.Section;
import dev.loomlab.view.Grid;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Arranges one metric for several things measured in the same run (kinds of concurrent unit, or
 * a process and its hibernated twin), each in three columns: the JVM here, BEAM here (its BEAM
 * counterpart run on this machine) and the published figure, with the ratio against BEAM here and
 * the published ratio beside it. Rows computed rather than measured are marked as such. The
 * {@link Section} holds the table, bars of the three, and the verdicts computed from the runs.
 */
final class SideBySide {

    /**
     * One line of the comparison.
     *
     * @param what          e.g. "toolkit process", "platform thread (64 KiB stack)"
     * @param ours          the JVM figure, NaN if none
     * @param beamHere      the BEAM-here figure for the same row, NaN if none
     * @param beamHereText  the BEAM-here cell: the figure, what stopped it, or how to install Erlang
     * @param published     the published figure to compare with, NaN if none
     * @param publishedWhat whose figure that is, with its source
     * @param how           "measured (fresh JVM, n = 10,000)", "extrapolated from ...", or what stopped the run
     */
    record Row(String what, double ours, double beamHere, String beamHereText, double published, String publishedWhat, String how) {}

    private SideBySide() {}

    /**
     * The section: {@code title} over the rows, {@code metric} naming the unit, e.g. "bytes per
     * process"; {@code verdicts} are the sentences computed from the runs.
     */
    static Section section(String title, String metric, List<Row> rows, List<String> verdicts) {
        var table = Grid.of(title + "; JVM and BEAM here on this machine, published on another", rows)
                .text("what", Row::what)
                .number("JVM here, " + metric, r -> Grid.nearest(r.ours()))
                .text("BEAM here, " + metric, Row::beamHereText)
                .number("published, " + metric, Row::published)
                .number("JVM / BEAM here", r -> Grid.ratio(r.ours(), r.beamHere()))
                .number("JVM / published", r -> Grid.ratio(r.ours(), r.published()))
                .text("published figure", Row::publishedWhat)
                .text("how ours was obtained", Row::how)
                .build();
        return new Section(table, bars(title, metric, rows), verdicts);
    }

    /** Bars, ours beside published, on a log scale when the values span orders of magnitude. */
    private static Plot bars(String title, String metric, List<Row> rows) {
        List<String> categories = new ArrayList<>();
        List<Double> ours = new ArrayList<>();
        List<Double> here = new ArrayList<>();
        List<Double> theirs = new ArrayList<>();
        double min = Double.MAX_VALUE;
        double max = 0;
        for (Row r : rows) {
            categories.add(r.what());
            ours.add(r.ours());
            here.add(r.beamHere());
            theirs.add(r.published());
            for (double v : new double[] {r.ours(), r.beamHere(), r.published()}) {
                if (!Double.isNaN(v) && v > 0) {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
        }
        Map<String, List<? extends Number>> series = new LinkedHashMap<>();
        series.put("JVM here", ours);
        series.put("BEAM here", here);
        series.put("published (another machine)", theirs);
        return Plot.bars(title, metric + (max / min > 20 ? " (log)" : ""), max / min > 20, categories, series);
    }
}
