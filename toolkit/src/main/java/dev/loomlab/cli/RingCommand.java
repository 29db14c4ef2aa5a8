package dev.loomlab.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code loomlab ring}: a token m times round a ring of n processes; ns per hop. */
@Command(name = "ring", mixinStandardHelpOptions = true,
        description = "a token goes m times round a ring of n processes (n x m hops); ns per hop.")
final class RingCommand implements Callable<Integer> {

    @Option(names = "--n", defaultValue = "100000", paramLabel = "N", description = "processes in the ring. Default: ${DEFAULT-VALUE}")
    long n;

    @Option(names = "--m", defaultValue = "1", paramLabel = "M", description = "times round the ring. Default: ${DEFAULT-VALUE}")
    long m;

    @Option(names = "--hibernate", description = "processes hibernate between messages (KLab's hibernated ring): "
            + "each hop starts a new virtual thread")
    boolean hibernate;

    @Mixin
    CommonOptions options;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        return ExperimentRunner.run(options.spec(hibernate ? "ring-hibernated" : "ring", n).withM(m), options,
                spec.commandLine().getOut());
    }
}
