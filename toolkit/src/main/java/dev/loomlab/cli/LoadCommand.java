package dev.loomlab.cli;

import java.time.Duration;
import dev.loomlab.util.ProgressLine;
import dev.loomlab.load.LoadKind;
import dev.loomlab.load.LoadResult;
import dev.loomlab.load.LoadRunner;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.measure.Env;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code loomlab load}: round trips between an echo and a client while k busy loops run, each row
 * over {@code --forks} fresh JVMs taken in turn. A starved row is a result: the command still prints every row and exits 0. It exits
 * 1 only if a child JVM failed or had to be killed, 2 on bad input.
 */
@Command(name = "load", mixinStandardHelpOptions = true,
        description = {"Round trip under k busy loops (p50, p99, max) and each loop's work rate, each row over fresh JVMs "
                + "(--forks) taken in turn.",
                "JEP 444 has no time sharing: with as many busy virtual threads as carriers, the rest starve; "
                        + "the row then says so, with how long it waited."},
        footer = {"", "Examples:", "  loomlab load --kind virtual --parallelism 1 --loops 0,1 --deadline 3s",
                "  loomlab load --kind all --parallelism 1 --loops 0,1,4", "  loomlab load --kind platform --json",
                "  loomlab load --kind platform,parking,offloaded --parallelism 1 --pin 1 --loops 0,1,10,100,1000"})
final class LoadCommand implements Callable<Integer> {

    @Option(names = "--kind", defaultValue = "process", paramLabel = "KIND",
            description = "what runs the loops, echo and client: virtual, platform, process, yielding, parking, "
                    + "offloaded, beam (Erlang processes in a fresh BEAM VM, needs erl); a comma list, or all. Default: ${DEFAULT-VALUE}")
    String kind;

    @Option(names = "--loops", paramLabel = "K",
            description = "busy loops: one count or a comma list like 0,1,2,4. Default: 0, 1, 2, 4 ... twice the processors")
    String loops;

    @Option(names = "--rounds", defaultValue = "2000", paramLabel = "R",
            description = "round trips timed per row. Default: ${DEFAULT-VALUE}")
    int rounds;

    @Option(names = "--deadline", defaultValue = "5s", paramLabel = "TIME", converter = Converters.DurationConverter.class,
            description = "how long the client may take per row (e.g. 3s); past it the row says starved or incomplete. "
                    + "Default: ${DEFAULT-VALUE}")
    Duration deadline;

    @Option(names = "--parallelism", paramLabel = "P",
            description = "virtual-thread carriers in each child JVM (sets jdk.virtualThreadScheduler.parallelism and "
                    + "maxPoolSize); 1 is BEAM's +S 1. Default: one per processor")
    Integer parallelism;

    @Option(names = "--pin", defaultValue = "0", paramLabel = "CPUS",
            description = "pin each child JVM to this many CPUs with taskset (util-linux); --pin 1 --parallelism 1 is BEAM's +S 1 "
                    + "for platform threads too. Default: not pinned")
    int pin;

    @Option(names = "--forks", defaultValue = "" + LoadSpec.DEFAULT_VMS, paramLabel = "K",
            description = "fresh VMs per row, taken in turn with the other rows': each row's figures are their median, "
                    + "the p50 with its 95%% interval across them; 1 for one VM a row, no interval. Default: ${DEFAULT-VALUE}")
    int forks;

    @Option(names = "--jvm-opt", paramLabel = "FLAG", description = "a flag for each child JVM, repeatable")
    List<String> jvmOpts = new ArrayList<>();

    @Mixin
    JsonOption output = new JsonOption();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        LoadSpec load = new LoadSpec(LoadKind.parseList(kind),
                loops == null ? LoadSpec.defaultLoops(Runtime.getRuntime().availableProcessors()) : LoadSpec.parseLoops(loops),
                rounds, deadline, 0, jvmOpts, pin, forks);
        if (parallelism != null) {
            load = load.withParallelism(parallelism);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (!output.json) {
            out.println("parent JVM: " + Env.current().oneLine());
            out.flush();
        }
        LoadResult result;
        try (ProgressLine progress = ProgressLine.start("load: every row's fresh JVMs, in turn", 0)) {
            result = LoadRunner.run(load, progress);
        }
        out.println(output.json ? result.toJson() : "\n" + result);
        if (!output.json) {
            out.println("\n" + result.starvationVerdict());
            if (result.rows().stream().anyMatch(r -> r.loops() == 0) && result.rows().stream().anyMatch(r -> r.loops() > 0)) {
                out.println("\n" + result.idleAgainstLoaded());
            }
        }
        out.flush();
        if (result.anyFailed()) {
            spec.commandLine().getErr().println("loomlab: a child JVM failed or had to be killed; its row says why");
            return LoomlabCommand.FAILED;
        }
        return 0;
    }
}
