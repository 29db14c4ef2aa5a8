package dev.loomlab.process;

/**
 * The code a process runs. It gets its own {@link Pid} ({@code self}) to receive from, link,
 * monitor and hibernate with. Returning ends the process with {@link ExitReason#NORMAL};
 * throwing ends it with {@link ExitReason#exception(Throwable)}.
 */
@FunctionalInterface
public interface ProcessBody {

    void run(Pid self) throws Exception;
}
