package dev.loomlab.experiment;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** What runs a measurement's concurrent units: the toolkit's processes, or a raw baseline. */
public enum Kind {
    /** The toolkit's processes: a virtual thread plus a mailbox. */
    PROCESS,
    /** The raw baseline: virtual threads parked in {@code LinkedTransferQueue.take()}. */
    VIRTUAL,
    /** Platform (OS) threads parked the same way. */
    PLATFORM,
    /** Erlang's own processes, in a fresh BEAM VM on this machine ({@code dev.loomlab.beam}). */
    BEAM;

    /** The kinds that run on the JVM: every kind but {@link #BEAM}. */
    public static java.util.List<Kind> jvm() {
        return java.util.List.of(PROCESS, VIRTUAL, PLATFORM);
    }

    /** The lower-case name used on the command line and in JSON. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code process}, {@code virtual}, {@code platform} or {@code beam}, with a clear error otherwise. */
    public static Kind parse(String text) {
        for (Kind kind : values()) {
            if (kind.label().equalsIgnoreCase(text.trim())) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown kind \"" + text + "\": use one of "
                + Arrays.stream(values()).map(Kind::label).collect(Collectors.joining(", ")));
    }
}
