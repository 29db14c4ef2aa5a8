package dev.loomlab.process;

import java.util.Objects;

/**
 * Why a process ended, as Erlang's exit reasons: {@code normal}, {@code killed}, an uncaught
 * exception, or a named reason given to {@link Pid#exit(ExitReason)}.
 *
 * @param name  the reason as a reader would say it: "normal", "killed", "shutdown", an
 *              exception's class name, or any name passed to {@link #of(String)}
 * @param cause the exception that ended the process, or {@code null}
 */
public record ExitReason(String name, Throwable cause) {

    /** The body returned. Linked processes are not affected unless they trap exits. */
    public static final ExitReason NORMAL = new ExitReason("normal", null);

    /** The process was killed with {@link Pid#kill()}; cannot be trapped. */
    public static final ExitReason KILLED = new ExitReason("killed", null);

    /** A supervisor stopped the process on purpose. */
    public static final ExitReason SHUTDOWN = new ExitReason("shutdown", null);

    /**
     * The body ran out of memory, and the heap was too full even to record the error it threw: made
     * in advance, so that such a process still ends with a reason.
     */
    public static final ExitReason OUT_OF_MEMORY = new ExitReason(OutOfMemoryError.class.getName(), null);

    public ExitReason {
        Objects.requireNonNull(name, "name");
    }

    /** A named reason, e.g. {@code ExitReason.of("reached_max_restart_intensity")}. */
    public static ExitReason of(String name) {
        return switch (name) {
            case "normal" -> NORMAL;
            case "killed" -> KILLED;
            case "shutdown" -> SHUTDOWN;
            default -> new ExitReason(name, null);
        };
    }

    /** The reason for a body that threw {@code t}. */
    public static ExitReason exception(Throwable t) {
        return new ExitReason(t.getClass().getName(), t);
    }

    /** True for {@code normal} only: every other reason propagates along links. */
    public boolean isNormal() {
        return this == NORMAL || "normal".equals(name);
    }

    /** True for {@code killed}. */
    public boolean isKilled() {
        return "killed".equals(name);
    }

    @Override
    public String toString() {
        return cause == null ? name : name + ": " + cause.getMessage();
    }
}
