package dev.loomlab.load;

import dev.loomlab.experiment.Kind;
import dev.loomlab.util.Labels;
import java.util.List;

/**
 * What runs the busy loops, the echo and the client of the {@code load} experiment. The kinds
 * differ in who may take a processor away from a loop that never blocks:
 * <ul>
 *   <li>{@link #VIRTUAL} and {@link #PROCESS}: nobody. JEP 444 has no time sharing: a loop keeps
 *       its carrier until it blocks, so with as many loops as carriers everything else starves.</li>
 *   <li>{@link #PLATFORM}: the operating system, which time-slices threads, as BEAM's reduction
 *       counting slices processes.</li>
 *   <li>{@link #YIELDING}: the loop itself, with {@code Thread.yield()} every
 *       {@value BusyLoop#SLICE} iterations (BEAM gives a process 4,000 reductions per slice).</li>
 *   <li>{@link #PARKING}: the loop itself, with a 1 µs timed park every {@value BusyLoop#SLICE}
 *       iterations: a hand-back that goes through the scheduler's timer.</li>
 *   <li>{@link #OFFLOADED}: the loop's work runs as jobs on a separate pool of platform threads, the
 *       analogue of BEAM's dirty schedulers; the virtual thread waits for each job, off its carrier.</li>
 *   <li>{@link #BEAM}: Erlang processes in a fresh BEAM VM on this machine, which takes the processor
 *       from a loop after its reductions; the loops' work is counted in reductions.</li>
 * </ul>
 * The echo and the client are processes for {@code process}, platform threads for
 * {@code platform}, and plain virtual threads for every other kind.
 */
public enum LoadKind {
    VIRTUAL, PLATFORM, PROCESS, YIELDING, PARKING, OFFLOADED, BEAM;

    /** The lower-case name used on the command line and in JSON. */
    public String label() {
        return Labels.of(this);
    }

    /** What runs this kind's loops, echo and client: a process, a platform thread, or a virtual thread. */
    public Kind unit() {
        return switch (this) {
            case PROCESS -> Kind.PROCESS;
            case PLATFORM -> Kind.PLATFORM;
            default -> Kind.VIRTUAL;
        };
    }

    /** How tables and plots name the runtime: "JVM virtual", "JVM platform" ..., or "BEAM here". */
    public String runtime() {
        return runtime(label());
    }

    /** {@link #runtime()} for a row's kind label. */
    static String runtime(String label) {
        return label.equals(BEAM.label()) ? "BEAM here" : "JVM " + label;
    }

    /** Parses one kind, with an error that lists the kinds. */
    public static LoadKind parse(String text) {
        return Labels.parse(values(), text, "kind", ", a comma list of them, or all");
    }

    /** Parses {@code "virtual"}, {@code "virtual,platform"} or {@code "all"}. */
    public static List<LoadKind> parseList(String text) {
        return Labels.parseList(values(), text, "kind");
    }

    /** The kinds, comma-separated. */
    public static String labels() {
        return Labels.all(values());
    }
}
