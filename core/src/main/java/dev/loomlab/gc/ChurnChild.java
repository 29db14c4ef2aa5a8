package dev.loomlab.gc;

import dev.loomlab.jvm.ChildSide;

import dev.loomlab.measure.EchoRoundTrips;
import dev.loomlab.measure.RoundTripLog;
import dev.loomlab.process.Pid;
import dev.loomlab.process.Processes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.HdrHistogram.Histogram;

/**
 * The child JVM of {@link GcPauses}: {@code N SLOTS RATE WARMUP_MS MEASURE_MS SAFEPOINT_LOG}.
 * N processes each hold {@code SLOTS} small objects (their state) and, on each message, replace a
 * few of them (churn); a platform thread sends those messages round-robin at {@code RATE} per
 * second, so garbage is made at the same rate whatever N, while the live heap grows with N.
 * Meanwhile a client process times round trips to an echo process, back to back. After the
 * warm-up, for the measured window, it reads its own safepoint log and reports the collector's
 * pauses and the round trips, split into those that overlapped a pause and the others, as
 * {@code result} lines. Expected failures are lines, not stack traces.
 */
public final class ChurnChild {

    /** Slots a churn message replaces. */
    static final int CHURN_PER_MESSAGE = 4;
    /** Bytes of each slot's array. */
    static final int SLOT_BYTES = 64;
    private ChurnChild() {}

    public static void main(String[] args) throws Exception {
        List<String> spec = ChildSide.arguments(args, "ChurnChild");
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
        long nowMs = java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime();
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
                java.util.concurrent.locks.LockSupport.parkNanos(200_000);
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
        ChildSide.log("%,d processes x %d slots: %d collector pauses, round trips p99 %.1f us", n, slots,
                pauses.getTotalCount(), trips.percentileMicros(99));
    }
}
