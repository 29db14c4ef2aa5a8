/**
 * The process model: a process is a virtual thread plus a {@link dev.loomlab.process.Mailbox}.
 * {@link dev.loomlab.process.Processes#spawn spawn}, {@link dev.loomlab.process.Pid#send send},
 * selective {@code receive} with a timeout, hibernation (the thread is released, the mailbox and
 * the function to resume in are kept), links and monitors, exit signals, and a process limit that
 * fails clearly ({@link dev.loomlab.process.ProcessLimitException}). Depends on the JDK only.
 */
package dev.loomlab.process;
