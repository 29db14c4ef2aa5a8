package dev.loomlab.pekko;

import dev.loomlab.experiment.ActorRuntime;
import dev.loomlab.experiment.Kind;

/**
 * Kind {@code pekko}: Apache Pekko's typed actors, each a behaviour on the system's default
 * dispatcher, as a Pekko user writes them. Found by {@code ServiceLoader} in a child JVM whose
 * class path has this module's jar; each {@link #start()} is a fresh {@code ActorSystem} with the
 * configuration {@code ConfigFactory.load()} gives (Pekko's defaults, plus system properties such
 * as the dispatcher parallelism {@code --carriers} sets).
 */
public final class PekkoRuntime implements ActorRuntime {

    @Override
    public Kind kind() {
        return Kind.PEKKO;
    }

    @Override
    public Actors start() {
        return PekkoActors.start();
    }
}
