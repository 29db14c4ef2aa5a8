package dev.loomlab.articles;

import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.util.Progress;
import dev.loomlab.view.GridLines;
import dev.loomlab.view.Grid;
import dev.loomlab.util.Durations;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.published.PublishedFigure;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The million-tasks benchmark on this machine (notebook 03): n sleeping tasks in a whole fresh
 * JVM, its peak resident memory beside the published figures of every runtime, 2024 ("Take 2")
 * and 2023 (the original). Every run is its own JVM; a run that fails is a row that says so.
 *
 * <pre>{@code
 * var runs = MillionTasks.measure(Duration.ofSeconds(2), Cap.tiers(1, 10_000, 100_000), Kind.VIRTUAL, Kind.PROCESS);
 * runs                    // ours beside the published OpenJDK rows, with ratios
 * runs.chart()            // memory against n, log-log, every runtime and ours
 * MillionTasks.flags(Cap.atMost(100_000), Duration.ofSeconds(2))   // what -Xmx, SerialGC, CDS change
 * }</pre>
 */
public final class MillionTasks {

    /** The benchmark's tiers. */
    public static final int[] ARTICLE_TIERS = {1, 10_000, 100_000, 1_000_000};
    static final String SOURCE_2024 = "million-tasks-2024";
    static final String SOURCE_2023 = "million-tasks-2023";
    static final String OPENJDK_2024 = "Java OpenJDK 23.0.1 virtual threads";
    static final String OPENJDK_2023_VIRTUAL = "Java OpenJDK 21-ea virtual threads";
    static final String OPENJDK_2023_PLATFORM = "Java OpenJDK 21-ea platform threads";

    private MillionTasks() {}

    /**
     * Runs every tier for every kind over fresh JVMs (BEAM VMs for BEAM here), all their VMs taken in
     * turn: each row over {@link FreshJvm#TABLE_FORKS}, and the largest tier, where the kinds are
     * compared, over {@link FreshJvm#HEADLINE_FORKS}. A row's figures are the median of its VMs, with a
     * 95% interval; puts them beside the published figures.
     */
    public static TasksRuns measure(Duration sleep, int[] tiers, Kind... kinds) {
        if (tiers.length == 0 || kinds.length == 0) {
            return new TasksRuns(sleep, List.of());
        }
        int largest = java.util.Arrays.stream(tiers).max().getAsInt();
        List<ExperimentSpec> specs = new ArrayList<>();
        for (Kind kind : kinds) {
            for (int n : tiers) {
                specs.add(Experiments.TASKS.spec(n, kind, sleep).withForks(n == largest ? FreshJvm.HEADLINE_FORKS : FreshJvm.TABLE_FORKS));
            }
        }
        List<Measurement> measured = FreshJvm.rowsInTurn(specs, Progress.STDOUT);
        List<TasksRuns.Row> rows = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            rows.add(new TasksRuns.Row(specs.get(i).kind(), (int) specs.get(i).n(), measured.get(i)));
        }
        return new TasksRuns(sleep, rows);
    }

    static Measurement run(ExperimentSpec spec) {
        return FreshJvm.row(spec, Progress.STDOUT);
    }

    /** The published peak (MB) of one runtime at one n, if there is one. */
    static Optional<Double> published(String source, String runtime, long n) {
        return Experiments.TASKS.published("peakMegabytes").stream()
                .filter(f -> f.source().equals(source) && f.runtime().equals(runtime) && f.n() != null && f.n() == n)
                .map(PublishedFigure::value).findFirst();
    }

    /** The runtimes of one source, in the dataset's order. */
    static List<String> runtimes(String source) {
        return Experiments.TASKS.published("peakMegabytes").stream().filter(f -> f.source().equals(source))
                .map(PublishedFigure::runtime).distinct().toList();
    }

    /** Every runtime's published peak at n (2024 and 2023), for the CLI and the notebook. */
    public static Grid published(long n) {
        String title = String.format("Published peak memory at %,d tasks (each sleeps 10 s)", n);
        GridLines table = new GridLines(title).text("benchmark").text("runtime").number(String.format("peak MB at %,d tasks", n));
        for (String source : List.of(SOURCE_2024, SOURCE_2023)) {
            for (String r : runtimes(source)) {
                Optional<Double> v = published(source, r, n);
                v.ifPresent(mb -> table.row(source.endsWith("2024") ? "2024 Take 2" : "2023 original", r, mb));
            }
        }
        Grid grid = table.build();
        return grid.rowCount() > 0 ? grid : grid.titled(title + ": none published at this n (tiers are 1, 10,000, 100,000, 1,000,000)");
    }

    /**
     * The benchmark's ranking at 1,000,000 tasks, computed from the published peaks: every runtime
     * with its ratio to the winner, and the article's claims about Go (13× the winner, 2× Java) checked.
     */
    public static dev.loomlab.view.Section ranking() {
        return TasksRanking.at(TasksRuns.MILLION);
    }

    /** The benchmark's whole table, every runtime by tier, 2024 then 2023. */
    public static Grid publishedAll() {
        return TasksRuns.everyRuntime(List.of());
    }

    /**
     * What JVM flags change, measured: the benchmark's program (virtual threads) with one task and
     * with n, with no flags and with each variant, each run in a fresh JVM (untouched: no extra GC).
     */
    public static Grid flags(int n, Duration sleep) {
        Map<String, String[]> variants = new LinkedHashMap<>();
        variants.put("(none: the benchmark's setting)", new String[0]);
        variants.put("-Xmx64m", new String[] {"-Xmx64m"});
        variants.put("-XX:+UseSerialGC", new String[] {"-XX:+UseSerialGC"});
        variants.put("-Xshare:off (no class data sharing)", new String[] {"-Xshare:off"});
        variants.put("-XX:+UseSerialGC -Xmx256m -XX:TieredStopAtLevel=1",
                new String[] {"-XX:+UseSerialGC", "-Xmx256m", "-XX:TieredStopAtLevel=1"});
        GridLines table = new GridLines(String.format("What JVM flags change: the benchmark's program, tasks sleeping %s, one fresh JVM per cell",
                Durations.format(sleep))).text("JVM flags").number("peak MiB, 1 task").number("change, 1 task")
                .number(String.format("peak MiB, %,d tasks", n)).number(String.format("change, %,d tasks", n)).text("outcome")
                .text(String.format("OpenJDK 23 published, MB, 1 / %,d (no flags)", n));
        String pub = String.format("%s / %s", published(SOURCE_2024, OPENJDK_2024, 1).map(String::valueOf).orElse("-"),
                published(SOURCE_2024, OPENJDK_2024, n).map(String::valueOf).orElse("not published"));
        double base1 = Double.NaN;
        double baseN = Double.NaN;
        for (Map.Entry<String, String[]> v : variants.entrySet()) {
            Measurement o1 = run(Experiments.TASKS.spec(1, Kind.VIRTUAL, sleep, v.getValue()).withOption("gc", "false"));
            Measurement oN = n == 1 ? o1 : run(Experiments.TASKS.spec(n, Kind.VIRTUAL, sleep, v.getValue()).withOption("gc", "false"));
            double p1 = o1.metric("peakMegabytes");
            double pN = oN.metric("peakMegabytes");
            if (v.getValue().length == 0) { // the benchmark's setting, no flags: the baseline of the changes
                base1 = p1;
                baseN = pN;
            }
            table.row(v.getKey(), Grid.round(p1), Grid.round(p1 - base1), Grid.round(pN), Grid.round(pN - baseN),
                    o1.ok() && oN.ok() ? "ok" : !oN.ok() ? oN.outcome() : o1.outcome(), pub);
        }
        return table.build();
    }

    /**
     * Why a one-task JVM weighs tens of MB: the measured JVM with one task, its committed memory
     * by Native Memory Tracking category, beside its peak resident set and the published figures.
     */
    public static Grid footprint(Duration sleep) {
        Measurement plain = run(Experiments.TASKS.spec(1, Kind.VIRTUAL, sleep).withOption("gc", "false"));
        Measurement nmt = run(Experiments.TASKS.spec(1, Kind.VIRTUAL, sleep).withOption("breakdown", "true").withOption("gc", "false"));
        GridLines table = new GridLines("Why one task costs tens of MB: the JVM itself, by Native Memory Tracking category "
                + "(committed is not resident: untouched pages cost no RAM)").text("what").number("MiB").text("what it is");
        add(table, "peak resident set, no NMT (ours)", plain.metric("peakMegabytes"),
                "what the benchmark measures; " + plain.outcome());
        add(table, "published: OpenJDK 23, 2024", published(SOURCE_2024, OPENJDK_2024, 1).orElse(Double.NaN) , "MB as published");
        add(table, "published: OpenJDK 21-ea, 2023", published(SOURCE_2023, OPENJDK_2023_VIRTUAL, 1).orElse(Double.NaN), "MB as published");
        add(table, "peak resident set, with NMT on", nmt.metric("peakMegabytes"), "the same program, NMT's own bookkeeping included");
        if (nmt.ok()) {
            List<Map.Entry<String, Double>> categories = nmt.metrics().entrySet().stream()
                    .filter(e -> e.getKey().startsWith("nmt")).sorted(Map.Entry.<String, Double>comparingByValue().reversed()).toList();
            for (Map.Entry<String, Double> e : categories) {
                String name = e.getKey().substring(3, e.getKey().length() - "CommittedBytes".length());
                if (e.getValue() >= 256 * 1024) {
                    add(table, "NMT committed: " + String.join(" ", name.split("(?<=[a-z])(?=[A-Z])")), e.getValue() / TasksRuns.MIB,
                            MEANINGS.getOrDefault(name, ""));
                }
            }
        }
        return table.build();
    }

    /** What each Native Memory Tracking category holds, by its name in the metric (the words without spaces). */
    private static final Map<String, String> MEANINGS = """
            JavaHeap: the initial heap the JVM commits (1/64 of RAM by default); resident only where touched
            Class: class metadata (metaspace) of the JDK classes loaded at startup
            Thread: stacks of the JVM's own platform threads: GC workers, JIT compilers, reference handler...
            Code: the JIT's code cache: the interpreter and compiled methods
            GC: the collector's own structures: card table, remembered sets, mark bitmaps
            Compiler: the JIT compilers' working memory
            Internal: JVM internals
            Symbol: interned names of classes, methods and strings
            SharedClassSpace: class data sharing: the JDK's pre-parsed classes, mapped from a file
            Metaspace: class metadata
            ArenaChunk: scratch memory
            NativeMemoryTracking: NMT's own bookkeeping
            Module: the module graph
            Other: other native allocations, e.g. direct buffers
            """.lines().collect(java.util.stream.Collectors.toMap(
                    l -> l.substring(0, l.indexOf(':')), l -> l.substring(l.indexOf(':') + 2)));

    private static void add(GridLines table, String what, double mib, String meaning) {
        table.row(what, Grid.round(mib), meaning);
    }

    /** The tiers published for the benchmark, ascending. */
    static List<Long> publishedTiers() {
        return new ArrayList<>(new TreeSet<>(Experiments.TASKS.published("peakMegabytes").stream()
                .map(PublishedFigure::n).toList()));
    }
}
