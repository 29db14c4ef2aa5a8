package dev.loomlab.cli;

import dev.loomlab.experiment.ExperimentSpec;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * A subcommand that runs one experiment of the registry with the common options: it builds the
 * spec from its own options ({@link #experiment()}), then {@link ExperimentRunner} runs it in a
 * fresh JVM and prints a table or one JSON object.
 */
abstract class ExperimentCommand implements Callable<Integer> {

    @Mixin
    CommonOptions options;

    @Spec
    CommandSpec spec;

    /** The experiment to run, from this command's options and {@link #options}. */
    abstract ExperimentSpec experiment();

    @Override
    public Integer call() throws Exception {
        return ExperimentRunner.run(experiment(), options, spec.commandLine().getOut(), spec.commandLine().getErr());
    }
}
