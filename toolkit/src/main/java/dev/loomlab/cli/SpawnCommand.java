package dev.loomlab.cli;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code loomlab spawn}: n idle processes; memory per process (heap after GC, all parked) and ns per spawn. */
@Command(name = "spawn", mixinStandardHelpOptions = true,
        description = "n idle processes; memory per process (heap after GC, all parked) and ns per spawn.")
final class SpawnCommand extends ExperimentCommand {

    @Option(names = "--n", defaultValue = "100000", paramLabel = "N", description = "processes. Default: ${DEFAULT-VALUE}")
    long n;

    @Option(names = "--stack-size", paramLabel = "BYTES",
            description = "platform threads only: each thread's stack size (the OS may round it up)")
    Long stackSize;

    @Option(names = "--min-heap", paramLabel = "WORDS",
            description = "beam only: BEAM's +hms, each process's minimum heap in words (KLab saved memory with +hms 1)")
    Integer minHeapWords;

    @Override
    ExperimentSpec experiment() {
        ExperimentSpec experiment = options.spec(Experiments.SPAWN, n);
        if (minHeapWords != null) {
            if (experiment.kind() != dev.loomlab.experiment.Kind.BEAM || minHeapWords < 1) {
                throw new IllegalArgumentException("--min-heap is BEAM's +hms, a positive number of words: use it with --kind beam");
            }
            experiment = experiment.withOption("minHeapWords", String.valueOf(minHeapWords));
        }
        return stackSize == null ? experiment : experiment.withOption("stackSize", String.valueOf(stackSize));
    }
}
