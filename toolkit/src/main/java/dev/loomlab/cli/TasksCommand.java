package dev.loomlab.cli;

import dev.loomlab.articles.MillionTasks;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.measure.MachineMemory;
import dev.loomlab.measure.Units;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code loomlab tasks}: n concurrent sleeping tasks in a whole fresh JVM; its peak memory. */
@Command(name = "tasks", mixinStandardHelpOptions = true,
        description = {"n sleeping tasks in a whole fresh JVM; its peak memory (the million-tasks benchmark).",
                "Each task sleeps (--sleep), then the program joins each, and the JVM reads its peak resident "
                        + "set (VmHWM) before it exits. --kind virtual is the benchmark's Java program; process is the "
                        + "toolkit's processes; platform, OS threads (small n only)."},
        footer = {"", "Examples:", "  loomlab tasks --n 100000 --sleep 2s", "  loomlab tasks --n 1000000 --no-cap --kind virtual",
                "  loomlab tasks --n 10000 --kind virtual --jvm-opt -XX:+UseSerialGC"})
final class TasksCommand implements Callable<Integer> {

    /** What the measured JVM takes before any task, rounded up (the benchmark's one-task rows are 40-110 MB). */
    static final double FLOOR_BYTES = 256.0 * (1 << 20);
    /** A bound on one sleeping task's peak: the notebook measures one to three KiB, toolkit processes a little more. */
    static final double BYTES_PER_TASK_BOUND = 4096;

    @Option(names = "--n", defaultValue = "10000", paramLabel = "N", description = "concurrent tasks. Default: ${DEFAULT-VALUE}")
    long n;

    @Option(names = "--sleep", defaultValue = "10s", paramLabel = "TIME",
            description = "how long each task sleeps (e.g. 10s, 500ms). Default: ${DEFAULT-VALUE}, as in the benchmark")
    String sleep;

    @Option(names = "--no-gc", description = "skip the second JVM that runs a System.gc() to read the heap after GC (the peak always comes from an untouched run)")
    boolean noGc;

    @Mixin
    CommonOptions options;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Experiments.named("tasks");
        double need = FLOOR_BYTES + n * BYTES_PER_TASK_BOUND;
        double available = MachineMemory.available();
        if (!Double.isNaN(available) && available < need) {
            spec.commandLine().getErr().printf("tasks: %,d tasks need about %s (a bound: %s for the JVM and %s per task); "
                            + "this machine has %s available now: free memory or lower --n%n", n, Units.bytes(need),
                    Units.bytes(FLOOR_BYTES), Units.bytes(BYTES_PER_TASK_BOUND), Units.bytes(available));
            return 1;
        }
        ExperimentSpec s = options.spec(Experiments.TASKS, n).withOption("sleep", sleep).withOption("gc", Boolean.toString(!noGc));
        int code = ExperimentRunner.run(s, options, spec.commandLine().getOut(), spec.commandLine().getErr());
        if (code == 0 && !options.output.json) {
            spec.commandLine().getOut().println();
            spec.commandLine().getOut().println(MillionTasks.published(n).toText());
            spec.commandLine().getOut().flush();
        }
        return code;
    }
}
