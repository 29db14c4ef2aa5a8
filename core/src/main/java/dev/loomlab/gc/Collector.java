package dev.loomlab.gc;

import dev.loomlab.util.Labels;
import java.util.List;

/**
 * The JVM's garbage collectors this toolkit compares, each with the flag that selects it. Every
 * one of them stops all application threads for its pauses (ZGC only for short ones); none
 * collects one process's heap alone, as BEAM does.
 */
public enum Collector {
    /** The default collector: generational, regions, pauses aimed at 200 ms. */
    G1("-XX:+UseG1GC"),
    /** Concurrent, generational: pauses that do not grow with the heap. */
    ZGC("-XX:+UseZGC"),
    /** One thread, stop-the-world: the simplest, what a one-CPU JVM picks by itself. */
    SERIAL("-XX:+UseSerialGC");

    private final String flag;

    Collector(String flag) {
        this.flag = flag;
    }

    /** The JVM flag that selects this collector. */
    public String flag() {
        return flag;
    }

    /** Its lower-case name, as the command line writes it. */
    public String label() {
        return Labels.of(this);
    }

    /** One collector by name ({@code g1}, {@code zgc}, {@code serial}). */
    public static Collector parse(String text) {
        return Labels.parse(values(), text, "garbage collector", "");
    }

    /** {@code "g1,zgc"} or {@code "all"}: distinct collectors in the order written. */
    public static List<Collector> parseList(String text) {
        return Labels.parseList(values(), text, "garbage collector");
    }
}
