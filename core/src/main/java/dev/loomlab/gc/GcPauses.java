package dev.loomlab.gc;

import dev.loomlab.jvm.ChildCall;
import dev.loomlab.jvm.ChildJvm;
import dev.loomlab.jvm.ChildReply;
import dev.loomlab.jvm.ChildSide;
import dev.loomlab.measure.Cap;
import dev.loomlab.measure.EchoRoundTrips;
import dev.loomlab.measure.RoundTripLog;
import dev.loomlab.measure.Units;
import dev.loomlab.process.Pid;
import dev.loomlab.process.Processes;
import dev.loomlab.util.Progress;
import dev.loomlab.view.Grid;
import dev.loomlab.view.Plot;
import dev.loomlab.view.Section;
import dev.loomlab.view.Series;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * The Japanese article's sections 5 and 10: BEAM collects each process's heap on its own, so no
 * pause stops them all; the JVM's collectors stop every thread. For each collector and each N, a
 * fresh JVM runs N processes that hold state and churn it ({@link #main}: the measured loop) while
 * a client times round trips; the pauses come from the JVM's safepoint log, cross-checked against
 * its GC notifications. Every row has the same heap (-Xmx sized for the largest N) and the same
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
    /** Slots a churn message replaces. */
    static final int CHURN_PER_MESSAGE = 4;
    /** Bytes of each slot's array. */
    static final int SLOT_BYTES = 64;

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
        return new GcPauses(List.of(Collector.values()), Arrays.stream(ns).boxed().toList(), 16, 100_000,
                Duration.ofSeconds(1), Duration.ofSeconds(3));
    }

    /** The same with another measured window. */
    public GcPauses measuring(Duration window) {
        return new GcPauses(collectors, ns, slots, rate, warmup, window);
    }

    /** A rough live size of one process with its state, for the cap's message and the heap. */
    static long bytesPerProcess(int slots) {
        return 1_200L + 24L + slots * (16L + SLOT_BYTES + 8L);
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
        List<Row> rows = new ArrayList<>();
        for (Collector collector : collectors) {
            for (int n : ns) {
                progress.say(String.format("%s, %,d processes: a fresh JVM, %s warm-up, %s measured", collector.label(), n,
                        warmup.toMillis() + " ms", measure.toMillis() + " ms"));
                rows.add(runOne(collector, n, progress));
            }
        }
        return section(rows);
    }

    private Row runOne(Collector collector, int n, Progress progress) {
        Path dir = ChildJvm.tempDir();
        try {
            Path log = dir.resolve("safepoints.log");
            Duration deadline = warmup.plus(measure).plusSeconds(60 + n / 10_000);
            ChildReply run = ChildCall.launch(List.of(), GcPauses.class, List.of(String.valueOf(n), String.valueOf(slots),
                    String.valueOf(rate), String.valueOf(warmup.toMillis()), String.valueOf(measure.toMillis()), log.toString()),
                    flags(collector, log), deadline, progress);
            return Row.of(collector, n, run);
        } finally {
            ChildJvm.deleteQuietly(dir);
        }
    }

    /**
     * The child JVM: {@code N SLOTS RATE WARMUP_MS MEASURE_MS SAFEPOINT_LOG}. N processes each hold
     * {@code SLOTS} small objects (their state) and, on each message, replace a few of them (churn);
     * a platform thread sends those messages round-robin at {@code RATE} per second, so garbage is
     * made at the same rate whatever N, while the live heap grows with N. Meanwhile a client process
     * times round trips to an echo process, back to back. After the warm-up, for the measured
     * window, it reads its own safepoint log and reports the collector's pauses and the round trips,
     * split into those that overlapped a pause and the others, as {@code result} lines. Expected
     * failures are lines, not stack traces.
     */
    public static void main(String[] args) throws Exception {
        List<String> spec = ChildSide.arguments(args, "GcPauses");
        int n = Integer.parseInt(spec.get(0));
        int slots = Integer.parseInt(spec.get(1));
        int rate = Integer.parseInt(spec.get(2));
        long warmupMs = Long.parseLong(spec.get(3));
        long measureMs = Long.parseLong(spec.get(4));
        Path log = Path.of(spec.get(5));
        List<Pid> holders = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            holders.add(Processes.spawn(self -> {
                Object[] state = new Object[slots];
                for (int s = 0; s < slots; s++) {
                    state[s] = new byte[SLOT_BYTES];
                }
                int next = 0;
                while (true) {
                    self.receive();
                    for (int c = 0; c < CHURN_PER_MESSAGE; c++) {
                        state[next] = new byte[SLOT_BYTES];
                        next = (next + 1) % slots;
                    }
                }
            }));
        }
        ChildSide.log("%,d processes holding %d slots of %d bytes each; churning %,d messages/s", n, slots, SLOT_BYTES, rate);
        AtomicBoolean stop = new AtomicBoolean();
        Thread churn = Thread.ofPlatform().daemon(true).name("loomlab-churn").start(() -> drive(holders, rate, stop));
        EchoRoundTrips trips = EchoRoundTrips.start(Duration.ofMillis(warmupMs), Duration.ofMillis(measureMs));
        GcNotifications notifications = GcNotifications.start();
        var measured = trips.await(Duration.ofMillis(warmupMs + measureMs + 120_000));
        stop.set(true);
        Thread.sleep(500); // notifications come on their own thread, a little late
        notifications.close();
        churn.join(5_000);
        if (measured.isEmpty()) {
            ChildSide.result("stoppedBy", String.format("the round-trip client did not finish (%,d round trips done)", trips.completed()));
            ChildSide.exit(0);
            return;
        }
        long[] window = trips.window();
        long nowNanos = System.nanoTime();
        long nowMs = ManagementFactory.getRuntimeMXBean().getUptime();
        String notified = notifications.summary(nowMs - (nowNanos - window[0]) / 1_000_000, nowMs - (nowNanos - window[1]) / 1_000_000);
        report(n, slots, window, measured.get(), notified, SafepointLog.parse(Files.readAllLines(log)));
        trips.stop(Duration.ofSeconds(30));
        Processes.killAll(holders, Duration.ofSeconds(30));
        ChildSide.exit(0);
    }

    private static void drive(List<Pid> holders, int rate, AtomicBoolean stop) {
        long start = System.nanoTime();
        long sent = 0;
        int i = 0;
        Integer churn = CHURN_PER_MESSAGE;
        while (!stop.get()) {
            long due = (System.nanoTime() - start) * rate / 1_000_000_000L;
            if (sent >= due) {
                LockSupport.parkNanos(200_000);
                continue;
            }
            for (; sent < due; sent++) {
                holders.get(i).send(churn);
                i = i + 1 == holders.size() ? 0 : i + 1;
            }
        }
    }

    private static void report(int n, int slots, long[] window, RoundTripLog trips, String notified,
                               List<SafepointLog.Pause> all) {
        Histogram pauses = new Histogram(3);
        List<long[]> intervals = new ArrayList<>();
        long paused = 0;
        int others = 0;
        for (SafepointLog.Pause p : all) {
            if (p.endNanos() < window[0] || p.startNanos() > window[1]) {
                continue;
            }
            if (!p.collector()) {
                others++;
                continue;
            }
            pauses.recordValue(p.nanos());
            intervals.add(new long[] {p.startNanos(), p.endNanos()});
            paused += p.nanos();
        }
        double windowNanos = window[1] - window[0];
        ChildSide.result("windowMs", windowNanos / 1e6);
        ChildSide.result("gcPauses", pauses.getTotalCount());
        ChildSide.result("pauseP50Us", pauses.getTotalCount() == 0 ? Double.NaN : pauses.getValueAtPercentile(50) / 1e3);
        ChildSide.result("pauseP99Us", pauses.getTotalCount() == 0 ? Double.NaN : pauses.getValueAtPercentile(99) / 1e3);
        ChildSide.result("pauseMaxUs", pauses.getTotalCount() == 0 ? Double.NaN : pauses.getMaxValue() / 1e3);
        ChildSide.result("pausedPercent", 100.0 * paused / windowNanos);
        ChildSide.result("otherSafepoints", others);
        ChildSide.result("notified", notified);
        ChildSide.result("roundTrips", trips.count());
        ChildSide.result("rtP50Us", trips.percentileMicros(50));
        ChildSide.result("rtP99Us", trips.percentileMicros(99));
        ChildSide.result("rtMaxUs", trips.maxMicros());
        RoundTripLog during = trips.split(intervals, true);
        RoundTripLog outside = trips.split(intervals, false);
        ChildSide.result("rtDuringPause", during.count());
        ChildSide.result("rtDuringPauseP50Us", during.percentileMicros(50));
        ChildSide.result("rtDuringPauseMaxUs", during.maxMicros());
        ChildSide.result("rtOutsideP99Us", outside.percentileMicros(99));
        ChildSide.result("rtOutsideMaxUs", outside.maxMicros());
        ChildSide.result("heapUsedBytes", Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory());
        ChildSide.log("%,d processes x %d slots: %d collector pauses, round trips p99 %s", n, slots,
                pauses.getTotalCount(), Units.micros(trips.percentileMicros(99)));
    }

    /**
     * One collector at one N, as its child JVM reported it; NaN where the child reported nothing (it
     * failed or overran its deadline: {@code outcome} says which). Pauses come from the safepoint
     * log, round trips (RT) are timed in the window, {@code notified} counts the JVM's GC
     * notifications per collector bean.
     */
    public record Row(Collector collector, int n, double pauses, double pauseP50Us, double pauseP99Us, double pauseMaxUs,
                      double pausedPercent, double roundTrips, double rtP50Us, double rtP99Us, double rtMaxUs,
                      double rtDuringPause, double rtDuringPauseMaxUs, double rtOutsideP99Us, String notified,
                      String outcome) {

        static Row of(Collector collector, int n, ChildReply run) {
            String outcome = run.ending();
            if (run.get("roundTrips").isEmpty() && !run.get("stoppedBy").isEmpty()) {
                outcome = outcome + ": " + run.get("stoppedBy");
            }
            return new Row(collector, n, run.number("gcPauses"), run.number("pauseP50Us"), run.number("pauseP99Us"),
                    run.number("pauseMaxUs"), run.number("pausedPercent"), run.number("roundTrips"), run.number("rtP50Us"),
                    run.number("rtP99Us"), run.number("rtMaxUs"), run.number("rtDuringPause"), run.number("rtDuringPauseMaxUs"),
                    run.number("rtOutsideP99Us"), run.get("notified"), outcome);
        }

        /** True if the child reported its figures. */
        public boolean measured() {
            return !Double.isNaN(roundTrips);
        }
    }

    /** The table, the chart and the verdict of a run. */
    private Section section(List<Row> rows) {
        String setting = String.format("N processes churn their state (%d objects each, %,d messages/s, %s each row, %s)",
                slots, rate, measure.toMillis() + " ms", heapFlag());
        var everyColumn = Grid.of("Every figure of the same rows", rows)
                .text("collector", r -> r.collector().label())
                .whole("processes", Row::n)
                .number("GC pauses", Row::pauses)
                .number("pause p50 µs", r -> Grid.round(r.pauseP50Us()))
                .number("pause p99 µs", r -> Grid.round(r.pauseP99Us()))
                .number("pause max µs", r -> Grid.round(r.pauseMaxUs()))
                .number("% of time paused", r -> Grid.round(r.pausedPercent()))
                .number("round trips", Row::roundTrips)
                .number("RT p50 µs", r -> Grid.round(r.rtP50Us()))
                .number("RT p99 µs", r -> Grid.round(r.rtP99Us()))
                .number("RT max µs", r -> Grid.round(r.rtMaxUs()))
                .number("RTs during a pause", Row::rtDuringPause)
                .number("slowest RT in a pause µs", r -> Grid.round(r.rtDuringPauseMaxUs()))
                .number("RT p99 outside pauses µs", r -> Grid.round(r.rtOutsideP99Us()))
                .text("JVM's GC notifications", Row::notified)
                .text("outcome", Row::outcome)
                .build();
        var table = everyColumn.select("GC pauses while " + setting + ": every thread stopped, and the round trips that waited",
                "collector", "processes", "pause max µs", "% of time paused", "RT p99 outside pauses µs", "slowest RT in a pause µs",
                "outcome");
        List<String> notes = new ArrayList<>(notes(rows));
        notes.add("BEAM (the article): " + BEAM);
        return new Section(table, chart(rows), notes, List.of(), List.of(everyColumn));
    }

    private Plot chart(List<Row> rows) {
        List<Series> series = new ArrayList<>();
        for (Collector c : collectors) {
            List<Row> mine = rows.stream().filter(r -> r.collector() == c && r.measured()).toList();
            List<Integer> x = mine.stream().map(Row::n).toList();
            series.add(new Series(c.label() + ": longest pause", x, mine.stream().map(Row::pauseMaxUs).toList(),
                    Series.Style.OURS, c.ordinal()));
            series.add(new Series(c.label() + ": slowest round trip", x, mine.stream().map(Row::rtMaxUs).toList(),
                    Series.Style.PUBLISHED_OLDER, c.ordinal()));
        }
        return Plot.lines("Every thread stopped: the longest collector pause and the slowest round trip, by N",
                "processes holding state", "µs", true, true, series);
    }

    /** The verdict, computed from the rows: no figure here is typed by hand. */
    static List<String> notes(List<Row> rows) {
        List<String> notes = new ArrayList<>();
        rows.stream().filter(Row::measured).filter(r -> r.pauses() > 0)
                .max(Comparator.comparingDouble(Row::pauseMaxUs))
                .ifPresent(r -> notes.add(String.format("The longest pause of the run: %s at %,d processes, %s µs, every thread"
                        + " stopped; the article's BEAM collects each process's heap on its own, with no such pause (not measured here).", r.collector().label(), r.n(), Grid.print(r.pauseMaxUs()))));
        for (Row r : rows) {
            if (r.measured() && r.rtDuringPause() > 0) {
                notes.add(String.format("%s, %,d processes: %s round trip%s overlapped a pause, the slowest %s µs, against a p99 of"
                                + " %s µs outside pauses (%s×).", r.collector().label(), r.n(), Grid.print(r.rtDuringPause()),
                        r.rtDuringPause() == 1 ? "" : "s", Grid.print(r.rtDuringPauseMaxUs()),
                        Grid.print(r.rtOutsideP99Us()), Grid.printRatio(r.rtDuringPauseMaxUs() / r.rtOutsideP99Us())));
            } else if (!r.measured()) {
                notes.add(String.format("%s, %,d processes: no figures, %s.", r.collector().label(), r.n(), r.outcome()));
            }
        }
        notes.add("Pauses are the JVM's own safepoint log (-Xlog:safepoint, nanoseconds, collector operations only);"
                + " the notifications column counts com.sun.management GC notifications, whose whole-millisecond durations are too coarse for ZGC.");
        notes.add("A round trip 'during a pause' overlapped one in time; the rest is the same run's baseline.");
        return notes;
    }
}
