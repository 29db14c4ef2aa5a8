package dev.loomlab.supervise;

import dev.loomlab.process.ProcessBody;
import java.util.Objects;

/**
 * One child of a {@link Supervisor}: its name, the body every incarnation starts from, and when it
 * is restarted. A restarted child starts from {@code body} again, with fresh state: whatever it
 * kept in local variables is gone, as a restarted GenServer starts again from {@code init}.
 *
 * @param id      the child's name, unique under its supervisor
 * @param body    what each incarnation runs
 * @param restart when it is restarted
 */
public record ChildSpec(String id, ProcessBody body, Restart restart) {

    public ChildSpec {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(restart, "restart");
        if (id.isBlank()) {
            throw new IllegalArgumentException("a child needs a name");
        }
    }

    /** A child that is always restarted. */
    public static ChildSpec permanent(String id, ProcessBody body) {
        return new ChildSpec(id, body, Restart.PERMANENT);
    }
}
