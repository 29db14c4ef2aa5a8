package dev.loomlab.nativecall;

import dev.loomlab.util.Labels;
import java.util.List;

/** Where the long native call runs, relative to the virtual threads that must stay responsive. */
public enum CallSite {
    /** No native call: the caller sleeps the same time in Java (parks), the baseline. */
    NONE("no native call: the caller parks as long (baseline)"),
    /** On the caller's virtual thread: the call holds its carrier, BEAM's undeclared dirty NIF. */
    CARRIER("on the virtual thread: it holds the carrier (an undeclared dirty NIF)"),
    /** On a platform thread of an executor, the caller parked meanwhile: BEAM's dirty scheduler. */
    OFFLOADED("on a platform thread, the caller parked (a declared dirty NIF)");

    private final String words;

    CallSite(String words) {
        this.words = words;
    }

    /** What it means, for a table cell. */
    public String words() {
        return words;
    }

    public String label() {
        return Labels.of(this);
    }

    public static CallSite parse(String text) {
        return Labels.parse(values(), text, "call site", "");
    }

    public static List<CallSite> parseList(String text) {
        return Labels.parseList(values(), text, "call site");
    }
}
