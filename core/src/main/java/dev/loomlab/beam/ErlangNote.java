package dev.loomlab.beam;

import dev.loomlab.measure.OtherRuntimeNote;

/** The environment table's line about Erlang here: its release, or how to install it. */
public final class ErlangNote implements OtherRuntimeNote {

    @Override
    public String setting() {
        return "BEAM here (erl)";
    }

    @Override
    public String value() {
        return Erlang.installed().map(Erlang::oneLine).orElse(Erlang.missing());
    }
}
