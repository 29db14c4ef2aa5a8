package dev.loomlab.articles;

import dev.loomlab.api.Loomlab;
import dev.loomlab.util.ProgressLine;
import dev.loomlab.nativecall.DirtyCall;
import dev.loomlab.view.Section;

/**
 * <i>Elixir und Nebenläufigkeit: gemessen unter Last</i>, the German article (notebook 05): its
 * section that is not a load table or the supervision demo (those are {@link Loomlab#load} and
 * {@link Loomlab#supervise}, which other notebooks share). The measuring is {@code nativecall}'s.
 */
public final class UnterLast {

    private UnterLast() {}

    /** The undeclared dirty NIF: a 20 ms native call every 50 ms on one carrier, none, on the carrier, offloaded. */
    public static Section dirtyCall() {
        return ProgressLine.along("a long native call on one carrier, one child JVM each", p -> DirtyCall.standard().run(p));
    }
}
