package dev.loomlab.beam;

import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.jvm.ChildJvmException;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.util.Progress;
import dev.loomlab.measure.Env;
import java.util.List;

/**
 * The JVM figure and BEAM here, on this machine, for the notebooks' tables: the same spec runs in a
 * fresh JVM and in a fresh BEAM VM. Without Erlang the BEAM side is the install line; a BEAM run
 * that fails is its own row; neither stops the JVM side.
 */
public final class BeamHere {

    private BeamHere() {}

    /** {@code spec} in a fresh JVM, then on BEAM here, side by side. */
    public static BeamBeside beside(ExperimentSpec spec, Progress progress) {
        return beside(FreshJvm.run(spec, progress), spec, progress);
    }

    /** A JVM measurement already made with {@code spec}, beside the same spec on BEAM here. */
    public static BeamBeside beside(Measurement jvm, ExperimentSpec spec, Progress progress) {
        BeamExperiments.check(spec.experiment());
        if (Erlang.installed().isEmpty()) {
            return new BeamBeside(jvm, null, Erlang.missing());
        }
        return new BeamBeside(jvm, measure(spec, progress), null);
    }

    /**
     * {@code spec} on BEAM here, through {@link FreshJvm#run} (so over as many fresh BEAM VMs as its
     * fork policy asks): its measurement, or a row saying why there is none (Erlang missing or too
     * old), never an exception for a notebook cell.
     */
    public static Measurement measure(ExperimentSpec spec, Progress progress) {
        ExperimentSpec beam = spec.withKind(Kind.BEAM);
        try {
            return FreshJvm.run(beam, progress);
        } catch (ChildJvmException e) {
            return BeamResults.failed(beam, Env.current(), "not run: " + e.getMessage(), List.of());
        }
    }
}
