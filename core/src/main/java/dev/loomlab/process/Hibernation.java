package dev.loomlab.process;

/**
 * Thrown by {@link Pid#hibernate} to unwind the process's call stack down to its run loop, so
 * that the thread ends and nothing of the stack is kept. Never seen by user code unless it
 * catches {@link Throwable}: don't.
 */
final class Hibernation extends Error {

    static final Hibernation SIGNAL = new Hibernation();

    private Hibernation() {
        super("hibernate", null, false, false);
    }
}
