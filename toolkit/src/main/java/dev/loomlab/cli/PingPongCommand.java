package dev.loomlab.cli;

import dev.loomlab.experiment.ExperimentSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code loomlab pingpong}: n round trips between two processes; p50, p99, max. */
@Command(name = "pingpong", mixinStandardHelpOptions = true, description = "n round trips between two processes; p50, p99, max.")
final class PingPongCommand extends ExperimentCommand {

    @Option(names = "--n", defaultValue = "100000", paramLabel = "N", description = "round trips. Default: ${DEFAULT-VALUE}")
    long n;

    @Override
    ExperimentSpec experiment() {
        return options.spec("pingpong", n);
    }
}
