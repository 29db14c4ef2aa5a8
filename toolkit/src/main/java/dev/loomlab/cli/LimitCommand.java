package dev.loomlab.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code loomlab limit}: spawn n processes under a lowered process limit; where it stops and what it says. */
@Command(name = "limit", mixinStandardHelpOptions = true,
        description = "spawn n processes under the process limit (BEAM's +P): where it stops and what it says.",
        footer = {"", "Example: loomlab limit --n 2000 --process-limit 1024   (the article lowered +P to 1,024)"})
final class LimitCommand implements Callable<Integer> {

    @Option(names = "--n", defaultValue = "2000", paramLabel = "N", description = "processes to try. Default: ${DEFAULT-VALUE}")
    long n;

    @Mixin
    CommonOptions options;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (options.processLimit == null) {
            options.processLimit = 1024;
        }
        return ExperimentRunner.run(options.spec("limit", n), options, spec.commandLine().getOut());
    }
}
