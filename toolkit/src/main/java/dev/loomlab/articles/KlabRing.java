package dev.loomlab.articles;

import dev.loomlab.beam.BeamHere;
import dev.loomlab.view.Grid;
import dev.loomlab.view.Tabular;
import dev.loomlab.display.Charts;
import dev.loomlab.view.Palette;
import dev.loomlab.view.Series;
import dev.loomlab.experiment.Experiment;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.Kind;
import dev.loomlab.measure.Cap;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.published.PublishedFigures;
import dev.loomlab.util.Progress;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.knowm.xchart.XYChart;

/**
 * KLab's ring table on this machine: N processes in a ring, M messages round it (N×M hops), with
 * normal and hibernated processes, each row over fresh JVMs and fresh BEAM VMs taken in turn, beside the
 * article's 10 M rows in nanoseconds per hop. The figure set against KLab's includes spawning the
 * ring, as KLab's run did; the hops alone stand beside it. The ratio against KLab is set only where
 * our N is comparable with its 10 M ({@link PublishedFigures#comparable}); elsewhere its row stands
 * labelled with its own N. {@link #chart()} plots ns per hop, spawn included, against N, BEAM here
 * as its own series.
 */
public final class KlabRing implements Tabular {

    /** The article's N. */
    static final long ARTICLE_N = 10_000_000L;

    record Row(boolean hibernated, int n, int m, Measurement outcome, Measurement beam) {
        Experiment experiment() {
            return ring(hibernated);
        }

        double nsPerHop() {
            return outcome.metric("nsPerHop");
        }

        /** The figure compared with KLab's: the hops and the spawning of the ring, per hop, as KLab's run included both. */
        double withSpawn() {
            return outcome.metric("nsPerHopWithSpawn");
        }

        double beamWithSpawn() {
            return BeamHere.value(beam, "nsPerHopWithSpawn");
        }

        /** How the row's figure was taken, judged on the hops alone (nsPerHop): steady, not steady, or a single cold run. */
        String protocol() {
            if (!outcome.ok()) {
                return "";
            }
            return outcome.runs().size() == 1 ? "cold (one run)" : outcome.steady() ? "steady" : outcome.steadiness().toUpperCase();
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

    /**
     * The measurement of the ring at the measured n nearest {@code n} with m messages round it
     * (hibernating or not), by the JVM or, with {@code kind} {@link Kind#BEAM}, by BEAM here: the one a
     * reader's cell is set beside. A row that did not run gives a failed measurement saying why.
     *
     * @throws IllegalArgumentException when no row has that m
     */
    public Measurement measurement(long n, int m, boolean hibernated, Kind kind) {
        Row row = rows.stream().filter(r -> r.m() == m && r.hibernated() == hibernated)
                .min(Comparator.comparingLong(r -> Math.abs(r.n() - n)))
                .orElseThrow(() -> new IllegalArgumentException(String.format("no ring row with m = %d: the rows have m = %s",
                        m, rows.stream().map(r -> String.valueOf(r.m())).distinct().toList())));
        ExperimentSpec spec = ExperimentSpec.of(row.experiment(), row.n()).withM(m).withKind(kind);
        if (kind == Kind.BEAM) {
            return row.beam() != null ? row.beam() : Measurement.failed(spec, "not run: no BEAM here");
        }
        return row.outcome();
    }

    /**
     * Each ring experiment ({@code Experiments.RING}, {@code RING_HIBERNATED}) at every n and m, each row over
     * fresh JVMs and fresh BEAM VMs taken in turn ({@link BeamHere#comparedRows}).
     */
    static KlabRing measure(List<Experiment> rings, int[] ns, int[] ms, Progress progress) {
        for (int n : ns) {
            Cap.check("n", n, 1_000);
        }
        List<Row> rows = new ArrayList<>();
        for (Experiment ring : rings) {
            for (int n : ns) {
                for (int m : ms) {
                    ExperimentSpec spec = ExperimentSpec.of(ring, n).withM(m);
                    List<Measurement> both = BeamHere.comparedRows(List.of(spec, spec.withKind(Kind.BEAM)), progress);
                    rows.add(new Row(ring == Experiments.RING_HIBERNATED, n, m, both.get(0), both.get(1)));
                }
            }
        }
        return new KlabRing(rows);
    }

    /** The ring experiment of a row: normal, or of processes that hibernate between messages. */
    static Experiment ring(boolean hibernated) {
        return hibernated ? Experiments.RING_HIBERNATED : Experiments.RING;
    }

    /** The article's ns per hop at 10 M × m, normal or hibernated. */
    static double article(boolean hibernated, int m) {
        return Klab.published(Klab.SOURCE, ring(hibernated).name(), "nsPerHop", ARTICLE_N, (long) m);
    }

    private static final String TITLE = "The ring: N processes, M messages round it (N x M hops), normal and hibernated; the JVM and "
            + "BEAM here on this machine (median [95% interval] over fresh VMs, taken in turn, each under the steady-state protocol); "
            + "KLab's rows are N = 10,000,000 on a Sun Fire T2000";

    /** The figure compared with KLab's: ns per hop with the ring's spawn, JVM here, BEAM here, KLab. */
    @Override
    public Grid grid() {
        return Grid.of(TITLE, rows)
                .text("processes", r -> r.hibernated() ? "hibernated" : "normal")
                .whole("N", Row::n)
                .whole("M", Row::m)
                .text("protocol, on the hops", r -> r.outcome().ok() ? r.protocol() : r.outcome().outcome())
                .text("ns per hop incl. spawn, JVM here", r -> BeamHere.cell(r.outcome(), "nsPerHopWithSpawn"))
                .text("ns per hop incl. spawn, BEAM here", r -> BeamHere.cell(r.beam(), "nsPerHopWithSpawn"))
                .number("ns per hop, KLab 10 M", r -> article(r.hibernated(), r.m()))
                .build();
    }

    /** Every figure of the same rows: the hops alone, the ratios, KLab's seconds and our extrapolation to 10 M. */
    @Override
    public List<Grid> details() {
        return List.of(Grid.of("Every figure of the same rows (a ratio to KLab only where N is within 10x of theirs)", rows)
                .text("processes", r -> r.hibernated() ? "hibernated" : "normal")
                .whole("N", Row::n)
                .whole("M", Row::m)
                .text("outcome", r -> r.outcome().outcome())
                .text("ns per hop, hops only, JVM here", r -> BeamHere.cell(r.outcome(), "nsPerHop"))
                .text("ns per hop, hops only, BEAM here", r -> BeamHere.cell(r.beam(), "nsPerHop"))
                .number("JVM / BEAM here (hops only)", r -> BeamHere.ratio(r.nsPerHop(), r.beam(), "nsPerHop"))
                .number("incl. spawn / KLab (comparable N only)", r -> Grid.ratio(r.withSpawn(), r.comparableArticle()))
                .number("hops only / KLab (comparable N only)", r -> Grid.ratio(r.nsPerHop(), r.comparableArticle()))
                .number("seconds, KLab 10 M", r -> Grid.nearest(article(r.hibernated(), r.m()) * ARTICLE_N * r.m() / 1e9))
                .number("10 M x M at our rate incl. spawn, s (extrapolated)",
                        r -> Grid.nearest(r.withSpawn() * ARTICLE_N * r.m() / 1e9))
                .build());
    }

    /**
     * The verdicts, computed from the runs: per row the JVM against BEAM here on this machine (hops
     * only); per mode and M, the largest N that ran, spawn included, against KLab's.
     */
    @Override
    public List<String> notes() {
        List<String> said = new ArrayList<>();
        for (Row r : rows) {
            said.add(BeamHere.verdict(String.format("the hops alone of a %s ring, N = %,d, M = %d",
                    r.hibernated() ? "hibernated" : "normal", r.n(), r.m()), r.outcome(), r.beam(), "nsPerHop", r.comparableArticle()));
        }
        for (boolean hibernated : new boolean[] {false, true}) {
            for (int m : rows.stream().mapToInt(Row::m).distinct().sorted().toArray()) {
                rows.stream().filter(r -> r.hibernated() == hibernated && r.m() == m && r.outcome().ok())
                        .max(Comparator.comparingInt(Row::n)).ifPresent(r -> said.add(againstKlab(r)));
            }
        }
        int largest = rows.stream().filter(r -> r.outcome().ok()).mapToInt(Row::n).max().orElse(0);
        for (int m : rows.stream().mapToInt(Row::m).distinct().sorted().toArray()) {
            Optional<Row> normal = rows.stream().filter(r -> !r.hibernated() && r.n() == largest && r.m() == m).findFirst();
            Optional<Row> hibernated = rows.stream().filter(r -> r.hibernated() && r.n() == largest && r.m() == m).findFirst();
            if (normal.isPresent() && hibernated.isPresent()) {
                said.add(String.format("hibernated against normal, N = %,d, M = %d, spawn included: BEAM here %s×, the JVM %s×; "
                                + "KLab's at 10 M: %s×", largest, m,
                        Grid.printRatio(hibernated.get().beamWithSpawn() / normal.get().beamWithSpawn()),
                        Grid.printRatio(hibernated.get().withSpawn() / normal.get().withSpawn()),
                        Grid.printRatio(article(true, m) / article(false, m))));
            }
        }
        said.add("incl. spawn: the time to spawn the ring plus the token's n x m hops, over n x m; KLab's times almost "
                + "certainly include spawning its 10 M processes. The extrapolation to 10 M in the details is not a measurement");
        return said;
    }

    /** Our largest ring of a mode and M, spawn included, beside KLab's; a ratio only where N is comparable with 10 M. */
    private static String againstKlab(Row r) {
        double k = article(r.hibernated(), r.m());
        String beside = Double.isNaN(r.comparableArticle())
                ? "KLab's " + Grid.print(k) + " ns at 10 M stands beside it, N too far apart for a ratio"
                : Grid.printRatio(r.withSpawn() / k) + "× KLab's " + Grid.print(k) + " ns at 10 M";
        return String.format("%s ring, N = %,d, M = %d: %s ns per hop including the spawn (%s), %s; the hops alone %s ns",
                r.hibernated() ? "hibernated" : "normal", r.n(), r.m(), Grid.print(r.withSpawn()), r.protocol(), beside,
                Grid.print(r.nsPerHop()));
    }


    /**
     * ns per hop, spawn included, against N (log-log), one line per mode and M for the JVM and for
     * BEAM here, the article's 10 M points beside.
     */
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
                        ys.add(r.withSpawn());
                        beam.add(r.beamWithSpawn());
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
        XYChart chart = Charts.lines("Ring: ns per hop, spawn included, against N (JVM here thick, BEAM here thin; KLab 2008: "
                        + "black diamonds at N = 10 M, each case named)", "N (processes in the ring)", "ns per hop, spawn included",
                true, true, series);
        Charts.labels(chart, ARTICLE_N / 6.0, klab, cases); // the case beside each diamond, left of it
        return chart;
    }

    @Override
    public String toString() {
        return Tabular.text(this);
    }
}
