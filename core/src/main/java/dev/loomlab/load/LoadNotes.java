package dev.loomlab.load;

import dev.loomlab.view.Grid;
import java.util.ArrayList;
import java.util.List;

/** The notes under a load table: what the numbers include, and what each kind's result means on the JVM. */
final class LoadNotes {

    private LoadNotes() {}

    static List<String> of(LoadResult r) {
        List<String> notes = new ArrayList<>();
        List<LoadKind> kinds = r.spec().kinds();
        if (r.rows().stream().anyMatch(row -> row.loops() > 0)) {
            notes.add(Starvation.verdict(r));
        }
        if (r.spec().cpus() > 0) {
            notes.add(r.pinning().isEmpty() ? "asked to pin each child JVM to " + r.spec().cpus() + " CPU(s); how was not recorded"
                    : r.pinning());
        }
        notes.add((r.spec().vms() == 1 ? "each row ran in its own fresh JVM" : String.format("each row ran in %d fresh JVMs, "
                + "taken in turn with the other rows' (a row's figures are their median; the p50's 95%% interval across them "
                + "beside it)", r.spec().vms())) + ": echo and client started, then the loops, 200 ms of warm-up, then "
                + "the client timed each round trip (System.nanoTime, HdrHistogram); rates are read over the same window, "
                + "at least 500 ms");
        notes.add("no maximum in the table: the German article reports none, because on a shared host one round trip can "
                + "wait for another program (\"Fremdlast ist nicht ausgeschlossen\"); ours run beside other programs too"
                + (r.env() != null && r.env().busy() ? " (this run: " + r.env().loadWords() + ")" : "")
                + ", so the slowest round trip says more about them than about the runtime. p99 stays; the max is in --json");
        notes.add("a loop iteration is one xorshift step, counted as BEAM counts reductions: compare how the rates change "
                + "with the number of loops, not their absolute values; 'per loop' averages ALL loops, 'first loop' is "
                + "loop 0 alone (reading only the first doubled the French article's first figure)");
        if (r.rows().stream().anyMatch(row -> row.starved() && (row.kind().equals("virtual") || row.kind().equals("process")))) {
            notes.add("starved: JEP 444 has no time sharing. A virtual thread that never blocks keeps its carrier, so with "
                    + "as many busy loops as carriers the echo and the client never run again. BEAM preempts a process after "
                    + "its reductions; the JVM does not. The child reported from a platform thread, then halted");
        }
        if (kinds.contains(LoadKind.PLATFORM)) {
            notes.add("platform: the operating system time-slices platform threads, which is the JVM's nearest analogue to "
                    + "BEAM's preemption; a round trip then waits for its turn among the loops on its core, by the OS's time slice");
        }
        if (kinds.contains(LoadKind.YIELDING)) {
            boolean starved = r.rows().stream().anyMatch(row -> row.kind().equals("yielding") && row.starved());
            notes.add("yielding: Thread.yield() every " + String.format("%,d", BusyLoop.SLICE) + " iterations (BEAM: 4,000 "
                    + "reductions per slice)" + (starved ? ". It starved here: on this JDK a yielding virtual thread gives "
                    + "its carrier only to threads already queued on it; a thread woken from outside the scheduler (here "
                    + "the client's start signal; in a server, a poller or a timer) sits in another queue the carrier does "
                    + "not reach while the yielder keeps requeueing itself (see openjdk JDK-8373118 and openjdk/loom pull "
                    + "226). Compare parking" : ""));
        }
        if (kinds.contains(LoadKind.PARKING)) {
            notes.add("parking: a 1 µs timed park (LockSupport.parkNanos) every " + String.format("%,d", BusyLoop.SLICE)
                    + " iterations; the wake-up comes through the scheduler's timer, so other runnable threads get the "
                    + "carrier in between; it costs the loop a timer round trip per slice");
        }
        if (kinds.contains(LoadKind.OFFLOADED)) {
            notes.add("offloaded: each loop's work runs as " + String.format("%,d", BusyLoop.OFFLOAD_JOB) + "-iteration "
                    + "jobs on a pool of one platform thread per processor, as BEAM runs dirty NIFs on dirty CPU schedulers; "
                    + "the loop's virtual thread waits for each job off its carrier, and the OS time-slices the pool");
        }
        if (kinds.contains(LoadKind.BEAM)) {
            notes.add("BEAM here: the German article's script in fresh erl VMs per row on this machine (+S p for --parallelism p, "
                    + "+S 1 as the article), busy processes counting down, an echo process, round trips timed with "
                    + "erlang:monotonic_time; the busy processes' work is in reductions (process_info), not iterations; "
                    + "BEAM takes the scheduler from a busy process after its reductions");
            notes.add(beamVerdict(r.rows().stream().filter(row -> row.kind().equals(LoadKind.BEAM.label())).toList()));
        }
        int processors = r.rows().isEmpty() ? Runtime.getRuntime().availableProcessors() : r.rows().get(0).processors();
        if (r.spec().parallelism() > processors) {
            notes.add("--parallelism " + r.spec().parallelism() + " is above the " + processors + " processors the JVM "
                    + "sees: the extra carriers are time-sliced by the OS, so a carrier held by a loop still loses the "
                    + "processor now and then");
        }
        List<String> sources = r.published().stream().map(dev.loomlab.published.PublishedFigure::source).distinct().toList();
        if (sources.contains("un-million")) {
            notes.add("BEAM rows as published: the French article's (Apple M1, 8 schedulers, 16 loops = 2 per scheduler, round "
                    + "trips averaged over 20 runs); its loop counts and machine differ from ours, so compare shapes, not cells");
        }
        if (sources.contains("unter-last")) {
            notes.add("BEAM rows as published: the German article's (+S 1: one scheduler, 2,000 round trips per row, medians); "
                    + "its loop counts and machine differ from ours, so compare shapes, not cells");
        }
        return notes;
    }

    /** What the BEAM-here rows showed on this machine, in words computed from them. */
    static String beamVerdict(List<LoadRow> beam) {
        long starved = beam.stream().filter(LoadRow::starved).count();
        List<LoadRow> measured = beam.stream().filter(row -> !Double.isNaN(row.roundTripMicrosP50())).toList();
        if (measured.isEmpty()) {
            return "BEAM here on this machine: no row measured a round trip" + (beam.isEmpty() ? "" : " (" + beam.get(0).verdict() + ")");
        }
        LoadRow least = measured.get(0);
        LoadRow most = measured.get(measured.size() - 1);
        String outcome = starved == 0 ? "no row starved: slower, never frozen" : starved + " row(s) starved";
        if (least.loops() == most.loops()) {
            return String.format("BEAM here on this machine: the median round trip was %s µs with %,d busy process%s; %s",
                    Grid.print(least.roundTripMicrosP50()), least.loops(), least.loops() == 1 ? "" : "es", outcome);
        }
        return String.format("BEAM here on this machine: the median round trip went from %s µs with %,d busy process%s to "
                        + "%s µs with %,d; %s", Grid.print(least.roundTripMicrosP50()), least.loops(), least.loops() == 1 ? "" : "es",
                Grid.print(most.roundTripMicrosP50()), most.loops(), outcome);
    }
}
