package dev.loomlab.supervise;

import dev.loomlab.process.ExitReason;
import dev.loomlab.process.Pid;
import java.time.Duration;

/**
 * Something a {@link Supervisor} did or saw, for its log.
 *
 * @param at     time since the supervisor started
 * @param type   what happened
 * @param child  the child's id, or null for the supervisor itself
 * @param pid    the process concerned (the new one for {@code RESTARTED})
 * @param reason the exit reason, for {@code EXITED}, {@code STOPPED}, {@code GAVE_UP}; else null
 */
public record SupervisorEvent(Duration at, Type type, String child, Pid pid, ExitReason reason) {

    /** The kinds of event. */
    public enum Type {
        /** A child was started for the first time. */
        STARTED,
        /** A child ended (crashed, was killed, or returned). */
        EXITED,
        /** A child was started again after it ended. */
        RESTARTED,
        /** The restart intensity was exceeded: the supervisor stops its children and ends. */
        GAVE_UP,
        /** The supervisor stopped a child while shutting down. */
        STOPPED,
        /** The supervisor itself ended. */
        ENDED
    }

    @Override
    public String toString() {
        String who = child == null ? "supervisor" : child;
        String pidText = pid == null ? "" : " " + pid;
        return switch (type) {
            case STARTED -> "started " + who + pidText;
            case EXITED -> who + pidText + " exited: " + reason;
            case RESTARTED -> "restarted " + who + " as" + pidText;
            case GAVE_UP -> "supervisor gave up: " + reason;
            case STOPPED -> "stopped " + who + pidText + ": " + reason;
            case ENDED -> "supervisor" + pidText + " ended: " + reason;
        };
    }
}
