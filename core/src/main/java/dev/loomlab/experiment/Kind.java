package dev.loomlab.experiment;

import dev.loomlab.util.Labels;
import java.util.List;

/**
 * What runs a measurement's concurrent units: the toolkit's processes, a raw baseline, or Erlang's
 * own processes in a fresh BEAM VM. The load experiment's kinds ({@code load.LoadKind}) are loop
 * disciplines on top of these; each maps to one of them for its {@link Worker}s.
 */
public enum Kind {
    /** The toolkit's processes: a virtual thread plus a mailbox. */
    PROCESS(1_000),
    /** The raw baseline: virtual threads parked in {@code LinkedTransferQueue.take()}. */
    VIRTUAL(1_000),
    /** Platform (OS) threads parked the same way. */
    PLATFORM(20_000),
    /** Erlang's own processes, in a fresh BEAM VM on this machine ({@code dev.loomlab.beam}). */
    BEAM(3_000);

    private final long bytesPerUnitEstimate;

    Kind(long bytesPerUnitEstimate) {
        this.bytesPerUnitEstimate = bytesPerUnitEstimate;
    }

    /** The kinds that run on the JVM: every kind but {@link #BEAM}. */
    public static List<Kind> jvm() {
        return List.of(PROCESS, VIRTUAL, PLATFORM);
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

    /** Parses {@code process}, {@code virtual}, {@code platform} or {@code beam}, with a clear error otherwise. */
    public static Kind parse(String text) {
        return Labels.parse(values(), text, "kind", "");
    }
}
