package dev.loomlab.api;

import dev.loomlab.display.Tables;
import dev.loomlab.api.SafeRun.Outcome;
import dev.loomlab.display.Charts;
import dev.loomlab.display.Displayable;
import dev.loomlab.display.Series;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.measure.Cap;
import java.util.ArrayList;
import java.util.Comparator;
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

        /** The figure compared with KLab's: the hops and the spawning of the ring, per hop, as KLab's run included both. */
        double withSpawn() {
            return outcome.metric("nsPerHopWithSpawn");
        }

        /** How the row's figure was taken: steady, not steady, or a single cold run. */
        String protocol() {
            if (!outcome.ok()) {
                return "";
            }
            var m = outcome.measurement();
            return m.runs().size() == 1 ? "cold (one run)" : m.steady() ? "steady" : m.steadiness().toUpperCase();
        }
    }

    private final List<Row> rows;

    private KlabRing(List<Row> rows) {
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
        return Tables.of("The ring: N processes, M messages round it (N x M hops), normal and hibernated; each row under the "
                        + "steady-state protocol in a fresh JVM; KLab's rows are N = 10,000,000 on a Sun Fire T2000", rows)
                .text("processes", r -> r.hibernated() ? "hibernated" : "normal")
                .whole("N", Row::n)
                .whole("M", Row::m)
                .text("outcome", r -> r.outcome().outcome())
                .text("protocol", Row::protocol)
                .number("ns per hop incl. spawn (ours)", r -> Tables.nearest(r.withSpawn()))
                .number("ns per hop, hops only (ours)", r -> Tables.nearest(r.nsPerHop()))
                .number("ns per hop, KLab 10 M", r -> article(r.hibernated(), r.m()))
                .number("incl. spawn / KLab", r -> Tables.ratio(r.withSpawn(), article(r.hibernated(), r.m())))
                .number("hops only / KLab", r -> Tables.ratio(r.nsPerHop(), article(r.hibernated(), r.m())))
                .number("seconds, KLab 10 M", r -> Tables.nearest(article(r.hibernated(), r.m()) * ARTICLE_N * r.m() / 1e9))
                .number("10 M x M at our rate incl. spawn, s (extrapolated)",
                        r -> Tables.nearest(r.withSpawn() * ARTICLE_N * r.m() / 1e9))
                .build();
    }

    /** One sentence per mode and M at the largest N that ran: ours with spawn, against KLab's, with the hop-only figure. */
    @Override
    public List<String> notes() {
        List<String> notes = new ArrayList<>();
        for (boolean hibernated : new boolean[] {false, true}) {
            for (int m : rows.stream().mapToInt(Row::m).distinct().sorted().toArray()) {
                rows.stream().filter(r -> r.hibernated() == hibernated && r.m() == m && r.outcome().ok())
                        .max(Comparator.comparingInt(Row::n)).ifPresent(r -> notes.add(String.format(
                                "%s ring, N = %,d, M = %d: %,.0f ns per hop including the spawn (%s), %s× KLab's %,.0f ns at 10 M; "
                                        + "the hops alone %,.0f ns", hibernated ? "hibernated" : "normal", r.n(), m, r.withSpawn(),
                                r.protocol(), ratioWords(r.withSpawn() / article(hibernated, m)), article(hibernated, m), r.nsPerHop())));
            }
        }
        notes.add("incl. spawn: the time to spawn the ring plus the token's n x m hops, over n x m; KLab's times almost "
                + "certainly include spawning its 10 M processes. The last column is not a measurement");
        return notes;
    }

    private static String ratioWords(double r) {
        return Double.isNaN(r) ? "?" : r >= 10 ? String.format("%,.0f", r) : r >= 1 ? String.format("%.1f", r) : String.format("%.2f", r);
    }

    /** ns per hop against N (log-log), one line per mode and M, the article's 10 M points beside. */
    public XYChart chart() {
        List<Series> series = new ArrayList<>();
        int group = 0;
        for (boolean hibernated : new boolean[] {false, true}) {
            for (int m : rows.stream().mapToInt(Row::m).distinct().sorted().toArray()) {
                List<Integer> xs = new ArrayList<>();
                List<Double> ys = new ArrayList<>();
                for (Row r : rows) {
                    if (r.hibernated() == hibernated && r.m() == m && !Double.isNaN(r.withSpawn())) {
                        xs.add(r.n());
                        ys.add(r.withSpawn());
                    }
                }
                series.add(new Series(String.format("ours, %s, M=%d", hibernated ? "hibernated" : "normal", m), xs, ys,
                        Series.Style.OURS, group));
                double k = article(hibernated, m);
                if (!Double.isNaN(k)) {
                    series.add(new Series(String.format("KLab 2008, %s, M=%d", hibernated ? "hibernated" : "normal", m),
                            List.of(ARTICLE_N), List.of(k), Series.Style.PUBLISHED_POINTS, group));
                }
                group++;
            }
        }
        return Charts.lines("Ring: nanoseconds per hop, spawn included, against N (KLab 2008: diamonds at N = 10 M, same colour as ours)",
                "N (processes in the ring)", "ns per hop, spawn included", true, true, series);
    }

    @Override
    public String toString() {
        return toTable().printAll();
    }
}
