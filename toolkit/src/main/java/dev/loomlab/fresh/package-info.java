/**
 * Code run in a fresh VM, as a notebook cell or a jshell line asks: {@link dev.loomlab.fresh.FreshJava}
 * runs JShell snippets in a brand-new JVM (the toolkit on its class path, the startup's imports),
 * {@link dev.loomlab.fresh.FreshErlang} an Erlang module's {@code main()} in a brand-new {@code erl}.
 * Both stream what the code prints as it comes, kill the VM at its deadline and return a
 * {@link dev.loomlab.fresh.FreshRun}: the last value's MIME bundle (a table stays a table), or the
 * failure in the shape of a Jupyter error ({@link dev.loomlab.fresh.CellError}). The kernel's
 * {@code %%fresh} and {@code %%erl} and jshell's {@code fresh("...")} are these runners.
 *
 * <p>{@link dev.loomlab.fresh.JShellCells} holds the JShell rules the kernel and the fresh JVM share:
 * the startup (jshell's {@code DEFAULT}, then {@code loomlab.jsh}) and how a cell splits into snippets.
 */
package dev.loomlab.fresh;
