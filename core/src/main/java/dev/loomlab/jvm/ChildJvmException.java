package dev.loomlab.jvm;

/** A child JVM failed, overran its deadline, or returned no result. The message says what to do. */
public final class ChildJvmException extends RuntimeException {

    private final ChildOutcome outcome;

    public ChildJvmException(ChildOutcome outcome, String message) {
        super(message);
        this.outcome = outcome;
    }

    /** What happened to the child. */
    public ChildOutcome outcome() {
        return outcome;
    }
}
