package dev.loomlab.experiment;

import dev.loomlab.jvm.ChildJvm;
import dev.loomlab.jvm.ChildJvmException;
import dev.loomlab.jvm.ChildOutcome;
import dev.loomlab.jvm.ChildSide;

/**
 * The entry point of an experiment's child JVM, through the one child protocol
 * ({@link ChildSide}): reads the spec, runs the experiment here, writes the measurement as its
 * result file, and exits. If a JVM it started itself fails (the measured JVM of tasks), it says
 * so in one line and exits 1, or 3 if that JVM ran out of memory. Like every child, it halts by
 * itself if its parent goes away, so an experiment can never outlive the notebook or CLI that
 * started it.
 */
public final class ChildMain {

    private ChildMain() {}

    public static void main(String[] args) throws Exception {
        ExperimentSpec spec = SpecJson.read(ChildSide.open(args, "ChildMain"));
        Measurement result;
        try {
            result = Experiments.runHere(spec, ChildSide.PROGRESS);
        } catch (ChildJvmException e) {
            // a JVM this one started failed (the measured JVM of tasks): one line, no stack trace
            ChildSide.fail(e.getMessage(), e.outcome() == ChildOutcome.OUT_OF_MEMORY ? ChildJvm.EXIT_ON_OUT_OF_MEMORY : 1);
            return;
        }
        ChildSide.write(result.toJson());
        ChildSide.exit(0);
    }
}
