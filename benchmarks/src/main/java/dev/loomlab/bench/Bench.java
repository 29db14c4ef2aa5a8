package dev.loomlab.bench;

import dev.loomlab.util.AtomicFiles;
import dev.loomlab.measure.Env;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import tech.tablesaw.api.Table;

/**
 * {@code ./loomlab bench [regex] [JMH options]}: runs the benchmarks as {@code org.openjdk.jmh.Main}
 * would (same options; the defaults are in each class's annotations: one fork, 3 x 1 s warm-up,
 * 5 x 1 s measurement), but prints the environment first and, at the end, each primitive's ratio
 * to its raw virtual-thread baseline measured in the same run. Writes JMH's JSON and the ratios
 * as CSV to {@code build/bench/} (or {@code -Dloomlab.bench.dir}).
 */
public final class Bench {

    private Bench() {}

    public static void main(String[] args) throws Exception {
        CommandLineOptions cmd;
        try {
            cmd = new CommandLineOptions(args);
        } catch (CommandLineOptionException e) {
            System.err.println("loomlab bench: " + e.getMessage() + " (see ./loomlab bench -h)");
            System.exit(2);
            return;
        }
        if (cmd.shouldHelp() || cmd.shouldList() || cmd.shouldListWithParams() || cmd.shouldListProfilers()
                || cmd.shouldListResultFormats()) {
            org.openjdk.jmh.Main.main(args);
            return;
        }
        Path dir = Path.of(System.getProperty("loomlab.bench.dir", "build/bench"));
        System.out.println(String.join("\n", header()));
        ChainedOptionsBuilder options = new OptionsBuilder().parent(cmd);
        boolean ourResultFile = !cmd.getResult().hasValue() && !cmd.getResultFormat().hasValue();
        if (ourResultFile) {
            java.nio.file.Files.createDirectories(dir);
            options.result(dir.resolve("jmh-result.json").toString()).resultFormat(ResultFormatType.JSON);
        }
        Collection<RunResult> results;
        try {
            results = new Runner(options.build()).run();
        } catch (NoBenchmarksException e) {
            System.err.println("loomlab bench: no benchmark matches " + cmd.getIncludes() + " (./loomlab bench -l lists them)");
            System.exit(2);
            return;
        } catch (RunnerException e) {
            System.err.println("loomlab bench: " + e.getMessage());
            System.exit(1);
            return;
        }
        List<RunResult> sorted = new ArrayList<>(results);
        sorted.sort(RunResult.DEFAULT_SORT_COMPARATOR);
        Table ratios = Ratios.of(sorted);
        System.out.println();
        System.out.println(ratios.printAll());
        System.out.println(String.join("\n", footer()));
        StringWriter csv = new StringWriter();
        ratios.write().csv(csv);
        Path csvFile = dir.resolve("ratios.csv");
        AtomicFiles.write(csvFile, csv.toString());
        System.out.println("written: " + csvFile + (ourResultFile ? " and " + dir.resolve("jmh-result.json") : ""));
    }

    /** What to keep in mind before the first number, and the setting. */
    static List<String> header() {
        return List.of(
                "loomlab bench: the toolkit's primitives against raw JVM baselines, with JMH.",
                "  The numbers are data about this machine today, not a verdict. Compare the ratios to the raw",
                "  virtual-thread baseline measured in the same run; absolutes move with the machine, its load and the JDK.",
                "  Hygiene: a quiet machine (no build, IDE indexing or browser video), on mains power; at least one fork;",
                "  warm-up before measurement. See benchmarks/README.md.",
                "host JVM: " + Env.current().oneLine(),
                "  (each benchmark runs in a forked JVM of the same JDK and flags; carriers = processors unless",
                "   -Djdk.virtualThreadScheduler.parallelism is set)",
                "");
    }

    /** How to read the table. */
    static List<String> footer() {
        return List.of(
                "How to read it: score is time per operation (lower is better); 'x raw VT' divides it by " + Ratios.BASELINE,
                "  of the same benchmark in this run: 1.00 is parity, below 1 is faster. 'ratio range' is the ratio at the",
                "  ends of both error bars (JMH's 99.9% intervals); with few iterations they are wide, so rerun with more",
                "  (-f 3 -i 10) before believing a small difference.",
                "Targets (issue 7): process <= 1.3x raw for SpawnToParked, PingPong and RingHop. On a miss, rerun that",
                "  benchmark with -prof gc (adds B/op: bytes allocated per operation) and read benchmarks/README.md.");
    }
}
