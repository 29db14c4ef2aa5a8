package dev.loomlab.articles;

import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.view.Section;
import dev.loomlab.view.Grid;
import dev.loomlab.experiment.Experiment;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.measure.MachineMemory;
import dev.loomlab.measure.Units;
import dev.loomlab.process.BeamLimit;
import dev.loomlab.process.ProcessLimit;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
import dev.loomlab.util.Progress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.DoubleSupplier;

/**
 * The French article's million and five million hibernated processes, measured rather than
 * extrapolated: each n in a fresh JVM with the cap lifted on purpose, a process limit set as
 * BEAM's {@code +P n} would be ({@link BeamLimit}), and a heap sized for n. Before a JVM starts, a
 * memory check compares what it would need with what the machine has available now; a row that
 * does not fit says so and what it would need, and is not run. Times are compared with the
 * article's, not only bytes.
 *
 * @param ns        process counts (the cap must be lifted for those above it)
 * @param available the machine's available memory in bytes, read when the check runs
 */
public record HibernatedMillions(List<Integer> ns, DoubleSupplier available) {

    /** Heap to give per hibernated process: its Pid and mailbox, plus the virtual thread it had while spawning. */
    static final long HEAP_PER_PROCESS = 600;
    /** Heap beyond that, for the JVM's own objects. */
    static final long BASE_HEAP = 256L << 20;
    /** Memory a JVM takes outside its heap (metaspace, code, thread stacks, GC structures), roughly. */
    static final long OUTSIDE_HEAP = 512L << 20;

    public HibernatedMillions {
        ns = List.copyOf(ns);
        if (ns.isEmpty()) {
            throw new IllegalArgumentException("give at least one process count, e.g. --n 1000000,5000000");
        }
    }

    /** 1M and 5M, against this machine's MemAvailable. */
    public static HibernatedMillions articles() {
        return new HibernatedMillions(List.of(1_000_000, 5_000_000), MachineMemory::available);
    }

    /** The heap a JVM of n hibernated processes gets. */
    public static long heapBytes(int n) {
        return BASE_HEAP + n * HEAP_PER_PROCESS;
    }

    /** All the memory it would need: the heap and the JVM around it. */
    public static long neededBytes(int n) {
        return heapBytes(n) + OUTSIDE_HEAP;
    }

    /** Why n cannot run here, in one sentence, or empty if it fits in {@code availableBytes}. */
    public static Optional<String> shortfall(int n, double availableBytes) {
        if (Double.isNaN(availableBytes) || availableBytes >= neededBytes(n)) {
            return Optional.empty();
        }
        return Optional.of(String.format("not started: %,d hibernated processes need about %s (-Xmx%dm and the JVM around it),"
                        + " this machine has %s available now; free memory or lower n", n, Units.bytes(neededBytes(n)),
                heapBytes(n) >> 20, Units.bytes(availableBytes)));
    }

    /**
     * The spec of one row: {@code experiment} (the article's is {@link Experiments#HIBERNATE}) at n,
     * a heap for n, the process limit as BEAM's {@code +P n}.
     */
    public static ExperimentSpec spec(Experiment experiment, int n) {
        return ExperimentSpec.of(experiment, n).withDeadline(Duration.ofSeconds(120 + n / 20_000))
                .withJvmFlags("-Xmx" + (heapBytes(n) >> 20) + "m", "-D" + ProcessLimit.PROPERTY + "=" + BeamLimit.of(n));
    }

    /** The memory check alone, nothing started: what each n would need beside what this machine has now. */
    public Section plan() {
        double now = available.getAsDouble();
        var table = Grid.of("Before a million-process JVM starts: what it would need, what this machine has now", ns)
                .text("processes", n -> String.format("%,d", n))
                .text("process limit (+P n on BEAM)", n -> String.format("%,d", BeamLimit.of(n)))
                .text("heap", n -> "-Xmx" + (heapBytes(n) >> 20) + "m")
                .text("needs about", n -> Units.bytes(neededBytes(n)))
                .text("available now", n -> Double.isNaN(now) ? "unknown" : Units.bytes(now))
                .text("would it run", n -> shortfall(n, now).orElse("yes"))
                .build();
        return new Section(table, null, List.of("Run them from a terminal, the cap lifted on purpose: ./loomlab millions --no-cap"));
    }

    /** Runs {@code experiment} at each n that fits, in a fresh JVM; the others are rows that say why not. */
    public Section run(Experiment experiment, Progress progress) {
        List<Row> rows = new ArrayList<>();
        for (int n : ns) {
            Optional<String> no = shortfall(n, available.getAsDouble());
            if (no.isPresent()) {
                progress.say(no.get());
                rows.add(new Row(n, Measurement.failed(spec(experiment, n), Measurement.NOT_RUN + ": " + no.get())));
            } else {
                rows.add(new Row(n, FreshJvm.row(spec(experiment, n), progress)));
            }
        }
        return section(rows);
    }

    /** One n and what its JVM measured (or why it did not). */
    record Row(int n, Measurement m) {
        double totalMs() {
            return m.metric("nsToAllHibernated") * n / 1e6;
        }
    }

    static Section section(List<Row> rows) {
        var table = Grid.of("A million and five million hibernated processes, each n in a fresh JVM, cap lifted on purpose", rows)
                .whole("processes", Row::n)
                .text("process limit (+P n on BEAM)", r -> String.format("%,d", BeamLimit.of(r.n())))
                .text("heap", r -> "-Xmx" + (heapBytes(r.n()) >> 20) + "m")
                .number("ms to all hibernated", r -> Grid.nearest(r.totalMs()))
                .number("BEAM ms (article)", r -> published("msToAllHibernated", r.n()))
                .number("time ratio", r -> Grid.ratio(r.totalMs(), published("msToAllHibernated", r.n())))
                .number("bytes per process", r -> Grid.nearest(r.m().bytesPerProcess()))
                .number("BEAM bytes (article)", r -> published("bytesPerProcess", r.n()))
                .number("bytes ratio", r -> Grid.ratio(r.m().bytesPerProcess(), published("bytesPerProcess", r.n())))
                .text("outcome", r -> r.m().outcome())
                .build();
        List<String> notes = new ArrayList<>();
        for (Row r : rows) {
            double theirs = published("msToAllHibernated", r.n());
            if (r.m().ok() && !Double.isNaN(theirs)) {
                notes.add(String.format("%,d hibernated: %s ms here, %s the article's %s ms; %s bytes each, %s× BEAM's.",
                        r.n(), Grid.print(r.totalMs()), r.totalMs() < theirs ? "under" : "over", Grid.print(theirs),
                        Grid.print(r.m().bytesPerProcess()), Grid.printRatio(r.m().bytesPerProcess() / published("bytesPerProcess", r.n()))));
            }
        }
        notes.add("Time: from the first spawn until every process is verified hibernated (no thread), in a fresh JVM, one cold run;"
                + " bytes: heap after a full GC, divided by n. The process limit is set as BEAM rounds +P n; the toolkit's own limit does not round.");
        return new Section(table, null, notes);
    }

    private static double published(String metric, int n) {
        return PublishedFigures.of("hibernate", metric).stream().filter(f -> f.n() != null && f.n() == n)
                .mapToDouble(PublishedFigure::value).findFirst().orElse(Double.NaN);
    }
}
