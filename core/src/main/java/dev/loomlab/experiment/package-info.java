/**
 * Experiments: each {@link dev.loomlab.experiment.Experiment} measures one thing once, by name,
 * from an {@link dev.loomlab.experiment.ExperimentSpec}. {@link dev.loomlab.experiment.Experiments#runHere}
 * is the one loop where runs repeat and a {@link dev.loomlab.experiment.Measurement} is built;
 * {@link dev.loomlab.experiment.FreshJvm} runs the same in a child JVM ({@link dev.loomlab.experiment.ChildMain})
 * through the one child protocol ({@code jvm.ChildCall}, {@code jvm.ChildSide}) and reads the
 * measurement back from its result file; {@link dev.loomlab.experiment.FreshJvm#attempt} turns a
 * failed child into a failed measurement whose outcome {@code jvm.ChildEnding} words.
 */
package dev.loomlab.experiment;
