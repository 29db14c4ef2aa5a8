package dev.loomlab.articles;

import dev.loomlab.view.Tabular;
import dev.loomlab.view.GridLines;
import dev.loomlab.util.Durations;
import dev.loomlab.display.Charts;
import dev.loomlab.view.Palette;
import dev.loomlab.view.Grid;
import dev.loomlab.view.Section;
import dev.loomlab.view.Series;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.Verdict;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.knowm.xchart.XYChart;

/**
 * What {@link MillionTasks#measure} returns: each (kind, n) over fresh JVMs, beside the published
 * figures. Shows as the table of ours against the published OpenJDK rows, with ratios; {@link #chart()},
 * {@link #everyRuntime()} and {@link #perTask()} give the rest of the notebook's views.
 */
public final class TasksRuns implements Tabular {

    static final double MIB = 1024.0 * 1024.0;

    /** One run: its kind and size, and its result or what stopped it. */
    record Row(Kind kind, int n, Measurement outcome) {
        double peakMb() {
            return outcome.metric("peakMegabytes");
        }

        /**
         * The 2024 benchmark's OpenJDK virtual-thread row at this n; NaN if it has none, and for
         * platform threads (2024 ran none) and BEAM here (it sits beside Elixir in everyRuntime()).
         */
        double published2024() {
            return kind == Kind.BEAM || kind == Kind.PLATFORM ? Double.NaN
                    : MillionTasks.published(MillionTasks.SOURCE_2024, MillionTasks.OPENJDK_2024, n).orElse(Double.NaN);
        }

        /** The 2023 benchmark's row at this n: its platform-thread row for platform threads, else its virtual one. */
        double published2023() {
            if (kind == Kind.BEAM) {
                return Double.NaN;
            }
            String runtime = kind == Kind.PLATFORM ? MillionTasks.OPENJDK_2023_PLATFORM : MillionTasks.OPENJDK_2023_VIRTUAL;
            return MillionTasks.published(MillionTasks.SOURCE_2023, runtime, n).orElse(Double.NaN);
        }
    }

    private final Duration sleep;
    private final List<Row> rows;

    TasksRuns(Duration sleep, List<Row> rows) {
        this.sleep = sleep;
        this.rows = List.copyOf(rows);
    }

    /** The measurement of one kind at one n, if it ran. */
    public Optional<Measurement> get(Kind kind, int n) {
        return rows.stream().filter(r -> r.kind() == kind && r.n() == n && r.outcome().ok())
                .map(r -> r.outcome()).findFirst();
    }

    /**
     * The measurement of one kind at the measured n nearest {@code n} (a reader's cell is set beside
     * it), or a failed one saying what stopped it or that the kind did not run.
     */
    public Measurement nearest(Kind kind, long n) {
        return rows.stream().filter(r -> r.kind() == kind).min(java.util.Comparator.comparingLong(r -> Math.abs(r.n() - n)))
                .map(Row::outcome)
                .orElse(Measurement.failed(dev.loomlab.experiment.ExperimentSpec.of(Experiments.TASKS, n).withKind(kind), "not run: no "
                        + kind.label() + " row"));
    }

    /** Our peak in MiB for a kind at n, NaN if it did not run. */
    public double peakMegabytes(Kind kind, int n) {
        return get(kind, n).map(m -> m.metric("peakMegabytes")).orElse(Double.NaN);
    }

    static String label(Kind kind) {
        return switch (kind) {
            case VIRTUAL -> "JVM here: virtual threads (the benchmark's program)";
            case PROCESS -> "JVM here: toolkit processes";
            case PLATFORM -> "JVM here: platform threads";
            case BEAM -> "BEAM here: Erlang processes";
            default -> kind.runtime();
        };
    }

    /**
     * Ours beside one published OpenJDK row, in 7 columns: the 2024 benchmark's virtual threads, or the
     * 2023 benchmark's platform threads when every row is a platform thread (2024 ran none). The
     * outcome says when not every task was asleep at once. The heap after GC, the other year and the
     * asleep check per row are in {@link #details()}.
     */
    @Override
    public Grid grid() {
        boolean platform = rows.stream().allMatch(r -> r.kind() == Kind.PLATFORM);
        Grid full = full();
        return full.select(full.title(), "ours", "tasks", "outcome", "peak MiB (ours)", "RSS while all asleep, MiB",
                platform ? "OpenJDK 21-ea, 2023, MB" : "OpenJDK 23 VT, 2024, MB", platform ? "ours / 2023" : "ours / 2024");
    }

    /** Every column: the heap after GC, whether all were asleep at once, and both years' OpenJDK rows with their ratios. */
    @Override
    public List<Grid> details() {
        return List.of(full().everyColumn());
    }

    private Grid full() {
        boolean platform = rows.stream().allMatch(r -> r.kind() == Kind.PLATFORM);
        return Grid.of(String.format("Peak memory of a whole JVM running n tasks that each sleep %s (the benchmark: 10 s), "
                        + "each row the median of fresh JVMs [95%% interval], the largest tier's compared in the notes; %s",
                Durations.format(sleep), platform
                        ? "the 2023 benchmark's platform-thread row beside ours"
                        : "the 2024 benchmark's OpenJDK virtual-thread row beside ours (2023's in the details)"), rows)
                .text("ours", r -> r.kind().label())
                .whole("tasks", Row::n)
                .text("outcome", r -> r.outcome().outcome() + (r.outcome().vms() > 1 ? String.format(", %d VMs", r.outcome().vms()) : "")
                        + (r.outcome().metric("allAsleepAtOnce") < 1 ? "; not all asleep at once: raise the sleep" : ""))
                .text("peak MiB (ours)", r -> Measurement.figureCell(r.outcome().interval("peakMegabytes")))
                .text("RSS while all asleep, MiB", r -> Measurement.figureCell(r.outcome().interval("rssAsleepBytes").times(1 / MIB)))
                .number("heap after GC, MiB", r -> Grid.round(r.outcome().metric("heapAfterGcBytes") / MIB))
                .text("all asleep at once", r -> {
                    double asleep = r.outcome().metric("allAsleepAtOnce");
                    return Double.isNaN(asleep) ? "" : asleep == 1 ? "yes" : "no: raise the sleep";
                })
                .number("OpenJDK 23 VT, 2024, MB", Row::published2024)
                .number("ours / 2024", r -> Grid.ratio(r.peakMb(), r.published2024()))
                .number("OpenJDK 21-ea, 2023, MB", Row::published2023)
                .number("ours / 2023", r -> Grid.ratio(r.peakMb(), r.published2023()))
                .build();
    }

    /**
     * At the largest tier, computed from its fresh VMs: BEAM here against the benchmark's program on
     * raw virtual threads, then the toolkit's processes against it, peak and resident set while all
     * sleep, each with its interval; "heavier" or "lighter" only where the intervals do not overlap.
     */
    @Override
    public List<String> notes() {
        int largest = rows.stream().mapToInt(Row::n).max().orElse(0);
        Optional<Row> virtual = rows.stream().filter(r -> r.n() == largest && r.kind() == Kind.VIRTUAL).findFirst();
        List<String> notes = new ArrayList<>();
        for (Kind other : List.of(Kind.BEAM, Kind.PROCESS)) {
            rows.stream().filter(r -> r.n() == largest && r.kind() == other).findFirst().ifPresent(o -> virtual.ifPresent(v -> {
                for (String metric : List.of("peakRssBytes", "rssAsleepBytes")) {
                    notes.add(String.format("%,d tasks, %s: %s", largest, metric.equals("peakRssBytes") ? "peak" : "while all sleep",
                            other == Kind.BEAM
                                    ? Verdict.compare(metric, o.outcome(), "BEAM here", v.outcome(), "the JVM (virtual threads)")
                                    : Verdict.compare(metric, v.outcome(), "raw virtual threads", o.outcome(), "toolkit processes")));
                }
            }));
        }
        return notes;
    }

    /** Every runtime of the benchmark by tier (2024, then 2023), with our rows at the end. */
    public Grid everyRuntime() {
        return everyRuntime(rows);
    }

    static Grid everyRuntime(List<Row> ours) {
        List<Long> tiers = new ArrayList<>(MillionTasks.publishedTiers());
        for (Row r : ours) {
            if (!tiers.contains((long) r.n())) {
                tiers.add((long) r.n());
            }
        }
        tiers.sort(null);
        GridLines table = new GridLines("Peak memory, MB, by number of concurrent tasks: every runtime published, and ours")
                .text("benchmark").text("runtime");
        tiers.forEach(t -> table.number(String.format("%,d", t)));
        for (String source : List.of(MillionTasks.SOURCE_2024, MillionTasks.SOURCE_2023)) {
            for (String r : MillionTasks.runtimes(source)) {
                List<Object> cells = new ArrayList<>(List.of(source.endsWith("2024") ? "2024 Take 2" : "2023 original", r));
                tiers.forEach(t -> cells.add(MillionTasks.published(source, r, t).orElse(Double.NaN)));
                table.row(cells.toArray());
            }
        }
        for (Kind kind : ours.stream().map(Row::kind).distinct().toList()) {
            List<Object> cells = new ArrayList<>(List.of("this machine (MiB)", label(kind)));
            tiers.forEach(t -> cells.add(Grid.round(ours.stream().filter(r -> r.kind() == kind && r.n() == t)
                    .mapToDouble(Row::peakMb).findFirst().orElse(Double.NaN))));
            table.row(cells.toArray());
        }
        return table.build();
    }

    /** The benchmark's headline tier. */
    static final int MILLION = 1_000_000;

    /** Each kind's peak at 1,000,000 tasks: measured if that tier ran, else extrapolated from its per-task slope, labelled. */
    TasksEstimate estimate(Kind kind, long tasks) {
        Map<Integer, Double> peaks = new TreeMap<>();
        rows.stream().filter(r -> r.kind() == kind).forEach(r -> peaks.put(r.n(), r.peakMb()));
        return TasksEstimate.at(tasks, peaks);
    }

    /**
     * Our row at the benchmark's 1,000,000 tasks, per kind: measured where that tier ran (the cap
     * lifted on purpose), else extrapolated from the measured per-task slope and labelled so; beside
     * the published 1M figures, and where it would fall in the 2024 ranking.
     */
    public Section atOneMillion() {
        record AtMillion(Kind kind, TasksEstimate e, double published2024, double published2023, String against2023) {}
        List<AtMillion> out = new ArrayList<>();
        var ranked = TasksRanking.rank(Experiments.TASKS.published("peakMegabytes"),
                MillionTasks.SOURCE_2024, MILLION);
        for (Kind kind : rows.stream().map(Row::kind).distinct().toList()) {
            boolean beam = kind == Kind.BEAM;
            String runtime2023 = beam ? "Elixir" : kind == Kind.PLATFORM ? MillionTasks.OPENJDK_2023_PLATFORM
                    : MillionTasks.OPENJDK_2023_VIRTUAL;
            out.add(new AtMillion(kind, estimate(kind, MILLION),
                    beam ? Double.NaN : MillionTasks.published(MillionTasks.SOURCE_2024, MillionTasks.OPENJDK_2024, MILLION).orElse(Double.NaN),
                    MillionTasks.published(MillionTasks.SOURCE_2023, runtime2023, MILLION).orElse(Double.NaN), runtime2023));
        }
        var table = Grid.of("Our row at 1,000,000 tasks: measured where that tier ran, otherwise EXTRAPOLATED from the "
                        + "measured per-task slope (not a measurement)", out)
                .text("ours", r -> r.kind().label())
                .text("figure", r -> r.e().label())
                .number("peak MiB at 1M (ours)", r -> Grid.round(r.e().peakMb()))
                .number("OpenJDK 23 VT, 2024, MB", AtMillion::published2024)
                .number("ours / 2024", r -> Grid.ratio(r.e().peakMb(), r.published2024()))
                .text("2023 row beside", AtMillion::against2023)
                .number("2023, MB", AtMillion::published2023)
                .number("ours / 2023", r -> Grid.ratio(r.e().peakMb(), r.published2023()))
                .text("place among 2024's runtimes", r -> place(ranked, r.e().peakMb()))
                .text("how", r -> r.e().basis())
                .build();
        List<String> notes = new ArrayList<>();
        for (AtMillion r : out) {
            notes.add(String.format("%s at 1,000,000 tasks: %s", label(r.kind()), r.e().measured()
                    ? "measured, " + Grid.print(r.e().peakMb()) + " MiB"
                    : Double.isNaN(r.e().peakMb()) ? "no figure" : Grid.print(r.e().peakMb()) + " MiB EXTRAPOLATED, not measured; "
                    + "measure it with the cap lifted (see Try this)"));
        }
        notes.add("ours are MiB (2^20 bytes), the benchmark's MB; the place is where our figure would fall among the 2024 "
                + "runtimes at 1M, a comparison across machines and JDKs; the 2023 rows beside ours (OpenJDK 21-ea, Elixir for "
                + "BEAM) and their ratios are in the details");
        return Section.narrowed(table, null, notes, List.of(), "ours", "figure", "peak MiB at 1M (ours)", "OpenJDK 23 VT, 2024, MB",
                "ours / 2024", "place among 2024's runtimes", "how");
    }

    /** "between X and Y" or "first"/"last" of the ranked runtimes, for one figure. */
    static String place(List<TasksRanking.Place> ranked, double mb) {
        if (Double.isNaN(mb) || ranked.isEmpty()) {
            return "";
        }
        long below = ranked.stream().filter(p -> p.peakMb() < mb).count();
        if (below == 0) {
            return "1st of " + (ranked.size() + 1) + ", below " + ranked.get(0).runtime();
        }
        if (below == ranked.size()) {
            return "last of " + (ranked.size() + 1) + ", above " + ranked.get(ranked.size() - 1).runtime();
        }
        return String.format("%d of %d, between %s and %s", below + 1, ranked.size() + 1,
                ranked.get((int) below - 1).runtime(), ranked.get((int) below).runtime());
    }

    /** Memory against n, log-log: each 2024 runtime, 2023's Java and Elixir, and ours (thick markers, same axes). */
    public XYChart chart() {
        List<Series> series = new ArrayList<>();
        for (Kind kind : rows.stream().map(Row::kind).distinct().toList()) {
            List<Integer> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (Row r : rows) {
                if (r.kind() == kind && !Double.isNaN(r.peakMb())) {
                    xs.add(r.n());
                    ys.add(r.peakMb());
                }
            }
            Palette colour = Palette.of(kind.label());
            series.add(Series.of(colour, label(kind).replace("JVM here: ", "ours: "), xs, ys).styled(Series.Style.OURS));
            TasksEstimate e = estimate(kind, MILLION);
            if (!e.measured() && !Double.isNaN(e.peakMb()) && !xs.isEmpty()) {
                series.add(Series.of(colour, label(kind).replace("JVM here: ", "ours: ") + ", EXTRAPOLATED to 1M",
                        List.of(xs.get(xs.size() - 1), MILLION), List.of(ys.get(ys.size() - 1), e.peakMb()))
                        .styled(Series.Style.SECONDARY));
            }
        }
        addPublished(series, MillionTasks.SOURCE_2024, null);
        addPublished(series, MillionTasks.SOURCE_2023, List.of(MillionTasks.OPENJDK_2023_VIRTUAL, "Elixir"));
        return Charts.lines("Peak memory of n concurrent sleeping tasks (ours: sleep " + Durations.format(sleep)
                + ", thick lines)", "concurrent tasks", "peak memory, MB", true, true, series);
    }

    private static void addPublished(List<Series> series, String source, List<String> only) {
        for (String r : MillionTasks.runtimes(source)) {
            if (only != null && !only.contains(r)) {
                continue;
            }
            List<Long> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (long t : MillionTasks.publishedTiers()) {
                MillionTasks.published(source, r, t).ifPresent(v -> {
                    xs.add(t);
                    ys.add(v);
                });
            }
            series.add(Series.of(Palette.ofPublished(r), r + (source.endsWith("2023") ? " (2023)" : ""), xs, ys)
                    .styled(source.endsWith("2023") ? Series.Style.PUBLISHED_OLDER : Series.Style.PUBLISHED));
        }
    }

    /**
     * What each task costs beyond the empty runtime: (peak at n − peak at 1) / (n − 1), for ours at
     * our largest n and for each published runtime at the published tier nearest to it.
     */
    public Grid perTask() {
        GridLines table = new GridLines("What one more task costs, beyond the runtime's own footprint "
                + "(published MB read as 10^6 bytes, ours in MiB)").text("runtime").whole("n").number("MB at 1 task").number("MB at n")
                .number("bytes per extra task");
        int largest = 1;
        for (Kind kind : rows.stream().map(Row::kind).distinct().toList()) {
            double p1 = peakMegabytes(kind, 1);
            int top = rows.stream().filter(r -> r.kind() == kind && !Double.isNaN(r.peakMb())).mapToInt(Row::n).max().orElse(1);
            largest = Math.max(largest, top);
            addPerTask(table, label(kind), top, p1, peakMegabytes(kind, top), MIB);
        }
        long tier = nearestPublished(largest);
        for (String r : MillionTasks.runtimes(MillionTasks.SOURCE_2024)) {
            addPerTask(table, r + " (2024)", (int) tier,
                    MillionTasks.published(MillionTasks.SOURCE_2024, r, 1).orElse(Double.NaN),
                    MillionTasks.published(MillionTasks.SOURCE_2024, r, tier).orElse(Double.NaN), 1e6);
        }
        return table.build();
    }

    private static long nearestPublished(int n) {
        long best = 10_000;
        for (long t : MillionTasks.publishedTiers()) {
            if (t > 1 && Math.abs(Math.log(t) - Math.log(n)) < Math.abs(Math.log(best) - Math.log(n))) {
                best = t;
            }
        }
        return best;
    }

    private static void addPerTask(GridLines table, String name, int n, double mb1, double mbN, double unit) {
        table.row(name, n, Grid.round(mb1), Grid.round(mbN),
                n <= 1 || Double.isNaN(mb1) || Double.isNaN(mbN) ? Double.NaN : (double) Math.round((mbN - mb1) * unit / (n - 1)));
    }

    @Override
    public String toString() {
        return Tabular.text(this);
    }
}
