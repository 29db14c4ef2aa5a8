package dev.loomlab.cli;

import dev.loomlab.experiment.Experiments;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code loomlab spawn}: n idle processes; memory per process (heap after GC, all parked) and ns per spawn. */
@Command(name = "spawn", mixinStandardHelpOptions = true, description = "n idle processes; memory per process (heap after GC, all parked) and ns per spawn.")
final class SpawnCommand implements Callable<Integer> {

    @Option(names = "--n", defaultValue = "100000", paramLabel = "N", description = "size. Default: ${DEFAULT-VALUE}")
    long n;

    @Option(names = "--stack-size", paramLabel = "BYTES",
            description = "platform threads only: each thread's stack size (the OS may round it up)")
    Long stackSize;

    @Mixin
    CommonOptions options;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Experiments.named("spawn");
        var experiment = options.spec("spawn", n);
        if (stackSize != null) {
            experiment = experiment.withOption("stackSize", String.valueOf(stackSize));
        }
        return ExperimentRunner.run(experiment, options, spec.commandLine().getOut());
    }
}
