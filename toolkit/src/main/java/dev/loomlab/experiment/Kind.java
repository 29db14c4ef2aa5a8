package dev.loomlab.experiment;

import dev.loomlab.util.Labels;

/**
 * What runs a measurement's concurrent units: the toolkit's processes, or a raw baseline. The
 * load experiment's kinds ({@code load.LoadKind}) are loop disciplines on top of these; each maps
 * to one of them for its {@link Worker}s.
 */
public enum Kind {
    /** The toolkit's processes: a virtual thread plus a mailbox. */
    PROCESS(1_000),
    /** The raw baseline: virtual threads parked in {@code LinkedTransferQueue.take()}. */
    VIRTUAL(1_000),
    /** Platform (OS) threads parked the same way. */
    PLATFORM(20_000);

    private final long bytesPerUnitEstimate;

    Kind(long bytesPerUnitEstimate) {
        this.bytesPerUnitEstimate = bytesPerUnitEstimate;
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

    /** Parses {@code process}, {@code virtual} or {@code platform}, with a clear error otherwise. */
    public static Kind parse(String text) {
        return Labels.parse(values(), text, "kind", "");
    }
}
