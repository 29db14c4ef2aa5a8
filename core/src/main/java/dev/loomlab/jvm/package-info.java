/**
 * The JVM launcher and the one child-JVM protocol. {@link dev.loomlab.jvm.ChildJvm} starts
 * {@code java} on the toolkit's class path (or one of the caller's choice), forwards its standard
 * error, kills it at its deadline and says how it ended ({@link dev.loomlab.jvm.ChildRun},
 * {@link dev.loomlab.jvm.ChildOutcome}). Every child main the toolkit runs speaks one protocol
 * through it: {@link dev.loomlab.jvm.ChildSide} in the child (spec file in, stdin watched so it
 * halts when its parent goes away, {@code log} and streamed {@code result} lines, the result file
 * written once and atomically at its end) and {@link dev.loomlab.jvm.ChildCall} in the parent
 * (writes the spec, reads back a {@link dev.loomlab.jvm.ChildReply}: the result file, or the
 * streamed figures of a child that died half-way). {@link dev.loomlab.jvm.ChildEnding} is the one
 * rule that words how a child ended, as a table cell or as a failure with its way out. It knows
 * nothing of experiments: {@code experiment.ChildMain}, {@code load.LoadChildMain} and the demo
 * mains of {@code limits}, {@code gc}, {@code nativecall} and {@code isolation} are its children.
 * Depends on {@code util} only.
 */
package dev.loomlab.jvm;
