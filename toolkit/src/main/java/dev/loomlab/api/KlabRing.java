package dev.loomlab.api;

import dev.loomlab.display.Tables;
import dev.loomlab.api.SafeRun.Outcome;
import dev.loomlab.display.Charts;
import dev.loomlab.view.Palette;
import dev.loomlab.display.Displayable;
import dev.loomlab.view.Series;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.measure.Cap;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.published.PublishedFigures;
import dev.loomlab.util.Progress;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;
import tech.tablesaw.api.Table;

/**
 * KLab's ring table on this machine: N processes in a ring, M messages round it (N×M hops), with
 * normal and hibernated processes, one fresh JVM and one fresh BEAM VM per row, beside the
 * article's 10 M rows in nanoseconds per hop. The ratio against KLab is set only where our N is
 * comparable with its 10 M ({@link PublishedFigures#comparable}); elsewhere its row stands labelled
 * with its own N. {@link #chart()} plots ns per hop against N, BEAM here as its own series.
 */
public final class KlabRing implements Displayable {

    /** The article's N. */
    static final long ARTICLE_N = 10_000_000L;

    record Row(boolean hibernated, int n, int m, Outcome outcome, Measurement beam) {
        String experiment() {
            return hibernated ? "ring-hibernated" : "ring";
        }

        double nsPerHop() {
            return outcome.metric("nsPerHop");
        }

        double beamNsPerHop() {
            return BeamColumn.value(beam, "nsPerHop");
        }

        /** KLab's figure if its 10 M is comparable with this row's N, else NaN (no ratio). */
        double comparableArticle() {
            return PublishedFigures.comparable(ARTICLE_N, n) ? article(hibernated, m) : Double.NaN;
        }
    }

    private final List<Row> rows;

    KlabRing(List<Row> rows) {
        this.rows = List.copyOf(rows);
    }

    static KlabRing measure(int[] ns, int[] ms, Progress progress) {
        for (int n : ns) {
            Cap.check("n", n, 1_000);
        }
        List<Row> rows = new ArrayList<>();
        for (boolean hibernated : new boolean[] {false, true}) {
            for (int n : ns) {
                for (int m : ms) {
                    ExperimentSpec spec = ExperimentSpec.of(hibernated ? "ring-hibernated" : "ring", n).withM(m);
                    rows.add(new Row(hibernated, n, m, SafeRun.run(spec, progress), BeamColumn.measure(spec, progress)));
                }
            }
        }
        return new KlabRing(rows);
    }

    /** The article's ns per hop at 10 M × m, normal or hibernated. */
    static double article(boolean hibernated, int m) {
        return Klab.published(Klab.SOURCE, hibernated ? "ring-hibernated" : "ring", "nsPerHop", ARTICLE_N, (long) m);
    }

    @Override
    public Table toTable() {
        return Tables.of("The ring: N processes, M messages round it (N x M hops), normal and hibernated; the JVM and BEAM "
                        + "here on this machine; KLab's rows are N = 10,000,000 on a Sun Fire T2000 (a ratio only where N is "
                        + "within 10x of theirs)", rows)
                .text("processes", r -> r.hibernated() ? "hibernated" : "normal")
                .whole("N", Row::n)
                .whole("M", Row::m)
                .text("outcome", r -> r.outcome().outcome())
                .number("ns per hop, JVM here", r -> Tables.nearest(r.nsPerHop()))
                .text("ns per hop, BEAM here", r -> BeamColumn.cell(r.beam(), "nsPerHop"))
                .number("JVM / BEAM here", r -> BeamColumn.ratio(r.nsPerHop(), r.beam(), "nsPerHop"))
                .number("seconds, JVM here", r -> Tables.nearest(r.outcome().metric("totalMillis")) / 1000.0)
                .number("ns per hop, KLab 10 M", r -> article(r.hibernated(), r.m()))
                .number("seconds, KLab 10 M", r -> Tables.nearest(article(r.hibernated(), r.m()) * ARTICLE_N * r.m() / 1e9))
                .number("JVM / KLab (comparable N only)", r -> Tables.ratio(r.nsPerHop(), r.comparableArticle()))
                .number("10 M x M at our rate, s (extrapolated)", r -> Tables.nearest(r.nsPerHop() * ARTICLE_N * r.m() / 1e9))
                .build();
    }

    /** The verdicts, one per row, computed from the runs: the JVM against BEAM here, on this machine. */
    @Override
    public List<String> notes() {
        List<String> said = new ArrayList<>();
        for (Row r : rows) {
            said.add(BeamColumn.verdict(String.format("a %s ring, N = %,d, M = %d", r.hibernated() ? "hibernated" : "normal",
                    r.n(), r.m()), "ns per hop", r.nsPerHop(), r.beam(), "nsPerHop", r.comparableArticle()));
        }
        return said;
    }

    /** ns per hop against N (log-log), one line per mode and M for the JVM and for BEAM here, the article's 10 M points beside. */
    public XYChart chart() {
        List<Series> series = new ArrayList<>();
        List<Double> klab = new ArrayList<>();
        List<String> cases = new ArrayList<>();
        int group = 0;
        for (boolean hibernated : new boolean[] {false, true}) {
            for (int m : rows.stream().mapToInt(Row::m).distinct().sorted().toArray()) {
                List<Integer> xs = new ArrayList<>();
                List<Double> ys = new ArrayList<>();
                List<Double> beam = new ArrayList<>();
                for (Row r : rows) {
                    if (r.hibernated() == hibernated && r.m() == m) {
                        xs.add(r.n());
                        ys.add(r.nsPerHop());
                        beam.add(r.beamNsPerHop());
                    }
                }
                String mode = String.format("%s, M=%d", hibernated ? "hibernated" : "normal", m);
                series.add(new Series("JVM here, " + mode, xs, ys, Series.Style.OURS, group));
                series.add(new Series("BEAM here, " + mode, xs, beam, Series.Style.PLAIN, group));
                double k = article(hibernated, m);
                if (!Double.isNaN(k)) {
                    series.add(Series.of(Palette.BEAM_PUBLISHED, String.format("KLab 2008, %s, M=%d", hibernated ? "hibernated" : "normal", m),
                            List.of(ARTICLE_N), List.of(k)).styled(Series.Style.PUBLISHED_POINTS));
                    klab.add(k);
                    cases.add(String.format("%s, M=%d", hibernated ? "hibernated" : "normal", m));
                }
                group++;
            }
        }
        XYChart chart = Charts.lines("Ring: ns per hop against N (JVM here thick, BEAM here thin; KLab 2008: black diamonds at N = 10 M, each case named)",
                "N (processes in the ring)", "ns per hop", true, true, series);
        Charts.labels(chart, ARTICLE_N / 6.0, klab, cases); // the case beside each diamond, left of it
        return chart;
    }

    @Override
    public String toString() {
        return toTable().printAll() + "\n" + String.join("\n", notes());
    }
}
