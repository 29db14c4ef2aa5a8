package dev.loomlab.process;

/**
 * The message a monitoring process receives when the monitored process ends (Erlang's
 * {@code {'DOWN', Ref, process, Pid, Reason}}). Monitors are one-way: a {@code Down} never
 * kills its receiver.
 *
 * @param pid    the process that ended
 * @param reason why it ended
 */
public record Down(Pid pid, ExitReason reason) {}
