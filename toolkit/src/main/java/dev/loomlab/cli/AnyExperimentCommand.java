package dev.loomlab.cli;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code loomlab experiment NAME}: any registered experiment, including one added outside the
 * toolkit, with the common options. An experiment needs no command of its own to be run from the
 * command line; a bespoke one (like {@code spawn}) only gives it friendlier options.
 */
@Command(name = "experiment", mixinStandardHelpOptions = true,
        description = {"Runs any registered experiment by name in a fresh JVM, with the common options.",
                "The experiments are the toolkit's and any added through META-INF/services/dev.loomlab.experiment.Experiment."},
        footer = {"", "Examples:", "  loomlab experiment spawn --n 10000", "  loomlab experiment ring --n 1000 --m 10 --json",
                "  loomlab experiment tasks --n 1000 --option sleep=2s"})
final class AnyExperimentCommand extends ExperimentCommand {

    @Parameters(index = "0", paramLabel = "NAME", description = "the experiment's name")
    String name;

    @Option(names = "--n", defaultValue = "1000", paramLabel = "N", description = "its size. Default: ${DEFAULT-VALUE}")
    long n;

    @Option(names = "--m", defaultValue = "0", paramLabel = "M", description = "its second size, where it has one. Default: ${DEFAULT-VALUE}")
    long m;

    @Option(names = "--option", paramLabel = "KEY=VALUE", description = "an experiment-specific option, repeatable")
    Map<String, String> experimentOptions = new LinkedHashMap<>();

    @Override
    ExperimentSpec experiment() {
        Experiments.named(name); // an unknown name is a usage error that lists the known ones
        ExperimentSpec spec = options.spec(name, n).withM(m);
        for (Map.Entry<String, String> e : experimentOptions.entrySet()) {
            spec = spec.withOption(e.getKey(), e.getValue());
        }
        return spec;
    }
}
