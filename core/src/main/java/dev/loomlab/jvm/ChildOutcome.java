package dev.loomlab.jvm;

/** How a child JVM ended, as a result a table can show rather than a hang. */
public enum ChildOutcome {
    /** It wrote its result and exited 0. */
    OK("ok"),
    /** It was killed at its deadline. */
    DEADLINE("killed at its deadline"),
    /** Its heap (or another JVM memory area) ran out. */
    OUT_OF_MEMORY("out of memory"),
    /** It exited with an error, or without a result. */
    FAILED("failed");

    private final String words;

    ChildOutcome(String words) {
        this.words = words;
    }

    /** As a table cell says it. */
    public String words() {
        return words;
    }
}
