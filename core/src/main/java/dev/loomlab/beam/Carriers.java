package dev.loomlab.beam;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.experiment.HopBreakdown;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Verdict;
import dev.loomlab.measure.ForkPolicy;
import dev.loomlab.measure.Interval;
import dev.loomlab.measure.Units;
import dev.loomlab.process.HopTrace;
import dev.loomlab.util.Progress;
import dev.loomlab.view.Grid;
import dev.loomlab.view.GridLines;
import dev.loomlab.view.Palette;
import dev.loomlab.view.Plot;
import dev.loomlab.view.Series;
import dev.loomlab.view.Tabular;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Carriers against schedulers: one messaging experiment of toolkit processes on 1 carrier and on
 * the machine's default (and 2, where the default is larger), each beside BEAM here on as many
 * schedulers ({@code +S}), both over fresh VMs; and, for ring and ping-pong, where a hop's time
 * goes on each count ({@link HopBreakdown}, one traced JVM per count), beside the untraced hop.
 *
 * @param metric the figure compared ({@code nsPerHop}, {@code roundTripNsMean})
 * @param what   what one unit of it is ("a hop")
 * @param counts one entry per carrier count, fewest first
 */
public record Carriers(String metric, String what, List<Count> counts) implements Tabular {

    /**
     * One carrier count.
     *
     * @param carriers the JVM's carriers and BEAM here's schedulers
     * @param side     the JVM and BEAM here at that count
     * @param traced   the traced JVM at that count, or null where hops are not traced
     */
    public record Count(int carriers, BeamBeside side, Measurement traced) {}

    /** The fresh VMs of each fewer-carrier row, on each runtime: exactly 3, enough for an interval. */
    public static final ForkPolicy ROW_FORKS = ForkPolicy.adaptive(3, java.time.Duration.ZERO, 0.10);

    /**
     * Measures {@code spec} (kind process) on 1 carrier, on 2 where the machine's default is larger,
     * and on the default, each beside BEAM here on as many schedulers; then a traced JVM per count
     * when the experiment is ring or ping-pong. The spec's forks apply, {@link #ROW_FORKS} when it
     * names none.
     */
    public static Carriers measure(ExperimentSpec spec, String metric, String what, Progress progress) {
        return measure(spec, null, metric, what, progress);
    }

    /**
     * As {@link #measure(ExperimentSpec, String, String, Progress)}, reusing {@code atDefault} (the
     * same spec already measured at the default count) for the default.
     */
    public static Carriers measure(ExperimentSpec spec, BeamBeside atDefault, String metric, String what, Progress progress) {
        if (atDefault != null) {
            Measurement measured = atDefault.jvm();
            if (!measured.experiment().equals(spec.experiment()) || measured.n() != spec.n() || measured.m() != spec.m()) {
                throw new IllegalArgumentException(String.format("the default-count measurement is %s n=%,d m=%d, not the spec's %s "
                        + "n=%,d m=%d: pass the spec it was measured with", measured.experiment(), measured.n(), measured.m(),
                        spec.experiment(), spec.n(), spec.m()));
            }
        }
        if (spec.carriers() != 0) {
            throw new IllegalArgumentException("the spec sets --carriers " + spec.carriers() + ": carriers(...) chooses the counts itself");
        }
        ExperimentSpec forked = spec.forkPolicy().single() ? spec.withForks(ROW_FORKS) : spec;
        int defaultCount = atDefault != null ? atDefault.jvm().env().carrierParallelism() : Runtime.getRuntime().availableProcessors();
        List<Integer> fewer = defaultCount > 2 ? List.of(1, 2) : defaultCount == 2 ? List.of(1) : List.of();
        boolean traces = traced(spec);
        List<Count> counts = new ArrayList<>();
        for (int c : fewer) {
            ExperimentSpec at = forked.withCarriers(c);
            progress.say(String.format("%s on %d carrier%s, and BEAM here +S %d", spec.experiment(), c, c == 1 ? "" : "s", c));
            BeamBeside side = BeamHere.beside(at, progress);
            counts.add(new Count(c, side, traces ? trace(spec.withCarriers(c), progress) : null));
        }
        BeamBeside onDefault = atDefault;
        if (onDefault == null) {
            progress.say(String.format("%s on the default %d carriers, and BEAM here on its default schedulers", spec.experiment(), defaultCount));
            onDefault = BeamHere.beside(forked, progress);
        }
        counts.add(new Count(onDefault.jvm().ok() ? onDefault.jvm().env().carrierParallelism() : defaultCount, onDefault,
                traces ? trace(spec, progress) : null));
        return new Carriers(metric, what, counts);
    }

    /** True for the experiments whose hops are traced: one message in flight at a time. */
    public static boolean traced(ExperimentSpec spec) {
        return spec.is(Experiments.RING) || spec.is(Experiments.PINGPONG);
    }

    /**
     * How long a traced JVM may warm up: its traced hops are set against the same run's own hop
     * ({@link HopBreakdown#RUN_HOP}), so they need no interval across VMs.
     */
    static final java.time.Duration TRACE_WARMUP = java.time.Duration.ofSeconds(3);

    /** One traced JVM, warmed up for at most {@link #TRACE_WARMUP}. */
    private static Measurement trace(ExperimentSpec spec, Progress progress) {
        ExperimentSpec traced = spec.withForks(ForkPolicy.ONE).withHopTrace().withWarmup(TRACE_WARMUP, spec.repeat());
        progress.say(String.format("%s traced on %s carriers, one fresh JVM...", spec.experiment(),
                spec.carriers() == 0 ? "the default" : String.valueOf(spec.carriers())));
        return FreshJvm.attempt(traced, Progress.SILENT);
    }

    /** BEAM here first, then the JVM, per carrier count, with the ratio and what the intervals allow to say. */
    @Override
    public Grid grid() {
        String unit = Units.isNanos(metric) ? " (ns)" : "";
        GridLines table = new GridLines(String.format("%s, n = %,d: %s on 1 carrier and on more, BEAM here on as many schedulers",
                counts.get(0).side().jvm().experiment(), counts.get(0).side().jvm().n(), metric))
                .text("carriers (BEAM: +S)").text("BEAM here" + unit).text("JVM here (process" + (unit.isEmpty() ? ")" : ", ns)"))
                .number("JVM / BEAM here").text("on this machine");
        for (Count c : counts) {
            Measurement b = c.side().beam();
            Measurement j = c.side().jvm();
            double bv = c.side().beamHere(metric);
            table.row(String.valueOf(c.carriers()), BeamHere.cell(b, metric), BeamHere.cell(j, metric),
                    Grid.ratio(j.metric(metric), bv),
                    Double.isNaN(bv) ? "" : Verdict.cell(metric, Verdict.relation(j.interval(metric), b.interval(metric)), "JVM"));
        }
        return table.build();
    }

    /**
     * The sentences: on each count, BEAM here first ({@link Verdict#compare}); then the JVM on its
     * most carriers against itself on 1.
     */
    public String verdict() {
        List<String> said = new ArrayList<>();
        for (Count c : counts) {
            BeamBeside side = c.side();
            String on = String.format("on %d carrier%s (BEAM here +S %d), %s: ", c.carriers(), c.carriers() == 1 ? "" : "s",
                    c.carriers(), what);
            said.add(on + Verdict.compare(metric, side.beam(), "BEAM here", side.jvm(), "the JVM (process)"));
        }
        if (counts.size() > 1) {
            Count one = counts.get(0);
            Count most = counts.get(counts.size() - 1);
            said.add(String.format("the JVM on %d carriers against itself on 1: %s", most.carriers(),
                    Verdict.compare(metric, one.side().jvm(), "1 carrier", most.side().jvm(), most.carriers() + " carriers")));
        }
        return String.join("\n", said);
    }

    /**
     * Where a hop's time goes, per carrier count: each segment's mean per hop (ns), the traced hop
     * against the untraced one, and the share of hops whose receiver ran on another carrier.
     */
    public Grid hops() {
        GridLines table = new GridLines("Where a hop's time goes: each segment's mean per hop, one traced JVM per carrier count").text("carriers");
        HopBreakdown.segments().forEach(s -> table.number(s.label() + " (ns)"));
        table.number("traced / run's hop").number("on another carrier (%)");
        for (Count c : counts) {
            if (c.traced() == null) {
                continue;
            }
            List<Object> cells = new ArrayList<>(List.of(String.valueOf(c.carriers())));
            HopBreakdown.segments().forEach(s -> cells.add(c.traced().metric(HopBreakdown.metric(s, "Mean"))));
            cells.add(tracedOverUntraced(c));
            cells.add(c.traced().metric(HopBreakdown.CROSS_CARRIER) * 100);
            table.row(cells.toArray());
        }
        return table.build();
    }

    /** The traced hops' mean over the traced run's own hop ({@link HopBreakdown#RUN_HOP}, most of its hops untraced). */
    private static double tracedOverUntraced(Count c) {
        double run = c.traced().metric(HopBreakdown.RUN_HOP);
        double traced = c.traced().metric(HopBreakdown.HOP_MEAN);
        return run > 0 ? traced / run : Double.NaN;
    }

    /** One stacked bar per carrier count: the segments of a traced hop. */
    public Plot chart() {
        List<String> categories = new ArrayList<>();
        Map<String, List<? extends Number>> parts = new LinkedHashMap<>();
        Map<HopTrace.Segment, List<Double>> values = new LinkedHashMap<>();
        HopBreakdown.segments().forEach(s -> values.put(s, new ArrayList<>()));
        for (Count c : counts) {
            if (c.traced() == null || !c.traced().ok()) {
                continue;
            }
            categories.add(c.carriers() + (c.carriers() == 1 ? " carrier" : " carriers"));
            values.forEach((s, list) -> list.add(c.traced().metric(HopBreakdown.metric(s, "Mean"))));
        }
        values.forEach((s, list) -> parts.put(s.label(), list));
        return Plot.stackedBars("Where a hop's time goes (traced, mean per hop)", "ns per hop", categories, parts);
    }

    /**
     * The compared figure by carrier count, BEAM here and the JVM: each point the median of its fresh
     * VMs, its whisker the 95% interval across them (none for one VM). Where two whiskers at a count
     * overlap, the intervals allow no verdict there.
     */
    public Plot intervalChart() {
        List<Integer> xs = counts.stream().map(Count::carriers).toList();
        Series beam = side(Palette.BEAM_HERE, "BEAM here (+S as many)", xs, counts.stream().map(c -> c.side().beam()).toList());
        Series jvm = side(Palette.PROCESS, "JVM process", xs, counts.stream().map(c -> c.side().jvm()).toList());
        return Plot.lines(String.format("What %s costs, by carriers: the median of each side's fresh VMs, and its 95%% interval",
                        what), "carriers (BEAM here: schedulers, +S)", metric + (Units.isNanos(metric) ? " (ns)" : ""),
                List.of(beam, jvm));
    }

    private Series side(Palette kind, String name, List<Integer> xs, List<Measurement> ms) {
        List<Double> ys = new ArrayList<>();
        List<Double> lows = new ArrayList<>();
        List<Double> highs = new ArrayList<>();
        for (Measurement m : ms) {
            Interval interval = m.ok() ? m.interval(metric) : Interval.of(); // one VM or none: NaN ends, no whisker
            ys.add(m.ok() ? m.metric(metric) : Double.NaN);
            lows.add(interval.low());
            highs.add(interval.high());
        }
        return Series.of(kind, name, xs, ys).withIntervals(lows, highs);
    }

    /**
     * What the traces say, computed: which segment dominates the hop on each count, how often the
     * receiver ran on another carrier, and how much longer tracing made the hop.
     */
    public String hopsVerdict() {
        List<String> said = new ArrayList<>();
        for (Count c : counts) {
            Measurement t = c.traced();
            if (t == null) {
                continue;
            }
            if (!t.ok()) {
                said.add(String.format("on %d carriers the traced run did not finish: %s", c.carriers(), t.outcome()));
                continue;
            }
            double hop = t.metric(HopBreakdown.HOP_MEAN);
            HopTrace.Segment top = HopBreakdown.segments().get(0);
            for (HopTrace.Segment s : HopBreakdown.segments()) {
                if (t.metric(HopBreakdown.metric(s, "Mean")) > t.metric(HopBreakdown.metric(top, "Mean"))) {
                    top = s;
                }
            }
            double part = t.metric(HopBreakdown.metric(top, "Mean"));
            double crossed = t.metric(HopBreakdown.CROSS_CARRIER);
            said.add(String.format("on %d carrier%s, in this run, the %s dominates a traced hop: %.0f%% (%s of %s)%s; "
                            + "a traced hop was %s the run's hop (one clock reading costs %s here, four per traced hop)",
                    c.carriers(), c.carriers() == 1 ? "" : "s", top.label(), 100 * part / hop, Verdict.format("ns", part),
                    Verdict.format("ns", hop),
                    Double.isNaN(crossed) ? "" : String.format("; %.0f%% of hops ran on another carrier than their sender", 100 * crossed),
                    times(tracedOverUntraced(c)), Verdict.format("ns", t.metric(HopBreakdown.CLOCK))));
        }
        return String.join("\n", said);
    }

    private static String times(double ratio) {
        return Double.isNaN(ratio) ? "(no untraced figure to compare)" : Grid.printRatio(ratio) + "×";
    }

    @Override
    public List<Grid> grids() {
        List<Grid> all = new ArrayList<>(List.of(grid()));
        if (counts.stream().anyMatch(c -> c.traced() != null)) {
            all.add(hops());
        }
        return all;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        grids().forEach(g -> text.append(g.toText()).append('\n'));
        return text.append(verdict()).toString();
    }
}
