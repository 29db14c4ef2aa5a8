package dev.loomlab.nativecall;

import dev.loomlab.jvm.ChildCall;
import dev.loomlab.jvm.ChildReply;
import dev.loomlab.jvm.ChildSide;
import dev.loomlab.measure.EchoRoundTrips;
import dev.loomlab.measure.RoundTripLog;
import dev.loomlab.measure.Units;
import dev.loomlab.process.Pid;
import dev.loomlab.process.Processes;
import dev.loomlab.util.Progress;
import dev.loomlab.view.Grid;
import dev.loomlab.view.Plot;
import dev.loomlab.view.Section;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The German article's dirty NIF, the failure and the remedy: a long native call made on a
 * virtual thread holds its carrier, and on one carrier (BEAM's {@code +S 1}) every other virtual
 * thread waits for it; the same call on a platform thread (a dirty scheduler) leaves the carrier
 * free. Each call site runs in a fresh JVM with one carrier ({@link #main}: the measured loop),
 * killed at its deadline; a starved run is a row.
 *
 * @param sites   where the call runs, one fresh JVM each
 * @param call    how long each native call blocks (under 1 s: usleep's limit)
 * @param gap     the caller's pause between calls
 * @param warmup  round trips before the window, not recorded
 * @param window  the measured window
 */
public record DirtyCall(List<CallSite> sites, Duration call, Duration gap, Duration warmup, Duration window) {

    public DirtyCall {
        sites = List.copyOf(sites);
        if (sites.isEmpty()) {
            throw new IllegalArgumentException("name at least one call site: " + "none, carrier, offloaded");
        }
        if (call.isNegative() || call.isZero() || call.toNanos() >= 1_000_000_000L) {
            throw new IllegalArgumentException("--call must be positive and under 1s (usleep's limit), got " + call.toMillis() + " ms");
        }
        if (gap.isNegative() || gap.isZero()) {
            throw new IllegalArgumentException("--gap must be positive: with no gap the carrier is never free, got " + gap.toMillis() + " ms");
        }
        if (warmup.isNegative() || window.isNegative() || window.isZero() || window.compareTo(Duration.ofMinutes(5)) > 0) {
            throw new IllegalArgumentException("--seconds must be positive and at most 5 minutes, the warm-up not negative");
        }
    }

    /** Every site, 20 ms calls every 50 ms, 500 ms warm-up, 2 s measured. */
    public static DirtyCall standard() {
        return new DirtyCall(List.of(CallSite.values()), Duration.ofMillis(20), Duration.ofMillis(50),
                Duration.ofMillis(500), Duration.ofSeconds(2));
    }

    /** The flags of each child: one carrier that cannot grow, native access, a small heap. */
    static List<String> flags() {
        return List.of("-Djdk.virtualThreadScheduler.parallelism=1", "-Djdk.virtualThreadScheduler.maxPoolSize=1",
                NativeSleep.FLAG, "-Xmx256m");
    }

    /** Runs each site in its own JVM and returns the table, the chart and the verdict. */
    public Section run(Progress progress) {
        List<Row> rows = new ArrayList<>();
        for (CallSite site : sites) {
            progress.say(String.format("%s: a fresh JVM on one carrier, native calls of %d ms every %d ms", site.label(),
                    call.toMillis(), gap.toMillis()));
            ChildReply run = ChildCall.launch(List.of(), DirtyCall.class, List.of(site.label(),
                            String.valueOf(call.toNanos() / 1_000), String.valueOf(gap.toMillis()), String.valueOf(warmup.toMillis()),
                            String.valueOf(window.toMillis())), flags(), warmup.plus(window).plusSeconds(60), progress);
            rows.add(Row.of(site, run));
        }
        return section(rows);
    }

    /**
     * The child JVM: {@code SITE CALL_MICROS GAP_MILLIS WARMUP_MS WINDOW_MS}, on one carrier. A
     * caller process makes a long native call ({@link NativeSleep}) every {@code GAP_MILLIS}, where
     * {@code SITE} says; meanwhile a client process times round trips to an echo process. It reports
     * the round trips, split into those that overlapped a call and the others, as {@code result}
     * lines. Everything after the start runs on this platform main thread, so a starved carrier
     * cannot stop the report: a client that never finishes is "starved", with how many round trips
     * it completed.
     */
    public static void main(String[] args) throws Exception {
        List<String> spec = ChildSide.arguments(args, "DirtyCall");
        CallSite site = CallSite.parse(spec.get(0));
        int callMicros = Integer.parseInt(spec.get(1));
        long gapMillis = Long.parseLong(spec.get(2));
        Duration warmup = Duration.ofMillis(Long.parseLong(spec.get(3)));
        Duration window = Duration.ofMillis(Long.parseLong(spec.get(4)));
        NativeSleep.sleepMicros(1); // link the downcall now, not inside the window
        ExecutorService dirty = Executors.newSingleThreadExecutor(r -> Thread.ofPlatform().daemon(true).name("loomlab-dirty").unstarted(r));
        List<long[]> calls = new ArrayList<>();
        Pid caller = Processes.spawn(self -> {
            while (true) {
                long t = System.nanoTime();
                switch (site) {
                    case NONE -> Thread.sleep(callMicros / 1000, (callMicros % 1000) * 1000);
                    case CARRIER -> NativeSleep.sleepMicros(callMicros);
                    case OFFLOADED -> dirty.submit(() -> NativeSleep.sleepMicros(callMicros)).get();
                }
                long e = System.nanoTime();
                synchronized (calls) {
                    calls.add(new long[] {t, e});
                }
                Thread.sleep(gapMillis);
            }
        });
        EchoRoundTrips trips = EchoRoundTrips.start(warmup, window);
        var measured = trips.await(warmup.plus(window).plusSeconds(20));
        ChildSide.result("site", site.label());
        if (measured.isEmpty()) {
            ChildSide.result("stoppedBy", String.format("starved: %,d round trips done in the window", trips.completed()));
            ChildSide.result("roundTrips", trips.completed());
            System.err.flush();
            ChildSide.halt(0); // a held carrier may never let the processes end
        }
        long[] w = trips.window();
        List<long[]> inWindow;
        synchronized (calls) {
            inWindow = calls.stream().filter(c -> c[1] >= w[0] && c[0] <= w[1]).toList();
        }
        RoundTripLog log = measured.get();
        RoundTripLog during = log.split(inWindow, true);
        RoundTripLog outside = log.split(inWindow, false);
        ChildSide.result("calls", inWindow.size());
        ChildSide.result("callMeanUs", inWindow.stream().mapToLong(c -> c[1] - c[0]).average().orElse(Double.NaN) / 1e3);
        ChildSide.result("roundTrips", log.count());
        ChildSide.result("rtP50Us", log.percentileMicros(50));
        ChildSide.result("rtP99Us", log.percentileMicros(99));
        ChildSide.result("rtMaxUs", log.maxMicros());
        ChildSide.result("rtDuringCall", during.count());
        ChildSide.result("rtDuringCallP50Us", during.percentileMicros(50));
        ChildSide.result("rtDuringCallMaxUs", during.maxMicros());
        ChildSide.result("rtOutsideP99Us", outside.percentileMicros(99));
        ChildSide.log("%s: %,d calls, %,d round trips, p99 %s, max %s", site.label(), inWindow.size(), log.count(),
                Units.micros(log.percentileMicros(99)), Units.micros(log.maxMicros()));
        caller.kill();
        trips.stop(Duration.ofSeconds(10));
        dirty.shutdownNow();
        System.err.flush();
        ChildSide.halt(0);
    }

    /**
     * One call site as its child JVM reported it; NaN where it reported nothing. Round trips (RT)
     * are counted in the window; {@code outcome} is how the child ended, "starved: …" when the
     * client never finished.
     */
    record Row(CallSite site, double calls, double callMeanUs, double roundTrips, double rtP50Us, double rtP99Us,
               double rtMaxUs, double rtDuringCall, double rtDuringCallP50Us, double rtDuringCallMaxUs, double rtOutsideP99Us, String outcome) {

        static Row of(CallSite site, ChildReply run) {
            String stopped = run.get("stoppedBy");
            return new Row(site, run.number("calls"), run.number("callMeanUs"), run.number("roundTrips"), run.number("rtP50Us"),
                    run.number("rtP99Us"), run.number("rtMaxUs"), run.number("rtDuringCall"), run.number("rtDuringCallP50Us"),
                    run.number("rtDuringCallMaxUs"), run.number("rtOutsideP99Us"), stopped.isEmpty() ? run.ending() : stopped);
        }

        /** True if the window completed and its figures were reported. */
        boolean measured() {
            return !Double.isNaN(rtMaxUs);
        }
    }

    /** What the article says of each case (erl_nif's documentation, EXLA's dirty jobs). */
    static String beam(CallSite site) {
        return switch (site) {
            case NONE -> "";
            case CARRIER -> "undeclared dirty NIF: \"degrades responsiveness of the VM\" (erl_nif docs, quoted)";
            case OFFLOADED -> "declared dirty NIF: runs on the dirty schedulers (EXLA: ERL_NIF_DIRTY_JOB_CPU_BOUND)";
        };
    }

    private Section section(List<Row> rows) {
        var everyColumn = Grid.of("Every figure of the same rows", rows)
                .text("where the call runs", r -> r.site().words())
                .number("native calls", Row::calls)
                .number("call mean µs", r -> Grid.round(r.callMeanUs()))
                .number("round trips", Row::roundTrips)
                .number("RT p50 µs", r -> Grid.round(r.rtP50Us()))
                .number("RT p99 µs", r -> Grid.round(r.rtP99Us()))
                .number("RT max µs", r -> Grid.round(r.rtMaxUs()))
                .number("RTs during a call", Row::rtDuringCall)
                .number("their p50 µs", r -> Grid.round(r.rtDuringCallP50Us()))
                .number("their max µs", r -> Grid.round(r.rtDuringCallMaxUs()))
                .number("RT p99 outside calls µs", r -> Grid.round(r.rtOutsideP99Us()))
                .text("BEAM (article)", r -> beam(r.site()))
                .text("outcome", Row::outcome)
                .build();
        var table = everyColumn.select(String.format("A long native call and the other virtual threads, one carrier (usleep %d ms every %d ms, "
                        + "%d ms measured)", call.toMillis(), gap.toMillis(), window.toMillis()), "where the call runs",
                "RTs during a call", "their p50 µs", "their max µs", "RT p99 outside calls µs", "BEAM (article)", "outcome");
        Map<String, List<? extends Number>> bars = new LinkedHashMap<>();
        bars.put("p50", rows.stream().map(Row::rtP50Us).toList());
        bars.put("p99", rows.stream().map(Row::rtP99Us).toList());
        bars.put("max", rows.stream().map(Row::rtMaxUs).toList());
        var chart = Plot.bars("Round trips of the other virtual threads while a native call runs, by where it runs",
                "round trip, µs", true, rows.stream().map(r -> r.site().label()).toList(), bars);
        return new Section(table, chart, notes(rows), List.of(), List.of(everyColumn));
    }

    /** The verdict, computed from the rows. */
    static List<String> notes(List<Row> rows) {
        List<String> notes = new ArrayList<>();
        for (Row r : rows) {
            if (!r.measured()) {
                notes.add(String.format("%s: %s.", r.site().label(), r.outcome()));
            } else if (r.site() != CallSite.NONE) {
                notes.add(String.format("%s: %s round trips completed across %s calls of %s µs each, their median %s µs"
                                + " against %s µs (p99) outside calls.", r.site().label(), Grid.print(r.rtDuringCall()), Grid.print(r.calls()),
                        Grid.print(r.callMeanUs()), Grid.print(r.rtDuringCallP50Us()), Grid.print(r.rtOutsideP99Us())));
            } else {
                notes.add(String.format("none (baseline): %s round trips completed while the caller parked, their median %s µs.",
                        Grid.print(r.rtDuringCall()), Grid.print(r.rtDuringCallP50Us())));
            }
        }
        notes.add("One carrier (-Djdk.virtualThreadScheduler.parallelism=1, maxPoolSize=1), BEAM's +S 1; the call is libc's usleep through"
                + " java.lang.foreign, which no scheduler sees. Offloaded means a platform thread of an executor runs it while the caller parks.");
        return notes;
    }
}
