package dev.loomlab.cli;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code loomlab pingpong}: n round trips between two processes; p50, p99, max. */
@Command(name = "pingpong", mixinStandardHelpOptions = true, description = "n round trips between two processes; p50, p99, max.")
final class PingPongCommand extends ExperimentCommand {

    @Option(names = "--n", defaultValue = "100000", paramLabel = "N", description = "round trips. Default: ${DEFAULT-VALUE}")
    long n;

    @Option(names = "--trace-hops", description = "cut each hop into enqueue, unpark, wake, take and forward "
            + "(toolkit processes only; one traced run is slower than an untraced one, so no baseline runs beside it)")
    boolean traceHops;

    @Override
    ExperimentSpec experiment() {
        ExperimentSpec spec = options.spec(Experiments.PINGPONG, n);
        return traceHops ? spec.withHopTrace() : spec;
    }
}
