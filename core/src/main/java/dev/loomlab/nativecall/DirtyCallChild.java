package dev.loomlab.nativecall;

import dev.loomlab.jvm.ChildSide;

import dev.loomlab.measure.EchoRoundTrips;
import dev.loomlab.measure.RoundTripLog;
import dev.loomlab.process.Pid;
import dev.loomlab.process.Processes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The child JVM of {@link DirtyCall}: {@code SITE CALL_MICROS GAP_MILLIS WARMUP_MS WINDOW_MS}, run
 * on one carrier. A caller process makes a long native call ({@link NativeSleep}) every
 * {@code GAP_MILLIS}, where {@code SITE} says; meanwhile a client process times round trips to an
 * echo process. It reports the round trips, split into those that overlapped a call and the
 * others, as {@code result} lines. Everything after the start runs on this platform main thread,
 * so a starved carrier cannot stop the report: a client that never finishes is "starved", with
 * how many round trips it completed.
 */
public final class DirtyCallChild {

    private DirtyCallChild() {}

    public static void main(String[] args) throws Exception {
        List<String> spec = ChildSide.arguments(args, "DirtyCallChild");
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
        ChildSide.log("%s: %,d calls, %,d round trips, p99 %.1f us, max %.1f us", site.label(), inWindow.size(), log.count(),
                log.percentileMicros(99), log.maxMicros());
        caller.kill();
        trips.stop(Duration.ofSeconds(10));
        dirty.shutdownNow();
        System.err.flush();
        ChildSide.halt(0);
    }
}
