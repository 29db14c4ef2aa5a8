package dev.loomlab.experiment;

import dev.loomlab.util.Labels;
import java.util.List;

/**
 * What runs a measurement's concurrent units: the toolkit's processes, a raw baseline, Erlang's
 * own processes in a fresh BEAM VM, or the actors a JVM user would pick instead (Pekko) — and, for
 * the {@code load} experiment alone, three loop disciplines on top of a virtual thread. The one
 * kind enum: experiments take {@link #PROCESS}, {@link #VIRTUAL}, {@link #PLATFORM}, {@link #BEAM}
 * and {@link #PEKKO} ({@link #parse}; pekko runs spawn, ring, broadcast and ping-pong);
 * load takes every kind ({@link #parseLoad}, {@link #load()}). The kinds differ in who may take a
 * processor away from a loop that never blocks:
 * <ul>
 *   <li>{@link #VIRTUAL} and {@link #PROCESS}: nobody. JEP 444 has no time sharing: a loop keeps
 *       its carrier until it blocks, so with as many loops as carriers everything else starves.</li>
 *   <li>{@link #PLATFORM}: the operating system, which time-slices threads, as BEAM's reduction
 *       counting slices processes.</li>
 *   <li>{@link #YIELDING} (load only): the loop itself, with {@code Thread.yield()} every slice of
 *       iterations (BEAM gives a process 4,000 reductions per slice).</li>
 *   <li>{@link #PARKING} (load only): the loop itself, with a 1 µs timed park every slice: a
 *       hand-back that goes through the scheduler's timer.</li>
 *   <li>{@link #OFFLOADED} (load only): the loop's work runs as jobs on a separate pool of platform
 *       threads, the analogue of BEAM's dirty schedulers; the virtual thread waits for each job,
 *       off its carrier.</li>
 *   <li>{@link #BEAM}: Erlang processes in a fresh BEAM VM on this machine, which takes the processor
 *       from a loop after its reductions.</li>
 *   <li>{@link #PEKKO}: nobody inside a message: an actor gives its dispatcher thread back after
 *       {@code throughput} messages, but a handler that never returns keeps that thread.</li>
 * </ul>
 * A load row's echo and client are processes for {@code process}, platform threads for
 * {@code platform}, and plain virtual threads for every other kind ({@link #unit()}).
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
    PEKKO(2_000),
    /** Load only: a virtual thread whose busy loop yields every slice. */
    YIELDING(1_000),
    /** Load only: a virtual thread whose busy loop parks for 1 µs every slice. */
    PARKING(1_000),
    /** Load only: a virtual thread that hands each slice of its loop to a platform-thread pool. */
    OFFLOADED(1_000);

    private static final List<Kind> LOAD = List.of(VIRTUAL, PLATFORM, PROCESS, YIELDING, PARKING, OFFLOADED, BEAM);
    private static final Kind[] EXPERIMENT = {PROCESS, VIRTUAL, PLATFORM, BEAM, PEKKO};

    private final long bytesPerUnitEstimate;

    Kind(long bytesPerUnitEstimate) {
        this.bytesPerUnitEstimate = bytesPerUnitEstimate;
    }

    /** The kinds that run an experiment on the JVM: process, virtual and platform. */
    public static List<Kind> jvm() {
        return List.of(PROCESS, VIRTUAL, PLATFORM);
    }

    /** Every kind the load experiment takes, in the order its tables list them ("all"). */
    public static List<Kind> load() {
        return LOAD;
    }

    /** True for the load experiment's loop disciplines (yielding, parking, offloaded), which no other experiment takes. */
    public boolean loadOnly() {
        return this == YIELDING || this == PARKING || this == OFFLOADED;
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

    /** What runs a load row's loops, echo and client: a process, a platform thread, or a virtual thread. */
    public Kind unit() {
        return switch (this) {
            case PROCESS -> PROCESS;
            case PLATFORM -> PLATFORM;
            default -> VIRTUAL;
        };
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
     * Parses an experiment's kind: {@code process}, {@code virtual}, {@code platform},
     * {@code beam} or {@code pekko}, with a clear error otherwise (a load discipline is named as load's alone).
     */
    public static Kind parse(String text) {
        for (Kind k : LOAD) {
            if (k.loadOnly() && k.label().equalsIgnoreCase(text == null ? "" : text.trim())) {
                throw new IllegalArgumentException("kind \"" + k.label() + "\" is a busy-loop discipline of the load experiment"
                        + " alone; an experiment runs one of: " + Labels.all(EXPERIMENT));
            }
        }
        return Labels.parse(EXPERIMENT, text, "kind", "");
    }

    /** Parses one of the load experiment's kinds, with an error that lists them. */
    public static Kind parseLoad(String text) {
        return Labels.parse(LOAD.toArray(Kind[]::new), text, "kind", ", a comma list of them, or all");
    }

    /** Parses load's {@code "virtual"}, {@code "virtual,platform"} or {@code "all"} (every load kind, in order). */
    public static List<Kind> parseLoadList(String text) {
        return Labels.parseList(LOAD.toArray(Kind[]::new), text, "kind");
    }

    /** The load experiment's kinds, comma-separated. */
    public static String loadLabels() {
        return Labels.all(LOAD.toArray(Kind[]::new));
    }
}
