package dev.loomlab.experiment;

import dev.loomlab.util.Progress;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * A runtime other than a fresh JVM that runs specs of one {@link Kind} (BEAM, in a fresh BEAM VM):
 * {@link FreshJvm} hands it those specs, so the experiment layer needs not know the package that
 * implements it. Implementations are found through
 * {@code META-INF/services/dev.loomlab.experiment.OtherRuntime}.
 */
public interface OtherRuntime {

    /** The kind whose specs it runs. */
    Kind kind();

    /** Checks a spec before anything starts; throws {@link IllegalArgumentException} naming the problem. */
    void validate(ExperimentSpec spec);

    /** Why it cannot run on this machine (e.g. "Erlang is not installed …, install …"), empty when it can. */
    default Optional<String> unavailable() {
        return Optional.empty();
    }

    /** Runs a spec, with the same contract as {@link FreshJvm#run}: a result, a clear error, never a hang. */
    Measurement run(ExperimentSpec spec, Progress progress);

    /** The runtime for {@code kind}, if one is installed. */
    static Optional<OtherRuntime> forKind(Kind kind) {
        return ServiceLoader.load(OtherRuntime.class).stream().map(ServiceLoader.Provider::get)
                .filter(r -> r.kind() == kind).findFirst();
    }
}
