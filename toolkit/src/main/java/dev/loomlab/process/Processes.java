package dev.loomlab.process;

/**
 * Spawning processes, and the JVM-wide facts about them.
 *
 * <pre>{@code
 * Pid echo = Processes.spawn(self -> {
 *     while (true) {
 *         if (self.receive() instanceof Pid from) from.send("pong");
 *     }
 * });
 * }</pre>
 */
public final class Processes {

    private Processes() {}

    /**
     * Starts a process on a new virtual thread.
     *
     * @throws ProcessLimitException if {@link #limit()} processes are alive already
     */
    public static Pid spawn(ProcessBody body) {
        return Pid.start(body);
    }

    /** Processes alive now in this JVM, hibernated ones included. */
    public static int live() {
        return ProcessLimit.live();
    }

    /** The process limit of this JVM (BEAM's {@code +P}), set with {@code -Dloomlab.processLimit=N}. */
    public static int limit() {
        return ProcessLimit.limit();
    }
}
