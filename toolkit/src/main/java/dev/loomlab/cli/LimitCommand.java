package dev.loomlab.cli;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code loomlab limit}: spawn n processes under a lowered process limit; where it stops and what it says. */
@Command(name = "limit", mixinStandardHelpOptions = true,
        description = "spawn n processes under the process limit (BEAM's +P, default here 1,024): where it stops and what it says.",
        footer = {"", "Example: loomlab limit --n 2000 --process-limit 1024   (the article lowered +P to 1,024)"})
final class LimitCommand extends ExperimentCommand {

    @Option(names = "--n", defaultValue = "2000", paramLabel = "N", description = "processes to try. Default: ${DEFAULT-VALUE}")
    long n;

    @Override
    ExperimentSpec experiment() {
        if (options.processLimit == null) {
            options.processLimit = 1024;
        }
        return options.spec(Experiments.LIMIT, n);
    }
}
