package dev.loomlab.supervise;

import dev.loomlab.process.ExitReason;

/** When a supervisor restarts a child that ended, as OTP's {@code restart} child option. */
public enum Restart {
    /** Always: the child should run as long as its supervisor does. */
    PERMANENT,
    /** Only after an abnormal end: not after {@code normal} or {@code shutdown}. */
    TRANSIENT,
    /** Never: the child is simply forgotten when it ends. */
    TEMPORARY;

    /** Whether a child that ended with {@code reason} is restarted. */
    public boolean restartsAfter(ExitReason reason) {
        return switch (this) {
            case PERMANENT -> true;
            case TRANSIENT -> !reason.isNormal() && !reason.equals(ExitReason.SHUTDOWN);
            case TEMPORARY -> false;
        };
    }
}
