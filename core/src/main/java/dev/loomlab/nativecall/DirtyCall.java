package dev.loomlab.nativecall;

import dev.loomlab.jvm.ChildCall;
import dev.loomlab.jvm.ChildReply;

import dev.loomlab.view.Section;
import dev.loomlab.util.Progress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The German article's dirty NIF, the failure and the remedy: a long native call made on a
 * virtual thread holds its carrier, and on one carrier (BEAM's {@code +S 1}) every other virtual
 * thread waits for it; the same call on a platform thread (a dirty scheduler) leaves the carrier
 * free. Each call site runs in a fresh JVM with one carrier ({@link DirtyCallChild}), killed at
 * its deadline; a starved run is a row.
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
        List<DirtyCallRow> rows = new ArrayList<>();
        for (CallSite site : sites) {
            progress.say(String.format("%s: a fresh JVM on one carrier, native calls of %d ms every %d ms", site.label(),
                    call.toMillis(), gap.toMillis()));
            ChildReply run = ChildCall.launch(List.of(), DirtyCallChild.class, List.of(site.label(),
                            String.valueOf(call.toNanos() / 1_000), String.valueOf(gap.toMillis()), String.valueOf(warmup.toMillis()),
                            String.valueOf(window.toMillis())), flags(), warmup.plus(window).plusSeconds(60), progress);
            rows.add(DirtyCallRow.of(site, run));
        }
        return DirtyCallSection.of(this, rows);
    }
}
