/**
 * Kind {@code pekko}: Apache Pekko's typed actors as the core's
 * {@link dev.loomlab.experiment.ActorRuntime}, found through {@code ServiceLoader} in the child JVM
 * of a pekko measurement, the only JVM whose class path has this module's jar. A fresh actor system
 * per run; its guardian spawns the actors; {@link dev.loomlab.pekko.DispatcherConfiguration} reads the
 * default dispatcher's settings from the system's own configuration for the measurement's notes.
 */
package dev.loomlab.pekko;
