package dev.loomlab.limits;

import dev.loomlab.jvm.ChildCall;
import dev.loomlab.jvm.ChildReply;

import dev.loomlab.view.GridLines;
import dev.loomlab.view.Palette;
import dev.loomlab.view.Plot;
import dev.loomlab.view.Series;
import dev.loomlab.util.Progress;
import dev.loomlab.view.Section;
import dev.loomlab.measure.Units;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Sections 7.4 and 7.5: no per-process cap in a shared heap; a child JVM as the real one; a supervised runaway. */
public final class Caps {

    private Caps() {}

    /** No per-thread cap in a shared heap; the true analogue of max_heap_size is a child JVM; the direct-buffer loophole. */
    public static Section perProcessCap(Progress progress) {
        GridLines table = new GridLines("A cap per process: one shared heap has none; a child JVM with its own -Xmx is the real one")
                .text("case").text("JVM setting").text("what happened").text("BEAM (article)");
        ChildReply shared = ChildCall.launch(List.of(), SharedHeapDemo.class, List.of("8", "3"),
                List.of("-Xmx96m", "-XX:-ExitOnOutOfMemoryError"), Demos.DEADLINE, progress);
        table.row("allocation accounting, platform thread", "ThreadMXBean.getCurrentThreadAllocatedBytes()",
                shared.get("platformThreadAllocatedBytes") + " bytes", "max_heap_size watches each process's heap");
        table.row("allocation accounting, virtual thread", "getCurrentThreadAllocatedBytes() / getThreadAllocatedBytes(id)",
                shared.get("virtualCurrentThreadAllocatedBytes") + " / " + shared.get("virtualThreadAllocatedBytesById")
                        + " (-1: not supported for virtual threads)", "");
        for (int round = 1; round <= 3; round++) {
            String r = shared.get("round" + round + ".runaway");
            if (r.isEmpty()) {
                continue;
            }
            table.row("one shared heap, round " + round + ": runaway + 8 bystanders", "-Xmx96m, no exit on OOM",
                    "runaway ended: " + r + "; bystanders that got the OutOfMemoryError instead: " + shared.get("round" + round + ".bystandersHit")
                            + " of 8; that did not end within " + SharedHeapDemo.STOP_WAIT.toSeconds() + " s when told to stop: " + shared.get("round" + round + ".bystandersStuck") + " of 8",
                    round == 1 ? "only the process over its max_heap_size is killed" : "");
        }
        ChildReply heap = ChildCall.launch(List.of(), RunawayDemo.class, List.of("heap", "1024"), List.of(Demos.SMALL_DEMO_HEAP, "-XX:-ExitOnOutOfMemoryError"), Demos.DEADLINE, progress);
        table.row("the runaway in its own child JVM (the analogue of max_heap_size + kill)", Demos.SMALL_DEMO_HEAP,
                heap.ending() + " after " + heap.get("heldMiB") + " MiB; " + heap.get("stoppedBy") + "; the parent went on",
                vmBytes("vmBytesAfterKill"));
        ChildReply direct = ChildCall.launch(List.of(), RunawayDemo.class, List.of("direct", "1024"), List.of(Demos.SMALL_DEMO_HEAP), Demos.DEADLINE, progress);
        table.row("the binary loophole: direct ByteBuffers, 4 MiB each", Demos.SMALL_DEMO_HEAP + " only",
                direct.ending() + " after " + (long) direct.number("heldMiB") + " MiB outside the heap; " + direct.get("stoppedBy"),
                vmBytes("vmBytesWithBinaries"));
        ChildReply capped = ChildCall.launch(List.of(), RunawayDemo.class, List.of("direct", "1024"),
                List.of(Demos.SMALL_DEMO_HEAP, "-XX:MaxDirectMemorySize=16m"), Demos.DEADLINE, progress);
        table.row("the loophole closed: direct buffers with their own cap", Demos.SMALL_DEMO_HEAP + " -XX:MaxDirectMemorySize=16m",
                capped.ending() + " after " + (long) capped.number("heldMiB") + " MiB; " + capped.get("stoppedBy"),
                "include_shared_binaries: true stops it near 230 MB");
        ChildReply nativeRun = ChildCall.launch(List.of(), RunawayDemo.class, List.of("native", "128"), List.of(Demos.SMALL_DEMO_HEAP), Demos.DEADLINE, progress);
        table.row("native memory (FFM Arena), 4 MiB each", Demos.SMALL_DEMO_HEAP + " (no JVM limit applies)",
                nativeRun.ending() + " after " + (long) nativeRun.number("heldMiB") + " MiB; stopped by: " + nativeRun.get("stoppedBy"),
                "only the container's limit stops this");
        return new Section(table.build(), null, List.of(
                "Who gets the OutOfMemoryError in a shared heap is whoever allocates when the heap is full: usually the runaway (it allocates most), not always.",
                "Every risky run here is a child JVM with -Xmx64m or -Xmx96m and a deadline."));
    }


    private static final Pattern HEARTBEAT = Pattern.compile("\\s*([0-9.]+) s\\s+\\[heartbeat\\] \\d+ / heap used (\\d+) MB");

    /** A heartbeat beside a runaway worker under one supervisor (max_restarts 3 in 60 s), in a child JVM. */
    public static Section supervisedRunaway(int maxRestarts, int maxSeconds, Progress progress) {
        if (maxRestarts < 0 || maxRestarts > 100 || maxSeconds < 1) {
            throw new IllegalArgumentException("max restarts 0..100 and seconds >= 1, got " + maxRestarts + ", " + maxSeconds);
        }
        ChildReply run = ChildCall.launch(List.of(), SupervisedRunawayDemo.class, List.of(String.valueOf(maxRestarts), String.valueOf(maxSeconds)),
                List.of(Demos.SMALL_DEMO_HEAP, "-XX:-ExitOnOutOfMemoryError"), Duration.ofSeconds(30), progress);
        GridLines log = new GridLines("A supervised runaway: restarted, then given up on with a reason").text("time").text("log (child JVM, -Xmx64m)");
        List<Number> xs = new ArrayList<>();
        List<Number> ys = new ArrayList<>();
        List<String> lines = new ArrayList<>(run.log());
        // lines from different threads can reach stderr out of order: sort by their own timestamps
        lines.sort(java.util.Comparator.comparingDouble(Caps::seconds));
        for (String l : lines) {
            Matcher m = HEARTBEAT.matcher(l);
            if (m.find()) {
                xs.add(Double.parseDouble(m.group(1)));
                ys.add(Double.parseDouble(m.group(2)));
            }
            int split = l.indexOf(" s  ");
            log.row(split > 0 ? l.substring(0, split).trim() + " s" : "", split > 0 ? l.substring(split + 4) : l);
        }
        log.row("end", String.format("child JVM: exit code %d; supervisor reason: %s; gave up after %.2f s", run.run().exitCode(),
                run.get("supervisorExit"), run.number("secondsToGiveUp")));
        double beamMb = PublishedFigures.of("supervise", "maxVmBytes").stream().mapToDouble(PublishedFigure::value).findFirst().orElse(Double.NaN) / (1 << 20);
        log.row("BEAM", String.format("article: heap at most %.0f MB, gave up after %.1f s, exit 1 with shutdown instead of 137", beamMb,
                PublishedFigures.of("supervise", "secondsToGiveUp").stream().mapToDouble(PublishedFigure::value).findFirst().orElse(Double.NaN)));
        List<Number> limitY = new ArrayList<>();
        List<Number> beamY = new ArrayList<>();
        for (int i = 0; i < xs.size(); i++) {
            limitY.add(64);
            beamY.add(beamMb);
        }
        var chart = Plot.lines("Heap used, read by the heartbeat every 50 ms", "seconds",
                "MB", false, false, List.of(new Series("JVM heap used (heartbeat)", xs, ys), new Series("-Xmx64m", xs, limitY),
                        Series.of(Palette.BEAM_PUBLISHED, "BEAM VM total at most (article)", xs, beamY).styled(Series.Style.PUBLISHED)));
        List<String> notes = new ArrayList<>(List.of(
                "the worker keeps 1 MiB chunks until the shared heap refuses one; its OutOfMemoryError ends it (its exit reason), the supervisor restarts it",
                "the heap cap is the whole JVM's: a bystander can be the one refused (then the log says so); a per-process cap needs a child JVM"));
        heartbeatVerdict(lines, xs).ifPresent(notes::add);
        return new Section(log.build(), chart, notes);
    }

    /**
     * This run's sentence on the heartbeat: that it kept ticking until the supervisor gave up, or that
     * it stopped well before (more than five of its 50 ms periods), and whether it was still running
     * after shutdown and kill. Empty without ticks or without the supervisor giving up.
     */
    static java.util.Optional<String> heartbeatVerdict(List<String> lines, List<Number> ticks) {
        double gaveUp = lines.stream().filter(l -> l.contains("giving up")).mapToDouble(Caps::seconds).findFirst().orElse(Double.NaN);
        if (ticks.isEmpty() || Double.isNaN(gaveUp)) {
            return java.util.Optional.empty();
        }
        double lastTick = ticks.get(ticks.size() - 1).doubleValue();
        boolean stranded = lines.stream().anyMatch(l -> l.contains("stopped heartbeat") && l.contains("still running"));
        if (!stranded && gaveUp - lastTick <= 0.25) {
            return java.util.Optional.of(String.format("in this run the heartbeat kept ticking: its last tick came at %.2f s, "
                    + "%.2f s before the supervisor gave up", lastTick, gaveUp - lastTick));
        }
        return java.util.Optional.of(String.format("in this run the heartbeat's last tick came at %.2f s, %.2f s before the supervisor gave up: "
                + "the heap's exhaustion stopped the bystander too%s", lastTick, gaveUp - lastTick, stranded
                ? ", and it ended neither on shutdown nor on kill (to see where such a process waits, dump its JVM's threads, "
                        + "virtual ones included: jcmd PID Thread.dump_to_file -format=text FILE)"
                : ""));
    }

    /** The leading "  0.123 s" of a log line, or infinity. */
    private static double seconds(String line) {
        int split = line.indexOf(" s  ");
        try {
            return split > 0 ? Double.parseDouble(line.substring(0, split).trim()) : Double.POSITIVE_INFINITY;
        } catch (NumberFormatException e) {
            return Double.POSITIVE_INFINITY;
        }
    }

    private static String vmBytes(String metric) {
        return PublishedFigures.of("max-heap", metric).stream().findFirst()
                .map(f -> Units.bytes(f.value()) + ": " + f.note()).orElse("");
    }

}
