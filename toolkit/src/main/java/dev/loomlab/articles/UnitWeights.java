package dev.loomlab.articles;

import dev.loomlab.api.ReaderCell;
import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.MeasurementJson;
import dev.loomlab.view.Grid;
import dev.loomlab.view.Palette;
import dev.loomlab.view.Plot;
import dev.loomlab.view.Section;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What units weigh, for 01's idle-weight and hibernation sections: one metric (bytes per process) for
 * several things measured in the same run (kinds of concurrent unit, or a process and its hibernated
 * twin), each in three columns: the JVM here, BEAM here (its BEAM
 * counterpart run on this machine) and the published figure, with the ratio against BEAM here and
 * the published ratio beside it. Rows computed rather than measured are marked as such. The
 * {@link Section} holds the table, bars of the three, and the verdicts computed from the runs.
 */
final class UnitWeights {

    /**
     * One line of the comparison.
     *
     * @param what          e.g. "toolkit process", "platform thread (64 KiB stack)"
     * @param ours          the JVM figure, NaN if none
     * @param oursText      the JVM cell: the figure with its interval across fresh JVMs, or what stopped the run
     * @param beamHere      the BEAM-here figure for the same row, NaN if none
     * @param beamHereText  the BEAM-here cell: the figure, what stopped it, or how to install Erlang
     * @param published     the published figure to compare with, NaN if none
     * @param publishedWhat whose figure that is, with its source
     * @param how           "measured (fresh JVM, n = 10,000)", "extrapolated from ...", or what stopped the run
     * @param unit          the row's own unit where it differs from the section's (e.g. "MiB" for a total), or null;
     *                      such rows stay in the table and out of the chart, which has one unit
     */
    record Row(String what, double ours, String oursText, double beamHere, String beamHereText, double published, String publishedWhat,
               String how, String unit) {

        /** A row in the section's unit. */
        Row(String what, double ours, String oursText, double beamHere, String beamHereText, double published, String publishedWhat,
            String how) {
            this(what, ours, oursText, beamHere, beamHereText, published, publishedWhat, how, null);
        }

        /** True if the published figure is the article {@code source}'s ("BEAM (un-million, n = 1)" is un-million's). */
        boolean publishedBy(String source) {
            return publishedWhat.contains(" (" + source + ",") || publishedWhat.contains(" (" + source + ")");
        }
    }

    private UnitWeights() {}

    /**
     * The section: {@code title} over the rows, {@code metric} naming the unit, e.g. "bytes per
     * process"; {@code verdicts} are the sentences computed from the runs; {@code behind} the
     * measurements the rows were read from (a reader's cell is set beside them, {@link ReaderCell}).
     * The table shows 7 columns with the published figures of the article {@code article} only; its
     * details are the full grid: whose figure each published one is, another article's included.
     */
    static Section section(String title, String metric, String article, List<Row> rows, List<String> verdicts,
                           List<Measurement> behind) {
        var full = Grid.of(title + "; JVM and BEAM here on this machine, published on another", rows)
                .text("what", Row::what)
                .text("JVM here, " + metric, Row::oursText)
                .text("BEAM here, " + metric, Row::beamHereText)
                .number("published, " + metric, Row::published)
                .number("JVM / BEAM here", r -> Grid.ratio(r.ours(), r.beamHere()))
                .number("JVM / published", r -> Grid.ratio(r.ours(), r.published()))
                .text("published figure", Row::publishedWhat)
                .text("how ours was obtained", Row::how)
                .build();
        var ofArticle = Grid.of(full.title(), rows)
                .number("published, " + metric, r -> r.publishedBy(article) ? r.published() : Double.NaN)
                .number("JVM / published", r -> r.publishedBy(article) ? Grid.ratio(r.ours(), r.published()) : Double.NaN)
                .build();
        var table = full.select(full.title().replace("published on another", "the article's published figures on another"),
                        "what", "JVM here, " + metric, "BEAM here, " + metric)
                .plus(List.of(ofArticle.column("published, " + metric), full.column("JVM / BEAM here"),
                        ofArticle.column("JVM / published"), full.column("how ours was obtained")));
        return new Section(table, bars(title, metric, rows), verdicts, behind.stream()
                .filter(java.util.Objects::nonNull).map(m -> (JsonNode) MeasurementJson.tree(m)).toList(),
                List.of(full.everyColumn()));
    }

    /**
     * Bars of the rows in the section's unit: the JVM here, BEAM here, and the published figures
     * one series per runtime in its palette colour; on a log scale when the values span orders of
     * magnitude.
     */
    private static Plot bars(String title, String metric, List<Row> rows) {
        List<Row> charted = rows.stream().filter(r -> r.unit() == null).toList();
        List<String> categories = charted.stream().map(Row::what).toList();
        double min = Double.MAX_VALUE;
        double max = 0;
        for (Row r : charted) {
            for (double v : new double[] {r.ours(), r.beamHere(), r.published()}) {
                if (!Double.isNaN(v) && v > 0) {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
        }
        Map<String, List<? extends Number>> series = new LinkedHashMap<>();
        Map<String, Palette> kinds = new LinkedHashMap<>();
        series.put("JVM here", charted.stream().map(Row::ours).toList());
        kinds.put("JVM here", Palette.JVM_HERE);
        series.put("BEAM here", charted.stream().map(Row::beamHere).toList());
        kinds.put("BEAM here", Palette.BEAM_HERE);
        Map<Palette, String> names = new LinkedHashMap<>();
        for (Row r : charted) {
            if (!Double.isNaN(r.published())) {
                names.putIfAbsent(Palette.ofPublished(r.publishedWhat()),
                        "published: " + r.publishedWhat().replaceFirst(" \\(.*", ""));
            }
        }
        names.forEach((kind, name) -> {
            series.put(name, charted.stream().map(r -> !Double.isNaN(r.published()) && Palette.ofPublished(r.publishedWhat()) == kind
                    ? r.published() : Double.NaN).toList());
            kinds.put(name, kind);
        });
        String unit = metric.replaceFirst(" \\(.*", "");
        return Plot.bars(title, unit + (max / min > 20 ? " (log)" : ""), max / min > 20, categories, series, kinds);
    }
}
