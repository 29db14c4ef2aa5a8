package dev.loomlab.gc;

import dev.loomlab.jvm.ChildCall;
import dev.loomlab.jvm.ChildReply;

import dev.loomlab.view.Section;
import dev.loomlab.jvm.ChildJvm;
import dev.loomlab.measure.Cap;
import dev.loomlab.util.Progress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The Japanese article's sections 5 and 10: BEAM collects each process's heap on its own, so no
 * pause stops them all; the JVM's collectors stop every thread. For each collector and each N, a
 * fresh JVM runs N processes that hold state and churn it ({@link ChurnChild}) while a client
 * times round trips; the pauses come from the JVM's safepoint log, cross-checked against its
 * GC notifications. Every row has the same heap (-Xmx sized for the largest N) and the same
 * garbage rate, so only N and the collector change.
 *
 * @param collectors which collectors, one fresh JVM each per N
 * @param ns         process counts, each at least 1 and within the cap
 * @param slots      objects each process holds (its state), 1 to 10,000
 * @param rate       churn messages per second, all processes together
 * @param warmup     run before the measured window (JIT, heap sizing)
 * @param measure    the measured window
 */
public record GcPauses(List<Collector> collectors, List<Integer> ns, int slots, int rate, Duration warmup, Duration measure) {

    /** What the article says BEAM does instead; it measured no pause (its section 10 leaves that open). */
    public static final String BEAM = "per-process GC: no pause stops every process (article §5; not measured, §10)";

    public GcPauses {
        collectors = List.copyOf(collectors);
        ns = List.copyOf(ns);
        if (collectors.isEmpty() || ns.isEmpty()) {
            throw new IllegalArgumentException("name at least one collector (--gc g1,zgc,serial) and one process count (--n)");
        }
        if (slots < 1 || slots > 10_000) {
            throw new IllegalArgumentException("--slots must be between 1 and 10,000 objects per process, got " + slots);
        }
        if (rate < 1 || rate > 10_000_000) {
            throw new IllegalArgumentException("--rate must be between 1 and 10,000,000 messages per second, got " + rate);
        }
        if (warmup.isNegative() || measure.isNegative() || measure.isZero() || measure.compareTo(Duration.ofMinutes(10)) > 0) {
            throw new IllegalArgumentException("--seconds must be positive and at most 10 minutes, the warm-up not negative");
        }
        for (int n : ns) {
            Cap.check("--n", n, bytesPerProcess(slots));
        }
    }

    /** G1, ZGC and Serial at {@code ns}, 16 slots, 100,000 churn messages a second, 1 s warm-up, 3 s measured. */
    public static GcPauses of(int... ns) {
        return new GcPauses(List.of(Collector.values()), java.util.Arrays.stream(ns).boxed().toList(), 16, 100_000,
                Duration.ofSeconds(1), Duration.ofSeconds(3));
    }

    /** The same with another measured window. */
    public GcPauses measuring(Duration window) {
        return new GcPauses(collectors, ns, slots, rate, warmup, window);
    }

    /** A rough live size of one process with its state, for the cap's message and the heap. */
    static long bytesPerProcess(int slots) {
        return 1_200L + 24L + slots * (16L + ChurnChild.SLOT_BYTES + 8L);
    }

    /** The heap every row gets: four times the largest live set, at least 256 MiB. */
    String heapFlag() {
        long largest = ns.stream().mapToLong(Integer::longValue).max().orElse(1) * bytesPerProcess(slots);
        long mib = Math.max(256, 4 * largest / (1 << 20));
        return "-Xmx" + mib + "m";
    }

    /** The flags of one row's JVM, the collector's first. */
    List<String> flags(Collector collector, Path log) {
        return List.of(collector.flag(), heapFlag(), SafepointLog.flag(log));
    }

    /** Runs every row, each in a fresh JVM, and returns the table, the chart and the verdict. */
    public Section run(Progress progress) {
        List<GcPauseRow> rows = new ArrayList<>();
        for (Collector collector : collectors) {
            for (int n : ns) {
                progress.say(String.format("%s, %,d processes: a fresh JVM, %s warm-up, %s measured", collector.label(), n,
                        warmup.toMillis() + " ms", measure.toMillis() + " ms"));
                rows.add(runOne(collector, n, progress));
            }
        }
        return GcPauseSection.of(this, rows);
    }

    private GcPauseRow runOne(Collector collector, int n, Progress progress) {
        Path dir = ChildJvm.tempDir();
        try {
            Path log = dir.resolve("safepoints.log");
            Duration deadline = warmup.plus(measure).plusSeconds(60 + n / 10_000);
            ChildReply run = ChildCall.launch(List.of(), ChurnChild.class, List.of(String.valueOf(n), String.valueOf(slots),
                    String.valueOf(rate), String.valueOf(warmup.toMillis()), String.valueOf(measure.toMillis()), log.toString()),
                    flags(collector, log), deadline, progress);
            return GcPauseRow.of(collector, n, run);
        } finally {
            ChildJvm.deleteQuietly(dir);
        }
    }
}
