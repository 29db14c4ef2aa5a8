package dev.loomlab.cli;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code loomlab hibernate}: n hibernated processes; memory per process. */
@Command(name = "hibernate", mixinStandardHelpOptions = true, description = "n hibernated processes; memory per process.")
final class HibernateCommand extends ExperimentCommand {

    @Option(names = "--n", defaultValue = "100000", paramLabel = "N", description = "processes. Default: ${DEFAULT-VALUE}")
    long n;

    @Override
    ExperimentSpec experiment() {
        return options.spec(Experiments.HIBERNATE, n);
    }
}
