package dev.loomlab.cli;

import dev.loomlab.experiment.ExperimentSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code loomlab ring}: a token m times round a ring of n processes; ns per hop. */
@Command(name = "ring", mixinStandardHelpOptions = true,
        description = "a token goes m times round a ring of n processes (n x m hops); ns per hop.")
final class RingCommand extends ExperimentCommand {

    @Option(names = "--n", defaultValue = "100000", paramLabel = "N", description = "processes in the ring. Default: ${DEFAULT-VALUE}")
    long n;

    @Option(names = "--m", defaultValue = "1", paramLabel = "M", description = "times round the ring. Default: ${DEFAULT-VALUE}")
    long m;

    @Option(names = "--hibernate", description = "processes hibernate between messages (KLab's hibernated ring): "
            + "each hop starts a new virtual thread; with --kind beam, erlang:hibernate/3 between messages")
    boolean hibernate;

    @Option(names = "--trace-hops", description = "cut each hop into enqueue, unpark, wake, take and forward "
            + "(toolkit processes only; one traced run is slower than an untraced one, so no baseline runs beside it)")
    boolean traceHops;

    @Override
    ExperimentSpec experiment() {
        ExperimentSpec spec = options.spec(hibernate ? "ring-hibernated" : "ring", n).withM(m);
        return traceHops ? spec.withHopTrace() : spec;
    }
}
