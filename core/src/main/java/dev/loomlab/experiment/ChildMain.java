package dev.loomlab.experiment;

import dev.loomlab.jvm.ChildJvm;
import dev.loomlab.jvm.ChildOutcome;
import dev.loomlab.jvm.ChildRun;
import dev.loomlab.jvm.ChildJvmException;
import dev.loomlab.util.AtomicFiles;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.util.Progress;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The entry point of a child JVM: reads a spec file, runs the experiment here, writes the result
 * file atomically, and exits. If a JVM it started itself fails (the measured JVM of tasks), it
 * says so in one line ({@link ChildRun#ERROR_PREFIX}) and exits 1, or 3 if that JVM ran out of
 * memory. It halts by itself if its parent goes away (its standard input closes), so an
 * experiment can never outlive the notebook or CLI that started it.
 */
public final class ChildMain {

    /** Exit code when the parent went away. */
    static final int ORPHANED = 4;

    private ChildMain() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: ChildMain SPEC.json RESULT.json (started by loomlab, not by hand)");
            System.exit(2);
        }
        watchParent();
        ExperimentSpec spec = SpecJson.read(Path.of(args[0]));
        Measurement result;
        try {
            result = Experiments.runHere(spec, Progress.STDERR);
        } catch (ChildJvmException e) {
            // a JVM this one started failed (the measured JVM of tasks): one line, no stack trace
            System.err.println(ChildRun.ERROR_PREFIX + e.getMessage());
            System.exit(e.outcome() == ChildOutcome.OUT_OF_MEMORY ? ChildJvm.EXIT_ON_OUT_OF_MEMORY : 1);
            return;
        }
        AtomicFiles.write(Path.of(args[1]), result.toJson());
        System.exit(0);
    }

    private static void watchParent() {
        Thread watcher = new Thread(() -> {
            try {
                while (System.in.read() != -1) {
                    // the parent never writes; EOF means it is gone
                }
            } catch (IOException ignored) {
                // same: the parent is gone
            }
            Runtime.getRuntime().halt(ORPHANED);
        }, "loomlab-parent-watch");
        watcher.setDaemon(true);
        watcher.start();
    }
}
