package dev.loomlab.api;

import dev.loomlab.display.Tables;
import dev.loomlab.api.SafeRun.Outcome;
import dev.loomlab.display.Charts;
import dev.loomlab.display.Palette;
import dev.loomlab.display.Displayable;
import dev.loomlab.display.Series;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.measure.Cap;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;
import tech.tablesaw.api.Table;

/**
 * KLab's ring table on this JVM: N processes in a ring, M messages round it (N×M hops), with
 * normal and hibernated processes, one fresh JVM per row, beside the article's 10 M rows in
 * nanoseconds per hop. {@link #chart()} plots ns per hop against N.
 */
public final class KlabRing implements Displayable {

    /** The article's N. */
    static final long ARTICLE_N = 10_000_000L;

    record Row(boolean hibernated, int n, int m, Outcome outcome) {
        String experiment() {
            return hibernated ? "ring-hibernated" : "ring";
        }

        double nsPerHop() {
            return outcome.metric("nsPerHop");
        }
    }

    private final List<Row> rows;

    KlabRing(List<Row> rows) {
        this.rows = List.copyOf(rows);
    }

    static KlabRing measure(int[] ns, int[] ms) {
        List<Row> rows = new ArrayList<>();
        for (boolean hibernated : new boolean[] {false, true}) {
            for (int n : ns) {
                for (int m : ms) {
                    Cap.check("n", n, 1_000);
                    String experiment = hibernated ? "ring-hibernated" : "ring";
                    rows.add(new Row(hibernated, n, m, SafeRun.run(ExperimentSpec.of(experiment, n).withM(m))));
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
        return Tables.of("The ring: N processes, M messages round it (N x M hops), normal and hibernated; "
                        + "KLab's rows are N = 10,000,000 on a Sun Fire T2000", rows)
                .text("processes", r -> r.hibernated() ? "hibernated" : "normal")
                .whole("N", Row::n)
                .whole("M", Row::m)
                .text("outcome", r -> r.outcome().outcome())
                .number("ns per hop (ours)", r -> Tables.nearest(r.nsPerHop()))
                .number("seconds (ours)", r -> Tables.nearest(r.outcome().metric("totalMillis")) / 1000.0)
                .number("ns per hop, KLab 10 M", r -> article(r.hibernated(), r.m()))
                .number("seconds, KLab 10 M", r -> Tables.nearest(article(r.hibernated(), r.m()) * ARTICLE_N * r.m() / 1e9))
                .number("ours / KLab", r -> Tables.nearest(r.nsPerHop() / article(r.hibernated(), r.m()) * 1000) / 1000.0)
                .number("10 M x M at our rate, s (extrapolated)", r -> Tables.nearest(r.nsPerHop() * ARTICLE_N * r.m() / 1e9))
                .build();
    }

    /** ns per hop against N (log-log), one line per mode and M, the article's 10 M points beside. */
    public XYChart chart() {
        List<Series> series = new ArrayList<>();
        List<Double> klab = new ArrayList<>();
        List<String> cases = new ArrayList<>();
        int group = 0;
        for (boolean hibernated : new boolean[] {false, true}) {
            for (int m : rows.stream().mapToInt(Row::m).distinct().sorted().toArray()) {
                List<Integer> xs = new ArrayList<>();
                List<Double> ys = new ArrayList<>();
                for (Row r : rows) {
                    if (r.hibernated() == hibernated && r.m() == m && !Double.isNaN(r.nsPerHop())) {
                        xs.add(r.n());
                        ys.add(r.nsPerHop());
                    }
                }
                series.add(new Series(String.format("ours, %s, M=%d", hibernated ? "hibernated" : "normal", m), xs, ys,
                        Series.Style.OURS, group));
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
        XYChart chart = Charts.lines("Ring: ns per hop against N (KLab 2008: black diamonds at N = 10 M, each case named)",
                "N (processes in the ring)", "ns per hop", true, true, series);
        Charts.labels(chart, ARTICLE_N / 6.0, klab, cases); // the case beside each diamond, left of it
        return chart;
    }

    @Override
    public String toString() {
        return toTable().printAll();
    }
}
