package dev.loomlab.load;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

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
        return name().toLowerCase(Locale.ROOT);
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
        for (LoadKind kind : values()) {
            if (kind.label().equalsIgnoreCase(text.trim())) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown kind \"" + text.trim() + "\" for load: use one of " + labels()
                + ", a comma list of them, or all");
    }

    /** Parses {@code "virtual"}, {@code "virtual,platform"} or {@code "all"}. */
    public static List<LoadKind> parseList(String text) {
        if (text.trim().equalsIgnoreCase("all")) {
            return List.of(values());
        }
        List<LoadKind> kinds = new ArrayList<>();
        for (String part : text.split(",")) {
            LoadKind kind = parse(part);
            if (!kinds.contains(kind)) {
                kinds.add(kind);
            }
        }
        return List.copyOf(kinds);
    }

    /** The kinds, comma-separated. */
    public static String labels() {
        return Arrays.stream(values()).map(LoadKind::label).collect(Collectors.joining(", "));
    }
}
