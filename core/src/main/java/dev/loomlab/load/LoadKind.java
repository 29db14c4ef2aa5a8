package dev.loomlab.load;

import dev.loomlab.experiment.Kind;
import dev.loomlab.util.Labels;
import java.util.List;

/**
 * What runs a load row: four of the experiments' unit kinds, and three loop disciplines on a
 * virtual thread that no other experiment takes. They differ in who may take a processor away from
 * a loop that never blocks:
 * <ul>
 *   <li>{@link #VIRTUAL} and {@link #PROCESS}: nobody. JEP 444 has no time sharing: a loop keeps
 *       its carrier until it blocks, so with as many loops as carriers everything else starves.</li>
 *   <li>{@link #PLATFORM}: the operating system, which time-slices threads, as BEAM's reduction
 *       counting slices processes.</li>
 *   <li>{@link #YIELDING}: the loop itself, with {@code Thread.yield()} every slice of iterations
 *       (BEAM gives a process 4,000 reductions per slice).</li>
 *   <li>{@link #PARKING}: the loop itself, with a 1 µs timed park every slice: a hand-back that
 *       goes through the scheduler's timer.</li>
 *   <li>{@link #OFFLOADED}: the loop's work runs as jobs on a separate pool of platform threads, the
 *       analogue of BEAM's dirty schedulers; the virtual thread waits for each job, off its carrier.</li>
 *   <li>{@link #BEAM}: Erlang processes in a fresh BEAM VM on this machine, which takes the processor
 *       from a loop after its reductions.</li>
 * </ul>
 * A row's echo and client are its {@link #unit()}: processes for {@code process}, platform threads
 * for {@code platform}, plain virtual threads for the disciplines and {@code virtual}. Declared in the
 * order the tables list them ("all").
 */
public enum LoadKind {
    /** Raw virtual threads. */
    VIRTUAL(Kind.VIRTUAL),
    /** Platform (OS) threads. */
    PLATFORM(Kind.PLATFORM),
    /** The toolkit's processes. */
    PROCESS(Kind.PROCESS),
    /** A virtual thread whose busy loop yields every slice. */
    YIELDING(Kind.VIRTUAL),
    /** A virtual thread whose busy loop parks for 1 µs every slice. */
    PARKING(Kind.VIRTUAL),
    /** A virtual thread that hands each slice of its loop to a platform-thread pool. */
    OFFLOADED(Kind.VIRTUAL),
    /** Erlang's own processes, in a fresh BEAM VM on this machine. */
    BEAM(Kind.BEAM);

    private final Kind unit;

    LoadKind(Kind unit) {
        this.unit = unit;
    }

    /** What runs the row's loops, echo and client: a process, a platform or virtual thread, or BEAM. */
    public Kind unit() {
        return unit;
    }

    /** True for the three loop disciplines: yielding, parking, offloaded. */
    public boolean discipline() {
        return this == YIELDING || this == PARKING || this == OFFLOADED;
    }

    /** The lower-case name used on the command line, in JSON and in a row's {@link LoadRow#kind()}. */
    public String label() {
        return Labels.of(this);
    }

    /** How tables and plots name it: "JVM virtual", "JVM yielding", ..., "BEAM here". */
    public String runtime() {
        return Kind.runtime(label());
    }

    /** Every load kind, in the order the tables list them ("all"). */
    public static List<LoadKind> all() {
        return List.of(values());
    }

    /** Parses one load kind, with an error that lists them. */
    public static LoadKind parse(String text) {
        return Labels.parse(values(), text, "kind", ", a comma list of them, or all");
    }

    /** Parses {@code "virtual"}, {@code "virtual,platform"} or {@code "all"} (every load kind, in order). */
    public static List<LoadKind> parseList(String text) {
        return Labels.parseList(values(), text, "kind");
    }

    /** The load kinds, comma-separated. */
    public static String labels() {
        return Labels.all(values());
    }
}
