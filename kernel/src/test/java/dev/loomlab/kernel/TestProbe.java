package dev.loomlab.kernel;

/** A static that cells write and tests read: cells run in the test's JVM, with the test's classes. */
public final class TestProbe {
    public static volatile String state;

    private TestProbe() {}
}
