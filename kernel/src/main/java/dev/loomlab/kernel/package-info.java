/**
 * The Java Jupyter kernel: JShell running in-process on jjava-jupyter, with the toolkit's
 * startup, HTML/PNG display, interrupt, completion, Shift-Tab documentation, IJava's magics
 * ({@code %jars}, {@code %maven}, ...), {@code %time}, {@code %load}, and the cell magics
 * {@code %%fresh} and {@code %%erl} ({@link dev.loomlab.kernel.FreshCells}), which run the cell in a
 * brand-new VM through the toolkit's {@code dev.loomlab.fresh} runners.
 */
package dev.loomlab.kernel;
