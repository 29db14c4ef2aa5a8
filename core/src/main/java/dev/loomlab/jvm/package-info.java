/**
 * The JVM launcher: {@link dev.loomlab.jvm.ChildJvm} starts {@code java} on the toolkit's class
 * path (or one of the caller's choice), forwards its standard error, kills it at its deadline and
 * says how it ended ({@link dev.loomlab.jvm.ChildRun}, {@link dev.loomlab.jvm.ChildOutcome}). It
 * knows nothing of experiments: {@code experiment.FreshJvm}, {@code load.LoadRunner} and
 * {@code limits.DemoRun} each run their own child main through it. Depends on {@code util} only.
 */
package dev.loomlab.jvm;
