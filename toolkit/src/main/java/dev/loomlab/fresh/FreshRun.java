package dev.loomlab.fresh;

import dev.loomlab.display.Display;
import java.util.Map;
import java.util.Optional;

/**
 * What code run in a fresh VM left: its last value shown as a MIME bundle
 * ({@link Display#mimeBundle}: a table as HTML, a chart as PNG, always {@code text/plain}), or why
 * it gave none: a {@link CellError} (a compile error, an exception, the VM killed at its deadline
 * or dead), or a one-line note that the VM is not there to run it (no Erlang).
 *
 * @param bundle the last value's MIME bundle; empty when the code ended with no value
 * @param kind   what the last value is, for binding it in another session: {@link Kind#NONE} when none
 * @param text   the value as a literal of its kind (a number's digits, a string's characters); "" otherwise
 * @param error  why it failed, if it did
 * @param note   why it did not run, if it did not (e.g. how to install Erlang); "" otherwise
 */
public record FreshRun(Map<String, String> bundle, Kind kind, String text, Optional<CellError> error, String note) {

    /** What a last value is, as far as another session can hold it. */
    public enum Kind {
        /** No value. */
        NONE,
        /** An integral number (a Java {@code long}, an Erlang integer). */
        INTEGER,
        /** A floating-point number (a {@code double}). */
        DECIMAL,
        /** A string (an Erlang printable list or UTF-8 binary). */
        STRING,
        /** Any other value: shown, not bound. */
        OTHER
    }

    public FreshRun {
        bundle = Map.copyOf(bundle);
    }

    /** A run that ended with {@code bundle} (empty for no value). */
    static FreshRun value(Map<String, String> bundle, Kind kind, String text) {
        return new FreshRun(bundle, kind, text, Optional.empty(), "");
    }

    /** A run that failed. */
    static FreshRun failed(CellError error) {
        return new FreshRun(Map.of(), Kind.NONE, "", Optional.of(error), "");
    }

    /** Code that could not run at all, and why, in one line. */
    static FreshRun unavailable(String note) {
        return new FreshRun(Map.of(), Kind.NONE, "", Optional.empty(), note);
    }

    /** Whether it ended with a value. */
    public boolean hasValue() {
        return !bundle.isEmpty();
    }

    /** Whether it ran and gave no error. */
    public boolean ok() {
        return error.isEmpty() && note.isEmpty();
    }

    /** What jshell prints: the value's text, the error's traceback, the note, or "(no value)". */
    @Override
    public String toString() {
        if (error.isPresent()) {
            return error.get().toString();
        }
        if (!note.isEmpty()) {
            return note;
        }
        return bundle.getOrDefault(Display.TEXT, "(no value)");
    }
}
