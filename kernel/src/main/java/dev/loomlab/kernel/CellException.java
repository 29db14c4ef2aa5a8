package dev.loomlab.kernel;

import dev.loomlab.fresh.CellError;
import java.util.List;

/**
 * A cell that failed, in the shape of a Jupyter error: {@code ename}, {@code evalue} and the
 * traceback lines a front end prints. The kernel turns it into an {@code error} output and an
 * {@code execute_reply} with status {@code error}, so {@code jupyter nbconvert --execute} stops.
 *
 * <p>Names used: {@code CompileError} (JShell rejected a snippet), {@code Interrupted} (the user
 * stopped the cell), {@code MagicError} (a bad magic line or option), and for an exception thrown
 * by the cell, the exception's class name, for example {@code java.lang.IllegalStateException};
 * compile errors and exceptions are worded by {@link CellError}, which a fresh JVM's share.
 */
public final class CellException extends Exception {

    private final String ename;
    private final String evalue;
    private final List<String> traceback;

    public CellException(String ename, String evalue, List<String> traceback) {
        super(ename + ": " + evalue);
        this.ename = ename;
        this.evalue = evalue == null ? "" : evalue;
        this.traceback = List.copyOf(traceback);
    }

    public String ename() {
        return ename;
    }

    public String evalue() {
        return evalue;
    }

    public List<String> traceback() {
        return traceback;
    }

    static CellException interrupted() {
        String value = "the cell was stopped by an interrupt; the kernel is still running";
        return new CellException("Interrupted", value, List.of("Interrupted: " + value));
    }

    static CellException magic(String message) {
        return new CellException("MagicError", message, List.of("MagicError: " + message));
    }

    /** The kernel's error for a failure worded by the shared rules ({@link CellError}). */
    static CellException of(CellError e) {
        return new CellException(e.ename(), e.evalue(), e.traceback());
    }
}
