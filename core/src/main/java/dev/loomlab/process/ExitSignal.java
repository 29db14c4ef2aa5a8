package dev.loomlab.process;

/**
 * The message a process that traps exits receives when a linked process ends, or when
 * another process calls {@link Pid#exit(ExitReason)} on it (Erlang's {@code {'EXIT', From, Reason}}).
 *
 * @param from   the process that ended or sent the signal
 * @param reason why
 */
public record ExitSignal(Pid from, ExitReason reason) {}
