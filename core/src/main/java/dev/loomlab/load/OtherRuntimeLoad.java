package dev.loomlab.load;

import dev.loomlab.util.Progress;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * A runtime other than a fresh JVM that runs load rows of one {@link LoadKind} (BEAM, in a fresh BEAM
 * VM): {@link LoadRunner} hands it those rows, so the load package needs not know the package that
 * implements it. Found through {@code META-INF/services/dev.loomlab.load.OtherRuntimeLoad}.
 */
public interface OtherRuntimeLoad {

    /** The kind whose rows it runs. */
    LoadKind kind();

    /** One row: {@code loops} busy loops beside the echo, with the spec's rounds, deadline and schedulers; a row even on failure. */
    LoadRow row(LoadSpec spec, int loops, Progress progress);

    /** The runtime for {@code kind}, if one is installed. */
    static Optional<OtherRuntimeLoad> forKind(LoadKind kind) {
        return ServiceLoader.load(OtherRuntimeLoad.class).stream().map(ServiceLoader.Provider::get)
                .filter(r -> r.kind() == kind).findFirst();
    }
}
