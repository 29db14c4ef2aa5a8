package dev.loomlab.nativecall;

import dev.loomlab.jvm.ChildReply;


/**
 * One call site as its child JVM reported it; NaN where it reported nothing.
 *
 * @param site              where the native call ran
 * @param calls             native calls that overlapped the window
 * @param callMeanUs        their mean duration, µs
 * @param roundTrips        round trips completed in the window (also when starved)
 * @param rtP50Us           median round trip, µs
 * @param rtP99Us           99th percentile, µs
 * @param rtMaxUs           slowest, µs
 * @param rtDuringCall      round trips that overlapped a call
 * @param rtDuringCallP50Us the median of those, µs
 * @param rtDuringCallMaxUs the slowest of those, µs
 * @param rtOutsideP99Us    99th percentile of the others, µs
 * @param outcome           how the child ended, "starved: …" when the client never finished
 */
public record DirtyCallRow(CallSite site, double calls, double callMeanUs, double roundTrips, double rtP50Us, double rtP99Us,
                           double rtMaxUs, double rtDuringCall, double rtDuringCallP50Us, double rtDuringCallMaxUs, double rtOutsideP99Us, String outcome) {

    static DirtyCallRow of(CallSite site, ChildReply run) {
        String stopped = run.get("stoppedBy");
        String outcome = stopped.isEmpty() ? run.ending() : stopped;
        return new DirtyCallRow(site, run.number("calls"), run.number("callMeanUs"), run.number("roundTrips"), run.number("rtP50Us"),
                run.number("rtP99Us"), run.number("rtMaxUs"), run.number("rtDuringCall"), run.number("rtDuringCallP50Us"), run.number("rtDuringCallMaxUs"),
                run.number("rtOutsideP99Us"), outcome);
    }

    /** True if the window completed and its figures were reported. */
    public boolean measured() {
        return !Double.isNaN(rtMaxUs);
    }
}
