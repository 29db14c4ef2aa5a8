package dev.loomlab.beam;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.OtherRuntime;
import dev.loomlab.util.Progress;
import java.util.Optional;

/**
 * Kind {@code beam} as a runtime of its own: {@code experiment.FreshJvm} hands it every spec of
 * that kind (found through {@code META-INF/services/dev.loomlab.experiment.OtherRuntime}), and it
 * runs them in a fresh BEAM VM ({@link BeamRunner}) under the same rules as a child JVM.
 */
public final class BeamRuntime implements OtherRuntime {

    @Override
    public Kind kind() {
        return Kind.BEAM;
    }

    @Override
    public void validate(ExperimentSpec spec) {
        BeamRunner.validate(spec);
    }

    @Override
    public Optional<String> unavailable() {
        return Erlang.installed().isPresent() ? Optional.empty() : Optional.of(Erlang.missing());
    }

    @Override
    public Measurement run(ExperimentSpec spec, Progress progress) {
        return BeamRunner.run(spec, progress);
    }
}
