/**
 * Experiments: each {@link dev.loomlab.experiment.Experiment} measures one thing once, by name,
 * from an {@link dev.loomlab.experiment.ExperimentSpec}. {@link dev.loomlab.experiment.Experiments#runHere}
 * is the one loop where runs repeat and a {@link dev.loomlab.experiment.Measurement} is built;
 * {@link dev.loomlab.experiment.FreshJvm#inTurn} is the one loop where fresh VMs repeat (as each
 * spec's fork policy asks, the VMs of specs set against each other taken in turn;
 * {@link dev.loomlab.experiment.FreshJvm#run} for one spec), summarised by
 * {@link dev.loomlab.experiment.Measurement#forked}, and
 * {@link dev.loomlab.experiment.Verdict#compare} the one rule for a sentence comparing two of them.
 * {@link dev.loomlab.experiment.FreshJvm} runs each in a child JVM ({@link dev.loomlab.experiment.ChildMain})
 * through the one child protocol ({@code jvm.ChildCall}, {@code jvm.ChildSide}) and reads the
 * measurement back from its result file; {@link dev.loomlab.experiment.FreshJvm#attempt} turns a
 * failed child into a failed measurement whose outcome {@code jvm.ChildEnding} words.
 * Units are {@link dev.loomlab.experiment.Worker}s for the thread-backed kinds, and for kind pekko
 * actors of an {@link dev.loomlab.experiment.ActorRuntime} (the {@code pekko} module, on a child's
 * class path alone), started by {@link dev.loomlab.experiment.ActorGroup}.
 */
package dev.loomlab.experiment;
