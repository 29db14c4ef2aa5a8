package dev.loomlab.cli;

import dev.loomlab.experiment.Experiments;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code loomlab pingpong}: n round trips between two processes; p50, p99, max. */
@Command(name = "pingpong", mixinStandardHelpOptions = true, description = "n round trips between two processes; p50, p99, max.")
final class PingPongCommand implements Callable<Integer> {

    @Option(names = "--n", defaultValue = "100000", paramLabel = "N", description = "size. Default: ${DEFAULT-VALUE}")
    long n;

    @Mixin
    CommonOptions options;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Experiments.named("pingpong");
        return ExperimentRunner.run(options.spec("pingpong", n), options, spec.commandLine().getOut());
    }
}
