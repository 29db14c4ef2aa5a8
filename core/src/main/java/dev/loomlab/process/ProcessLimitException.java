package dev.loomlab.process;

/**
 * Spawning would exceed the process limit, the analogue of BEAM's {@code +P} and its
 * "Too many processes" error. The live count never goes past the limit.
 */
public final class ProcessLimitException extends RuntimeException {

    private final int limit;

    public ProcessLimitException(int limit) {
        super("too many processes: the limit is " + String.format("%,d", limit)
                + " live processes (BEAM's +P). Raise it when the JVM starts with -D"
                + ProcessLimit.PROPERTY + "=N, or in the CLI with --process-limit N");
        this.limit = limit;
    }

    /** The limit that was reached. */
    public int limit() {
        return limit;
    }
}
