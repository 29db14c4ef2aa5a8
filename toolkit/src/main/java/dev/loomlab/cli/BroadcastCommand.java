package dev.loomlab.cli;

import dev.loomlab.experiment.Experiments;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code loomlab broadcast}: one message to each of n processes; ns per message. */
@Command(name = "broadcast", mixinStandardHelpOptions = true, description = "one message to each of n processes; ns per message.")
final class BroadcastCommand implements Callable<Integer> {

    @Option(names = "--n", defaultValue = "100000", paramLabel = "N", description = "size. Default: ${DEFAULT-VALUE}")
    long n;

    @Mixin
    CommonOptions options;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Experiments.named("broadcast");
        return ExperimentRunner.run(options.spec("broadcast", n), options, spec.commandLine().getOut());
    }
}
