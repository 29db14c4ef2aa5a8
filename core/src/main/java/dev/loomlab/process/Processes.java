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

    /**
     * Kills every process (null entries are skipped), then waits for them all to end, at most
     * {@code timeout} in all.
     *
     * @return true if every one ended within the timeout
     */
    public static boolean killAll(Iterable<Pid> pids, java.time.Duration timeout) throws InterruptedException {
        for (Pid pid : pids) {
            if (pid != null) {
                pid.kill();
            }
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean allEnded = true;
        for (Pid pid : pids) {
            if (pid != null) {
                long left = Math.max(1, deadline - System.nanoTime());
                allEnded &= pid.awaitExit(java.time.Duration.ofNanos(left)).isPresent();
            }
        }
        return allEnded;
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
