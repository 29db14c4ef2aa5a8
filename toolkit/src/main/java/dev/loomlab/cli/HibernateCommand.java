package dev.loomlab.cli;

import dev.loomlab.experiment.Experiments;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code loomlab hibernate}: n hibernated processes; memory per process. */
@Command(name = "hibernate", mixinStandardHelpOptions = true, description = "n hibernated processes; memory per process.")
final class HibernateCommand implements Callable<Integer> {

    @Option(names = "--n", defaultValue = "100000", paramLabel = "N", description = "size. Default: ${DEFAULT-VALUE}")
    long n;

    @Mixin
    CommonOptions options;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Experiments.named("hibernate");
        return ExperimentRunner.run(options.spec("hibernate", n), options, spec.commandLine().getOut());
    }
}
