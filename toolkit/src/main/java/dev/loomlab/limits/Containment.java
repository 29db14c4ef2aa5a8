package dev.loomlab.limits;

import dev.loomlab.display.Charts;
import dev.loomlab.display.Series;
import dev.loomlab.experiment.Progress;
import dev.loomlab.karui.Report;
import dev.loomlab.measure.Units;
import dev.loomlab.reference.PublishedFigure;
import dev.loomlab.reference.PublishedFigures;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Sections 4 (thread ceiling) and 7 of the Japanese article on the JVM: limits, containers, caps
 * and supervision. Everything that can exhaust threads or memory runs in a child JVM with a small
 * heap, a deadline and, where this machine lets us create cgroups, a real limit that can only
 * hurt that child; expected failures come back as table rows, never as exceptions.
 */
public final class Containment {

    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final String SMALL_DEMO_HEAP = "-Xmx64m";

    private Containment() {}

    // ---- section 4: the platform-thread ceiling -----------------------------------------------

    /** What this machine allows, and a polite demonstration of hitting a low ceiling in a child JVM. */
    public static Report threadsLimit(int ceiling, Progress progress) {
        if (ceiling < 64 || ceiling > 4096) {
            throw new IllegalArgumentException("the demo ceiling must be between 64 and 4096 tasks, got " + ceiling);
        }
        StringColumn what = StringColumn.create("limit");
        StringColumn value = StringColumn.create("value");
        StringColumn means = StringColumn.create("what it means");
        for (Map.Entry<String, String> e : MachineLimits.read().entrySet()) {
            add(what, value, means, e.getKey(), e.getValue(), "this machine");
        }
        List<String> wrapper = List.of();
        String how;
        Optional<Cgroups.Group> group = Cgroups.limited("pids", g -> g.limitPids(ceiling));
        int attempts = 20_000;
        try {
            if (group.isPresent()) {
                wrapper = group.get().wrapper();
                how = "a fresh pids cgroup with pids.max=" + ceiling + " (threads the child JVM itself uses count too)";
            } else if (!MachineLimits.isRoot() && MachineLimits.userThreads() > 0 && MachineLimits.hasPrlimit()) {
                int limit = MachineLimits.userThreads() + ceiling;
                wrapper = List.of("prlimit", "--nproc=" + limit + ":" + limit);
                how = "prlimit --nproc=" + limit + " (this user's threads now + " + ceiling + ")";
            } else {
                attempts = ceiling;
                how = "no way to lower the ceiling politely here (root without a writable pids cgroup): capped at "
                        + ceiling + " attempts instead, so no failure is shown";
            }
            DemoRun run = DemoRun.launch(wrapper, ThreadCeilingDemo.class, List.of(String.valueOf(attempts), "10000"),
                    List.of(SMALL_DEMO_HEAP, "-Xss256k"), DEADLINE, progress);
            add(what, value, means, "demo: the low ceiling", how, "child JVM only; the machine's own limits are untouched");
            add(what, value, means, "demo: platform threads started", run.get("platformStarted"),
                    "then the next Thread.start() failed: " + run.get("platformFailure"));
            add(what, value, means, "demo: virtual threads under the same ceiling", run.get("virtualStarted"),
                    "failure: " + run.get("virtualFailure") + " — virtual threads are not OS tasks; only their carriers are");
            add(what, value, means, "demo: the child JVM", run.ending(), "it caught the failure, reported it and exited normally");
        } finally {
            group.ifPresent(Cgroups.Group::close);
        }
        published(what, value, means, "Python", "limit", "threadLimit");
        published(what, value, means, "BEAM", "limit", "processLimit");
        return new Report(Table.create("The platform-thread ceiling: this machine's limits, a low one hit in a child JVM, the article's",
                what, value, means), null, List.of(
                "Platform threads are OS tasks: ulimit -u (per user), threads-max and pid_max (per machine) and a container's pids.max all count them.",
                "The toolkit's processes are virtual threads: their ceiling is the toolkit's process limit (BEAM's +P) and memory."));
    }

    // ---- section 7.1: the CPU limit -----------------------------------------------------------

    /** What the JVM derives from a CPU count, simulated with -XX:ActiveProcessorCount and, where possible, a real quota. */
    public static Report cpuLimit(int[] cpus, int n, int runs, Progress progress) {
        if (cpus.length == 0) {
            throw new IllegalArgumentException("give at least one CPU count");
        }
        if (n < 1 || runs < 1 || runs > 10) {
            throw new IllegalArgumentException("n must be at least 1 and runs between 1 and 10, got n=" + n + ", runs=" + runs);
        }
        StringColumn how = StringColumn.create("CPU limit set by");
        IntColumn cpuCol = IntColumn.create("CPUs");
        IntColumn seen = IntColumn.create("availableProcessors");
        IntColumn carriers = IntColumn.create("carriers");
        StringColumn gc = StringColumn.create("GC");
        StringColumn gcThreads = StringColumn.create("GC threads (parallel / concurrent)");
        StringColumn jit = StringColumn.create("JIT threads");
        DoubleColumn first = DoubleColumn.create("ns/spawn run 1");
        DoubleColumn warm = DoubleColumn.create("ns/spawn warm median");
        DoubleColumn beam = DoubleColumn.create("BEAM ns/spawn (article)");
        StringColumn beamSched = StringColumn.create("BEAM schedulers / Go 1.25 GOMAXPROCS (article)");
        int host = Runtime.getRuntime().availableProcessors();
        List<int[]> plan = new ArrayList<>();
        for (int c : cpus) {
            if (c < 1 || c > 1024) {
                throw new IllegalArgumentException("a CPU count must be between 1 and 1024, got " + c);
            }
            plan.add(new int[] {c, 0});
        }
        boolean real = Cgroups.writable("cpu").isPresent();
        if (real) {
            for (int c : cpus) {
                if (c <= host) {
                    plan.add(new int[] {c, 1});
                }
            }
        }
        for (int[] step : plan) {
            int c = step[0];
            boolean quota = step[1] == 1;
            List<String> flags = new ArrayList<>(List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED"));
            List<String> wrapper = List.of();
            Optional<Cgroups.Group> group = quota ? Cgroups.limited("cpu", g -> g.limitCpus(c)) : Optional.empty();
            if (quota && group.isEmpty()) {
                continue; // the quota could not be written: the simulated row for c stands
            }
            try {
                if (group.isPresent()) {
                    wrapper = group.get().wrapper();
                } else {
                    flags.add("-XX:ActiveProcessorCount=" + c);
                }
                DemoRun run = DemoRun.launch(wrapper, CpuProbe.class, List.of(String.valueOf(n), String.valueOf(runs)),
                        flags, DEADLINE, progress);
                how.append(group.isPresent() ? "cgroup CPU quota (CFS)" : "-XX:ActiveProcessorCount (simulated)");
                cpuCol.append(c);
                seen.append((int) run.number("availableProcessors"));
                carriers.append((int) run.number("carriers"));
                gc.append(run.get("gc"));
                gcThreads.append(run.get("parallelGcThreads") + " / " + run.get("concGcThreads"));
                jit.append(run.get("compilerThreads"));
                first.append(Math.round(run.number("nsPerSpawnFirst")));
                warm.append(Math.round(run.number("nsPerSpawnWarm")));
                beam.append(PublishedFigures.of("cpu-limit", "nsPerSpawn").stream()
                        .filter(f -> f.n() != null && f.n() == c).mapToDouble(PublishedFigure::value).findFirst().orElse(Double.NaN));
                beamSched.append(c + " / " + Math.max(2, c) + " (Go 1.24: the host's count)");
            } finally {
                group.ifPresent(Cgroups.Group::close);
            }
        }
        return new Report(Table.create(String.format("What the JVM derives from its CPUs (%,d spawns x %d runs per JVM; host has %d)",
                n, runs, host), how, cpuCol, seen, carriers, gc, gcThreads, jit, first, warm, beam, beamSched), null, List.of(
                real ? "real quotas come from a fresh cpu cgroup per child (only up to the host's " + host + " CPUs); the others are simulated with -XX:ActiveProcessorCount"
                        : Cgroups.whyNot("cpu") + " (-XX:ActiveProcessorCount)",
                "availableProcessors follows the quota (rounded up), and from it the carriers, the GC's threads, the JIT's threads, and with 1 CPU even the GC itself (Serial)",
                "spawn times change from run to run: compare the warm medians, as the article learned to"));
    }

    // ---- section 7.2: the memory limit -------------------------------------------------------

    /** Max heap derived from 512 MB, a heap that fills (a visible error), and a heap bigger than the container (a silent kill). */
    public static Report memoryLimit(Progress progress) {
        StringColumn setting = StringColumn.create("setting");
        StringColumn seen = StringColumn.create("memory the JVM sees");
        StringColumn heap = StringColumn.create("max heap it chose");
        StringColumn outcome = StringColumn.create("when it fills");
        StringColumn detail = StringColumn.create("detail");
        DemoRun probe = DemoRun.launch(List.of(), MemoryProbe.class, List.of(), List.of("-XX:MaxRAM=512m"), DEADLINE, progress);
        row(setting, seen, heap, outcome, detail, "-XX:MaxRAM=512m (simulated 512 MB machine)", bytes(probe.number("physicalMemorySeen")),
                bytes(probe.number("maxHeap")), "", "MaxRAM changes only the heap's sizing, not what the OS reports; GC " + probe.get("gc") + "; the heap is 25% of RAM by default (MaxRAMPercentage)");
        Optional<Cgroups.Group> group = Cgroups.limited("memory", g -> g.limitMemory(512L << 20));
        try {
            if (group.isPresent()) {
                DemoRun real = DemoRun.launch(group.get().wrapper(), MemoryProbe.class, List.of(), List.of(), DEADLINE, progress);
                row(setting, seen, heap, outcome, detail, "a real memory cgroup limited to 512 MB", bytes(real.number("physicalMemorySeen")),
                        bytes(real.number("maxHeap")), "", "read from the cgroup by the JVM itself (container support), GC " + real.get("gc"));
                DemoRun fill = DemoRun.launch(group.get().wrapper(), HeapFillDemo.class, List.of("64", "100000"), List.of("-XX:-ExitOnOutOfMemoryError"), DEADLINE, progress);
                row(setting, seen, heap, outcome, detail, "the same cgroup, processes holding 64 KiB each", "512 MB",
                        bytes(fill.number("maxHeap")), fill.ending(), String.format("%,.0f processes; %s", fill.number("processes"), fill.get("stoppedBy")));
            } else {
                DemoRun fill = DemoRun.launch(List.of(), HeapFillDemo.class, List.of("64", "100000"), List.of("-XX:MaxRAM=512m", "-XX:-ExitOnOutOfMemoryError"), DEADLINE, progress);
                row(setting, seen, heap, outcome, detail, "-XX:MaxRAM=512m, processes holding 64 KiB each", "512 MB",
                        bytes(fill.number("maxHeap")), fill.ending(), String.format("%,.0f processes; %s", fill.number("processes"), fill.get("stoppedBy")));
            }
        } finally {
            group.ifPresent(Cgroups.Group::close);
        }
        Optional<Cgroups.Group> small = Cgroups.limited("memory", g -> g.limitMemory(256L << 20));
        try {
            if (small.isPresent()) {
                DemoRun killed = DemoRun.launch(small.get().wrapper(), HeapFillDemo.class, List.of("64", "100000"),
                        List.of("-Xmx1g", "-XX:-ExitOnOutOfMemoryError"), DEADLINE, progress);
                row(setting, seen, heap, outcome, detail, "a real 256 MB cgroup, but -Xmx1g (a heap the container cannot hold)", "256 MB", "1.0 GiB",
                        killed.ending(), killed.run().exitCode() == 137 ? String.format("after about %,.0f processes; the BEAM case: nothing in the log, only the exit code", killed.number("processes"))
                                : "the kernel refused earlier: " + killed.jvmMessage());
            } else {
                row(setting, seen, heap, outcome, detail, "a heap bigger than the container", "", "", "not run",
                        Cgroups.whyNot("memory") + ": the kernel's SIGKILL (exit 137) cannot be shown without a real limit");
            }
        } finally {
            small.ifPresent(Cgroups.Group::close);
        }
        publishedRow(setting, seen, heap, outcome, detail, "memory-limit", "processesAtKill");
        return new Report(Table.create("The memory limit: the JVM reads it and sizes its heap; a full heap says so", setting, seen, heap, outcome, detail),
                null, List.of("The heap-filling child turns off the toolkit's -XX:+ExitOnOutOfMemoryError to catch the error and report its message and count;"
                        + " with it on, the JVM ends at once with exit code 3 and the message; either way it is said, not a silent 137."));
    }

    /** Memory outside the heap that a container still counts: thread stacks, direct buffers, metaspace. */
    public static Report offHeap(int threads, int directMiB, int classes, Progress progress) {
        if (threads < 1 || threads > 2000 || directMiB < 1 || directMiB > 512 || classes < 1 || classes > 50_000) {
            throw new IllegalArgumentException("threads 1..2000, direct MiB 1..512, classes 1..50,000; got "
                    + threads + ", " + directMiB + ", " + classes);
        }
        DemoRun run = DemoRun.launch(List.of(), OffHeapDemo.class,
                List.of(String.valueOf(threads), String.valueOf(directMiB), String.valueOf(classes)),
                List.of(SMALL_DEMO_HEAP, "-XX:NativeMemoryTracking=summary", "-XX:MaxDirectMemorySize=" + (directMiB + 16) + "m"),
                DEADLINE, progress);
        StringColumn what = StringColumn.create("added");
        StringColumn heap = StringColumn.create("heap grew");
        StringColumn nmt = StringColumn.create("outside the heap (NMT)");
        StringColumn rss = StringColumn.create("RSS grew");
        StringColumn capped = StringColumn.create("capped by");
        offRow(what, heap, nmt, rss, capped, run, "threads", threads + " platform threads (1 MiB stacks, parked)",
                "thread stacks " + bytes(run.number("threads.stacks")), "ulimit -u, pids.max, -Xss per thread; not -Xmx");
        offRow(what, heap, nmt, rss, capped, run, "direct", directMiB + " MiB of direct ByteBuffers",
                "Other " + bytes(run.number("direct.other")), "-XX:MaxDirectMemorySize (default: the max heap); not -Xmx");
        offRow(what, heap, nmt, rss, capped, run, "classes", classes + " hidden classes",
                "Metaspace " + bytes(run.number("classes.metaspace")), "-XX:MaxMetaspaceSize (default: unlimited); not -Xmx");
        return new Report(Table.create("Memory outside the heap, measured in a child JVM with -Xmx64m: " + run.ending(), what, heap, nmt, rss, capped),
                null, List.of("A container's limit counts the whole process (RSS), not the heap: size -Xmx (or MaxRAMPercentage) to leave room for these."));
    }

    // ---- section 7.4: a cap per process ------------------------------------------------------

    /** No per-thread cap in a shared heap; the true analogue of max_heap_size is a child JVM; the direct-buffer loophole. */
    public static Report perProcessCap(Progress progress) {
        StringColumn what = StringColumn.create("case");
        StringColumn setting = StringColumn.create("JVM setting");
        StringColumn result = StringColumn.create("what happened");
        StringColumn beam = StringColumn.create("BEAM (article)");
        DemoRun shared = DemoRun.launch(List.of(), SharedHeapDemo.class, List.of("8", "3"),
                List.of("-Xmx96m", "-XX:-ExitOnOutOfMemoryError"), DEADLINE, progress);
        add4(what, setting, result, beam, "allocation accounting, platform thread", "ThreadMXBean.getCurrentThreadAllocatedBytes()",
                shared.get("platformThreadAllocatedBytes") + " bytes", "max_heap_size watches each process's heap");
        add4(what, setting, result, beam, "allocation accounting, virtual thread", "getCurrentThreadAllocatedBytes() / getThreadAllocatedBytes(id)",
                shared.get("virtualCurrentThreadAllocatedBytes") + " / " + shared.get("virtualThreadAllocatedBytesById")
                        + " (-1: not supported for virtual threads)", "");
        for (int round = 1; round <= 3; round++) {
            String r = shared.get("round" + round + ".runaway");
            if (r.isEmpty()) {
                continue;
            }
            add4(what, setting, result, beam, "one shared heap, round " + round + ": runaway + 8 bystanders", "-Xmx96m, no exit on OOM",
                    "runaway ended: " + r + "; bystanders that got the OutOfMemoryError instead: " + shared.get("round" + round + ".bystandersHit") + " of 8",
                    round == 1 ? "only the process over its max_heap_size is killed" : "");
        }
        DemoRun heap = DemoRun.launch(List.of(), RunawayDemo.class, List.of("heap", "1024"), List.of(SMALL_DEMO_HEAP, "-XX:-ExitOnOutOfMemoryError"), DEADLINE, progress);
        add4(what, setting, result, beam, "the runaway in its own child JVM (the analogue of max_heap_size + kill)", SMALL_DEMO_HEAP,
                heap.ending() + " after " + heap.get("heldMiB") + " MiB; " + heap.get("stoppedBy") + "; the parent went on",
                vmBytes("vmBytesAfterKill"));
        DemoRun direct = DemoRun.launch(List.of(), RunawayDemo.class, List.of("direct", "1024"), List.of(SMALL_DEMO_HEAP), DEADLINE, progress);
        add4(what, setting, result, beam, "the binary loophole: direct ByteBuffers, 4 MiB each", SMALL_DEMO_HEAP + " only",
                direct.ending() + " after " + (long) direct.number("heldMiB") + " MiB outside the heap; " + direct.get("stoppedBy"),
                vmBytes("vmBytesWithBinaries"));
        DemoRun capped = DemoRun.launch(List.of(), RunawayDemo.class, List.of("direct", "1024"),
                List.of(SMALL_DEMO_HEAP, "-XX:MaxDirectMemorySize=16m"), DEADLINE, progress);
        add4(what, setting, result, beam, "the loophole closed: direct buffers with their own cap", SMALL_DEMO_HEAP + " -XX:MaxDirectMemorySize=16m",
                capped.ending() + " after " + (long) capped.number("heldMiB") + " MiB; " + capped.get("stoppedBy"),
                "include_shared_binaries: true stops it near 230 MB");
        DemoRun nativeRun = DemoRun.launch(List.of(), RunawayDemo.class, List.of("native", "128"), List.of(SMALL_DEMO_HEAP), DEADLINE, progress);
        add4(what, setting, result, beam, "native memory (FFM Arena), 4 MiB each", SMALL_DEMO_HEAP + " (no JVM limit applies)",
                nativeRun.ending() + " after " + (long) nativeRun.number("heldMiB") + " MiB; stopped by: " + nativeRun.get("stoppedBy"),
                "only the container's limit stops this");
        return new Report(Table.create("A cap per process: one shared heap has none; a child JVM with its own -Xmx is the real one",
                what, setting, result, beam), null, List.of(
                "Who gets the OutOfMemoryError in a shared heap is whoever allocates when the heap is full: usually the runaway (it allocates most), not always.",
                "Every risky run here is a child JVM with -Xmx64m or -Xmx96m and a deadline."));
    }

    // ---- section 7.5: a supervised runaway ---------------------------------------------------

    private static final Pattern HEARTBEAT = Pattern.compile("\\s*([0-9.]+) s\\s+\\[heartbeat\\] \\d+ / heap used (\\d+) MB");

    /** A heartbeat beside a runaway worker under one supervisor (max_restarts 3 in 60 s), in a child JVM. */
    public static Report supervisedRunaway(int maxRestarts, int maxSeconds, Progress progress) {
        if (maxRestarts < 0 || maxRestarts > 100 || maxSeconds < 1) {
            throw new IllegalArgumentException("max restarts 0..100 and seconds >= 1, got " + maxRestarts + ", " + maxSeconds);
        }
        DemoRun run = DemoRun.launch(List.of(), SupervisedRunawayDemo.class, List.of(String.valueOf(maxRestarts), String.valueOf(maxSeconds)),
                List.of(SMALL_DEMO_HEAP, "-XX:-ExitOnOutOfMemoryError"), Duration.ofSeconds(30), progress);
        StringColumn time = StringColumn.create("time");
        StringColumn line = StringColumn.create("log (child JVM, -Xmx64m)");
        List<Number> xs = new ArrayList<>();
        List<Number> ys = new ArrayList<>();
        List<String> lines = new ArrayList<>(run.log());
        // lines from different threads can reach stderr out of order: sort by their own timestamps
        lines.sort(java.util.Comparator.comparingDouble(Containment::seconds));
        for (String l : lines) {
            Matcher m = HEARTBEAT.matcher(l);
            if (m.find()) {
                xs.add(Double.parseDouble(m.group(1)));
                ys.add(Double.parseDouble(m.group(2)));
            }
            int split = l.indexOf(" s  ");
            time.append(split > 0 ? l.substring(0, split).trim() + " s" : "");
            line.append(split > 0 ? l.substring(split + 4) : l);
        }
        time.append("end");
        line.append(String.format("child JVM: exit code %d; supervisor reason: %s; gave up after %.2f s", run.run().exitCode(),
                run.get("supervisorExit"), run.number("secondsToGiveUp")));
        double beamMb = PublishedFigures.of("supervise", "maxVmBytes").stream().mapToDouble(PublishedFigure::value).findFirst().orElse(Double.NaN) / (1 << 20);
        time.append("BEAM");
        line.append(String.format("article: heap at most %.0f MB, gave up after %.1f s, exit 1 with shutdown instead of 137", beamMb,
                PublishedFigures.of("supervise", "secondsToGiveUp").stream().mapToDouble(PublishedFigure::value).findFirst().orElse(Double.NaN)));
        List<Number> limitY = new ArrayList<>();
        List<Number> beamY = new ArrayList<>();
        for (int i = 0; i < xs.size(); i++) {
            limitY.add(64);
            beamY.add(beamMb);
        }
        var chart = Charts.lines("Heap used, read by the heartbeat every 50 ms", "seconds",
                "MB", false, false, List.of(new Series("JVM heap used (heartbeat)", xs, ys), new Series("-Xmx64m", xs, limitY),
                        new Series("BEAM VM total at most (article)", xs, beamY)));
        return new Report(Table.create("A supervised runaway: restarted, then given up on with a reason", time, line), chart, List.of(
                "the worker keeps 1 MiB chunks until the shared heap refuses one; its OutOfMemoryError ends it (its exit reason), the supervisor restarts it",
                "the heap cap is the whole JVM's: a bystander can be the one refused (then the log says so); a per-process cap needs a child JVM"));
    }

    // ---- helpers ------------------------------------------------------------------------------

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

    private static void add(StringColumn a, StringColumn b, StringColumn c, String x, String y, String z) {
        a.append(x);
        b.append(y);
        c.append(z);
    }

    private static void add4(StringColumn a, StringColumn b, StringColumn c, StringColumn d, String w, String x, String y, String z) {
        a.append(w);
        b.append(x);
        c.append(y);
        d.append(z);
    }

    private static void row(StringColumn a, StringColumn b, StringColumn c, StringColumn d, StringColumn e,
                            String v, String w, String x, String y, String z) {
        a.append(v);
        b.append(w);
        c.append(x);
        d.append(y);
        e.append(z);
    }

    private static void offRow(StringColumn what, StringColumn heap, StringColumn nmt, StringColumn rss, StringColumn capped,
                               DemoRun run, String key, String label, String outside, String cap) {
        what.append(label);
        heap.append(bytes(run.number(key + ".heap")));
        nmt.append(outside);
        rss.append(bytes(run.number(key + ".rss")));
        capped.append(cap);
    }

    private static void published(StringColumn what, StringColumn value, StringColumn means, String runtime, String experiment, String metric) {
        PublishedFigures.of(experiment, metric).stream().filter(f -> f.runtime().startsWith(runtime)).findFirst().ifPresent(f ->
                add(what, value, means, "article: " + f.runtime(), String.format("%,.0f %s", f.value(), f.unit()), f.note()));
    }

    private static void publishedRow(StringColumn a, StringColumn b, StringColumn c, StringColumn d, StringColumn e, String experiment, String metric) {
        PublishedFigures.of(experiment, metric).stream().findFirst().ifPresent(f ->
                row(a, b, c, d, e, "article: " + f.runtime(), "512 MB", "(BEAM has no heap limit)", "killed by the kernel (exit 137), no log", f.note()));
    }

    private static String bytes(double value) {
        return Double.isNaN(value) ? "not read" : Units.bytes(value);
    }
}
