package dev.loomlab.experiment;

import dev.loomlab.util.Labels;
import java.util.List;

/**
 * What runs a measurement's concurrent units: the toolkit's processes, a raw baseline, Erlang's
 * own processes in a fresh BEAM VM, or the actors a JVM user would pick instead (Pekko). The
 * experiments take every kind ({@link #parse}; pekko runs spawn, ring, broadcast and ping-pong); the
 * load experiment names its rows by {@code load.LoadKind}, which adds its loop disciplines.
 */
public enum Kind {
    /** The toolkit's processes: a virtual thread plus a mailbox. */
    PROCESS(1_000),
    /** The raw baseline: virtual threads parked in {@code LinkedTransferQueue.take()}. */
    VIRTUAL(1_000),
    /** Platform (OS) threads parked the same way. */
    PLATFORM(20_000),
    /** Erlang's own processes, in a fresh BEAM VM on this machine ({@code dev.loomlab.beam}). */
    BEAM(3_000),
    /**
     * Apache Pekko's typed actors on their default dispatcher, in a fresh JVM that loads the
     * {@code pekko} module ({@link ActorRuntime}): what a JVM user who wants message passing would
     * pick instead of a thread per unit.
     */
    PEKKO(2_000);

    private final long bytesPerUnitEstimate;

    Kind(long bytesPerUnitEstimate) {
        this.bytesPerUnitEstimate = bytesPerUnitEstimate;
    }

    /** The kinds that run an experiment on the JVM: process, virtual and platform. */
    public static List<Kind> jvm() {
        return List.of(PROCESS, VIRTUAL, PLATFORM);
    }

    /** The JVM kinds, then BEAM here: the rows of a table that sets each JVM kind beside BEAM on this machine. */
    public static List<Kind> jvmAndBeam() {
        return List.of(PROCESS, VIRTUAL, PLATFORM, BEAM);
    }

    /** The lower-case name used on the command line and in JSON. */
    public String label() {
        return Labels.of(this);
    }

    /**
     * A generous estimate of one idle unit's memory, heap and stack, used only to tell someone
     * above the cap what their request would take ({@link dev.loomlab.measure.Cap#check}); never
     * shown as a figure.
     */
    public long bytesPerUnitEstimate() {
        return bytesPerUnitEstimate;
    }

    /** How tables and plots name the runtime: "JVM virtual", "JVM platform" ..., "JVM Pekko actors" or "BEAM here". */
    public String runtime() {
        return runtime(label());
    }

    /** {@link #runtime()} for a row's kind label. */
    public static String runtime(String label) {
        if (label.equals(BEAM.label())) {
            return "BEAM here";
        }
        return label.equals(PEKKO.label()) ? "JVM Pekko actors" : "JVM " + label;
    }

    /**
     * True when its units are an {@link ActorRuntime}'s actors ({@link #PEKKO}): the experiments
     * that run on them ({@link Experiment#runsOnActors()}) start them through {@link ActorGroup}.
     */
    public boolean actors() {
        return this == PEKKO;
    }

    /**
     * The Maven module a child JVM must load to run this kind ({@code "pekko"} for {@link #PEKKO}),
     * kept out of the core and the toolkit jar; empty for the kinds the core runs itself.
     */
    public java.util.Optional<String> module() {
        return this == PEKKO ? java.util.Optional.of("pekko") : java.util.Optional.empty();
    }

    /**
     * Parses a kind: {@code process}, {@code virtual}, {@code platform}, {@code beam} or
     * {@code pekko}, with a clear error otherwise.
     */
    public static Kind parse(String text) {
        return Labels.parse(values(), text, "kind", "");
    }
}
