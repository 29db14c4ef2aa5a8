package dev.loomlab.process;

/**
 * Thrown inside a process at its next receive once it has been killed or got an untrapped exit
 * signal, to unwind it; the run loop then ends the process with the pending reason.
 */
final class ProcessExit extends Error {

    static final ProcessExit SIGNAL = new ProcessExit();

    private ProcessExit() {
        super("process exit", null, false, false);
    }
}
