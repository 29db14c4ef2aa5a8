package dev.loomlab.limits;

import com.sun.management.HotSpotDiagnosticMXBean;
import dev.loomlab.jvm.ChildCall;
import dev.loomlab.jvm.ChildReply;
import dev.loomlab.jvm.ChildSide;
import dev.loomlab.process.ExitReason;
import dev.loomlab.process.Pid;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
import dev.loomlab.supervise.ChildSpec;
import dev.loomlab.supervise.RestartIntensity;
import dev.loomlab.supervise.Supervisor;
import dev.loomlab.supervise.SupervisorEvent;
import dev.loomlab.util.Progress;
import dev.loomlab.view.Grid;
import dev.loomlab.view.GridLines;
import dev.loomlab.view.Palette;
import dev.loomlab.view.Plot;
import dev.loomlab.view.Section;
import dev.loomlab.view.Series;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Section 7.5: a heartbeat and a runaway under one supervisor, in a child JVM ({@link #main}). */
public final class SupervisedRunaway {

    private static final Pattern HEARTBEAT = Pattern.compile("\\s*([0-9.]+) s\\s+\\[heartbeat\\] \\d+ / heap used (\\d+) MB");

    private SupervisedRunaway() {}

    /** A heartbeat beside a runaway worker under one supervisor (max_restarts 3 in 60 s), in a child JVM. */
    public static Section section(int maxRestarts, int maxSeconds, Progress progress) {
        if (maxRestarts < 0 || maxRestarts > 100 || maxSeconds < 1) {
            throw new IllegalArgumentException("max restarts 0..100 and seconds >= 1, got " + maxRestarts + ", " + maxSeconds);
        }
        ChildReply run = ChildCall.launch(List.of(), SupervisedRunaway.class, List.of(String.valueOf(maxRestarts), String.valueOf(maxSeconds)),
                List.of(Demos.SMALL_DEMO_HEAP, "-XX:-ExitOnOutOfMemoryError"), Duration.ofSeconds(30), progress);
        GridLines log = new GridLines("A supervised runaway: restarted, then given up on with a reason").text("time").text("log (child JVM, -Xmx64m)");
        List<Number> xs = new ArrayList<>();
        List<Number> ys = new ArrayList<>();
        List<String> lines = new ArrayList<>(run.log());
        // lines from different threads can reach stderr out of order: sort by their own timestamps
        lines.sort(Comparator.comparingDouble(SupervisedRunaway::seconds));
        for (String l : lines) {
            Matcher m = HEARTBEAT.matcher(l);
            if (m.find()) {
                xs.add(Double.parseDouble(m.group(1)));
                ys.add(Double.parseDouble(m.group(2)));
            }
            int split = l.indexOf(" s  ");
            log.row(split > 0 ? l.substring(0, split).trim() + " s" : "", split > 0 ? l.substring(split + 4) : l);
        }
        double gaveUp = run.number("secondsToGiveUp");
        log.row("end", String.format("child JVM: exit code %d; supervisor reason: %s; %s, ended after %s s", run.run().exitCode(),
                run.get("supervisorExit"), Double.isNaN(gaveUp) ? "did not give up" : "gave up after " + Grid.print(gaveUp) + " s",
                Grid.print(run.number("secondsToEnd"))));
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
        heartbeatVerdict(lines, xs, run.get("strandedThread")).ifPresent(notes::add);
        return new Section(log.build(), chart, notes);
    }

    /**
     * This run's sentence on the heartbeat: that it kept ticking until the supervisor gave up, or that
     * it stopped well before (more than five of its 50 ms periods), and whether it was still running
     * after shutdown and kill, with where its thread was then ({@code strandedThread}, from the child's
     * thread dump; empty when none was taken). Empty without ticks or without the supervisor giving up.
     */
    static Optional<String> heartbeatVerdict(List<String> lines, List<Number> ticks, String strandedThread) {
        double gaveUp = lines.stream().filter(l -> l.contains("giving up")).mapToDouble(SupervisedRunaway::seconds).findFirst().orElse(Double.NaN);
        if (ticks.isEmpty() || Double.isNaN(gaveUp)) {
            return Optional.empty();
        }
        double lastTick = ticks.get(ticks.size() - 1).doubleValue();
        boolean stranded = lines.stream().anyMatch(l -> l.contains("stopped heartbeat") && l.contains("still running"));
        if (!stranded && gaveUp - lastTick <= 0.25) {
            return Optional.of(String.format("in this run the heartbeat kept ticking: its last tick came at %s s, "
                    + "%s s before the supervisor gave up", Grid.print(lastTick), Grid.print(gaveUp - lastTick)));
        }
        return Optional.of(String.format("in this run the heartbeat's last tick came at %s s, %s s before the supervisor gave up: "
                + "the heap's exhaustion stopped the bystander too%s", Grid.print(lastTick), Grid.print(gaveUp - lastTick),
                !stranded ? "" : strandedThread.isEmpty()
                ? ", and it ended neither on shutdown nor on kill (to see where such a process waits, dump its JVM's threads, "
                        + "virtual ones included: jcmd PID Thread.dump_to_file -format=text FILE)"
                : ", and it ended neither on shutdown nor on kill. The child JVM's thread dump, taken then, shows its thread "
                        + strandedThread + (strandedThread.contains(" at VirtualThread.parkNanos") ? ". A virtual thread that "
                        + "begins a timed wait (the heartbeat's 50 ms receive) while the heap is full can be left off the scheduler "
                        + "for good: the JDK allocates the timer that would wake it after the thread has left its carrier, and when "
                        + "that allocation fails, neither an unpark nor an interrupt reaches the thread again" : "")));
    }

    /**
     * Where {@code thread} is in a thread dump of this JVM (virtual threads included): its state and its
     * top frames, "RUNNABLE at VirtualThread.parkNanos, LockSupport.parkNanos, …", or why there is none.
     */
    static String whereInDump(Thread thread) {
        try {
            Path dir = Files.createTempDirectory("loomlab-threads-");
            Path file = dir.resolve("threads.txt"); // the dump refuses a file that exists
            try {
                ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                        .dumpThreads(file.toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.TEXT_PLAIN);
                return whereInDump(Files.readAllLines(file), thread.threadId());
            } finally {
                Files.deleteIfExists(file);
                Files.deleteIfExists(dir);
            }
        } catch (IOException | RuntimeException e) {
            return "(no thread dump: " + e.getMessage() + ")";
        }
    }

    /** The state and top frames of the thread numbered {@code threadId} in a plain-text thread dump. */
    static String whereInDump(List<String> dump, long threadId) {
        for (int i = 0; i < dump.size(); i++) {
            String head = dump.get(i);
            if (!head.startsWith("#" + threadId + " ")) {
                continue;
            }
            // #22 "name" [virtual] STATE timestamp: the name is quoted and may hold spaces
            String[] after = head.substring(head.lastIndexOf('"') + 1).trim().split(" ");
            String state = after[0].equals("virtual") && after.length > 1 ? after[1] : after[0];
            List<String> frames = new ArrayList<>();
            for (int j = i + 1; j < dump.size() && dump.get(j).trim().startsWith("at ") && frames.size() < 5; j++) {
                frames.add(frameName(dump.get(j).trim().substring(3)));
            }
            return state + (frames.isEmpty() ? " with no frames" : " at " + String.join(", ", frames));
        }
        return "(not in the thread dump)";
    }

    /** "java.base/java.lang.VirtualThread.parkNanos(VirtualThread.java:784)" as "VirtualThread.parkNanos". */
    private static String frameName(String frame) {
        String method = frame.contains("(") ? frame.substring(0, frame.indexOf('(')) : frame;
        method = method.substring(method.indexOf('/') + 1);
        String[] parts = method.split("\\.");
        return parts.length < 2 ? method : parts[parts.length - 2] + "." + parts[parts.length - 1];
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

    /**
     * The child JVM (small heap, no exit on OutOfMemoryError): {@code MAX_RESTARTS MAX_SECONDS}. A
     * heartbeat reports every 50 ms beside a runaway worker that keeps 1 MiB chunks until the heap
     * refuses it; both are children of one one-for-one {@link Supervisor} that restarts the worker
     * at most {@code MAX_RESTARTS} times in {@code MAX_SECONDS}, then gives up with
     * {@code reached_max_restart_intensity}; the JVM then ends with exit code 1, saying why. The
     * heap is the JVM's limit, so it is what stops the worker: there is no per-process cap.
     */
    public static void main(String[] args) throws Exception {
        List<String> spec = ChildSide.arguments(args, "SupervisedRunaway");
        int maxRestarts = Integer.parseInt(spec.get(0));
        long maxSeconds = Long.parseLong(spec.get(1));
        long t0 = System.nanoTime();
        ChildSpec heartbeat = ChildSpec.permanent("heartbeat", hb -> {
            for (int k = 0; ; k++) {
                log(t0, "[heartbeat] %d / heap used %s", k, DemoOutput.mb(DemoOutput.heapUsed()));
                hb.receive(Duration.ofMillis(50));
            }
        });
        ChildSpec hog = ChildSpec.permanent("hog", w -> {
            log(t0, "[hog] started %s", w);
            List<byte[]> kept = new ArrayList<>();
            while (true) {
                kept.add(new byte[1 << 20]);
                Thread.sleep(1);
            }
        });
        Supervisor supervisor = Supervisor.start(RestartIntensity.of(maxRestarts, Duration.ofSeconds(maxSeconds)),
                List.of(heartbeat, hog), event -> onEvent(t0, event));
        ExitReason reason = supervisor.awaitExit(Duration.ofSeconds(60)).orElse(ExitReason.of("still running"));
        ChildSide.result("supervisorExit", reason.name());
        Pid left = stranded;
        Thread leftThread = left == null ? null : left.thread();
        if (leftThread != null) {
            ChildSide.result("strandedThread", whereInDump(leftThread));
        }
        if (gaveUpNanos != 0) {
            ChildSide.result("secondsToGiveUp", (gaveUpNanos - t0) / 1e9);
        }
        ChildSide.result("secondsToEnd", (System.nanoTime() - t0) / 1e9);
        ChildSide.result("maxHeap", Runtime.getRuntime().maxMemory());
        log(t0, "[main] supervisor ended (%s): shutdown, exit code 1", reason.name());
        ChildSide.exit(1);
    }

    /** When the supervisor gave up (System.nanoTime), 0 until it does; its children's shutdown comes after. */
    private static volatile long gaveUpNanos;

    /** A child the supervisor's stop left running, null while there is none. */
    private static volatile Pid stranded;

    /** Called on the supervisor's thread: quick, one line. */
    private static void onEvent(long t0, SupervisorEvent event) {
        switch (event.type()) {
            case EXITED -> log(t0, "[supervisor] %s %s exited: %s", event.child(), event.pid(), reasonWords(event.reason()));
            case RESTARTED -> log(t0, "[supervisor] restarted %s as %s", event.child(), event.pid());
            case GAVE_UP -> {
                gaveUpNanos = System.nanoTime();
                log(t0, "[supervisor] restart intensity used up: giving up (%s)", Supervisor.GAVE_UP.name());
            }
            case STOPPED -> {
                if (Supervisor.STILL_RUNNING.equals(event.reason())) {
                    stranded = event.pid();
                }
                log(t0, "[supervisor] stopped %s: %s", event.child(), stoppedWords(event.reason()));
            }
            case ENDED -> log(t0, "[supervisor] ended: %s", event.reason() == null ? "" : event.reason().name());
            case STARTED -> log(t0, "[supervisor] started %s %s", event.child(), event.pid());
        }
    }

    /**
     * How a child ended when the supervisor stopped it: on {@code shutdown}, on the {@code kill} that
     * follows {@link Supervisor#SHUTDOWN_TIMEOUT}, or not at all (then it says so).
     */
    static String stoppedWords(ExitReason reason) {
        if (reason == null || reason.equals(Supervisor.STILL_RUNNING)) {
            return "it ended neither on shutdown (" + Supervisor.SHUTDOWN_TIMEOUT.toSeconds() + " s) nor on kill: "
                    + "still running when the JVM exits";
        }
        if (reason.isKilled()) {
            return "it did not end within " + Supervisor.SHUTDOWN_TIMEOUT.toSeconds() + " s of shutdown and was killed";
        }
        return "it ended (" + reason.name() + ")";
    }

    private static String reasonWords(ExitReason reason) {
        if (reason == null) {
            return "";
        }
        return reason.name().contains("OutOfMemory") ? "out of memory (the shared heap refused it)" : reason.name();
    }

    private static void log(long t0, String format, Object... args) {
        ChildSide.log("%6.3f s  %s", (System.nanoTime() - t0) / 1e9, String.format(format, args));
    }
}
