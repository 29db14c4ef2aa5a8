package dev.loomlab.cli;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code loomlab broadcast}: one message to each of n processes; ns per message. */
@Command(name = "broadcast", mixinStandardHelpOptions = true, description = "one message to each of n processes; ns per message.")
final class BroadcastCommand extends ExperimentCommand {

    @Option(names = "--n", defaultValue = "100000", paramLabel = "N", description = "size. Default: ${DEFAULT-VALUE}")
    long n;

    @Override
    ExperimentSpec experiment() {
        return options.spec(Experiments.BROADCAST, n);
    }
}
