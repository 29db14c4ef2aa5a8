package dev.loomlab.gc;

import dev.loomlab.jvm.ChildReply;


/**
 * One collector at one N, as its child JVM reported it. Figures are NaN when the child did not
 * report them (it failed or overran its deadline: {@link #outcome} says which).
 *
 * @param collector         the collector
 * @param n                 processes holding state
 * @param pauses            collector pauses in the measured window (safepoint log)
 * @param pauseP50Us        median pause, µs
 * @param pauseP99Us        99th percentile pause, µs
 * @param pauseMaxUs        longest pause, µs
 * @param pausedPercent     share of the window every thread was stopped for the collector
 * @param roundTrips        round trips timed in the window
 * @param rtP50Us           round-trip median, µs
 * @param rtP99Us           round-trip 99th percentile, µs
 * @param rtMaxUs           slowest round trip, µs
 * @param rtDuringPause     round trips that overlapped a collector pause
 * @param rtDuringPauseMaxUs the slowest of those, µs
 * @param rtOutsideP99Us    99th percentile of the others, µs
 * @param notified          the JVM's GC notifications in the window, per collector bean
 * @param outcome           "ok (exit 0)", "killed at its deadline (…)", "out of memory (…)", …
 */
public record GcPauseRow(Collector collector, int n, double pauses, double pauseP50Us, double pauseP99Us, double pauseMaxUs,
                         double pausedPercent, double roundTrips, double rtP50Us, double rtP99Us, double rtMaxUs,
                         double rtDuringPause, double rtDuringPauseMaxUs, double rtOutsideP99Us, String notified,
                         String outcome) {

    static GcPauseRow of(Collector collector, int n, ChildReply run) {
        String outcome = run.ending();
        if (run.get("roundTrips").isEmpty() && !run.get("stoppedBy").isEmpty()) {
            outcome = outcome + ": " + run.get("stoppedBy");
        }
        return new GcPauseRow(collector, n, run.number("gcPauses"), run.number("pauseP50Us"), run.number("pauseP99Us"),
                run.number("pauseMaxUs"), run.number("pausedPercent"), run.number("roundTrips"), run.number("rtP50Us"),
                run.number("rtP99Us"), run.number("rtMaxUs"), run.number("rtDuringPause"), run.number("rtDuringPauseMaxUs"),
                run.number("rtOutsideP99Us"), run.get("notified"), outcome);
    }

    /** True if the child reported its figures. */
    public boolean measured() {
        return !Double.isNaN(roundTrips);
    }
}
