package dev.loomlab.limits;

import dev.loomlab.jvm.ChildCall;
import dev.loomlab.jvm.ChildReply;

import dev.loomlab.view.Grid;
import dev.loomlab.view.GridLines;
import dev.loomlab.util.Progress;
import dev.loomlab.view.Section;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Experiments;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.List;
import java.util.Optional;

/** Sections 7.1 and 7.2: what the JVM derives from CPU and memory limits, and memory outside the heap. */
public final class ContainerLimits {

    private ContainerLimits() {}

    /** What the JVM derives from a CPU count, simulated with -XX:ActiveProcessorCount and, where possible, a real quota. */
    public static Section cpuLimit(int[] cpus, int n, int runs, Progress progress) {
        if (cpus.length == 0) {
            throw new IllegalArgumentException("give at least one CPU count");
        }
        if (n < 1 || runs < 1 || runs > 10) {
            throw new IllegalArgumentException("n must be at least 1 and runs between 1 and 10, got n=" + n + ", runs=" + runs);
        }
        int host = Runtime.getRuntime().availableProcessors();
        GridLines derived = new GridLines(String.format("What the JVM derives from its CPUs (host has %d)", host))
                .whole("CPUs").text("CPU limit set by").whole("availableProcessors").whole("carriers").text("GC")
                .text("GC threads (parallel / concurrent)").text("JIT threads");
        GridLines spawns = new GridLines(String.format("Spawn time at each CPU count (%,d spawns x %d runs per JVM), BEAM here on +S as many, "
                + "and the article's", n, runs)).whole("CPUs").number("ns/spawn, cold run").number("ns/spawn, steady").text("protocol")
                .text("BEAM here ns/spawn (erl +S CPUs)").number("JVM / BEAM here").number("BEAM ns/spawn (article)");
        GridLines articles = new GridLines("The article's schedulers (BEAM) and GOMAXPROCS (Go 1.25) at each CPU count")
                .whole("CPUs").text("BEAM schedulers / Go 1.25 GOMAXPROCS (article)");
        for (int c : cpus) {
            if (c < 1 || c > 1024) {
                throw new IllegalArgumentException("a CPU count must be between 1 and 1024, got " + c);
            }
        }
        boolean real = Cgroups.writable("cpu").isPresent();
        Map<Integer, Measurement> beamByCpus = new HashMap<>(); // BEAM here with +S c, once per CPU count
        // one row per CPU count: a real quota where one can be made (up to the host's CPUs), simulated otherwise
        for (int c : cpus) {
            boolean quota = real && c <= host;
            List<String> flags = new ArrayList<>(List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED"));
            List<String> wrapper = List.of();
            Optional<Cgroups.Group> group = quota ? Cgroups.limited("cpu", g -> g.limitCpus(c)) : Optional.empty();
            try {
                if (group.isPresent()) {
                    wrapper = group.get().wrapper();
                } else {
                    flags.add("-XX:ActiveProcessorCount=" + c);
                }
                ChildReply run = ChildCall.launch(wrapper, CpuProbe.class, List.of(String.valueOf(n), String.valueOf(runs)),
                        flags, Demos.DEADLINE, progress);
                derived.row(c, group.isPresent() ? "cgroup CPU quota (CFS)" : "-XX:ActiveProcessorCount (simulated)",
                        (int) run.number("availableProcessors"), (int) run.number("carriers"), run.get("gc"),
                        run.get("parallelGcThreads") + " / " + run.get("concGcThreads"), run.get("compilerThreads"));
                Measurement b = beamByCpus.computeIfAbsent(c, k -> FreshJvm.attempt(ExperimentSpec.of(Experiments.SPAWN, n).withKind(Kind.BEAM)
                        .withOption("schedulers", String.valueOf(k)).withWarmup(CpuProbe.WARMUP_BUDGET, runs), progress));
                spawns.row(c, Math.round(run.number("nsPerSpawnCold")), Math.round(run.number("nsPerSpawn")),
                        String.format(Boolean.parseBoolean(run.get("steady")) ? "steady after %s runs"
                                : run.get("steady").isEmpty() ? "%s runs" : "NOT steady: the last of %s runs", Grid.print(run.number("iterations"))),
                        b.ok() ? Grid.print(b.nsPerSpawn()) : b.outcome(),
                        b.ok() ? Grid.ratio(run.number("nsPerSpawn"), b.nsPerSpawn()) : Double.NaN,
                        PublishedFigures.of("cpu-limit", "nsPerSpawn").stream().filter(f -> f.n() != null && f.n() == c)
                                .mapToDouble(PublishedFigure::value).findFirst().orElse(Double.NaN));
                articles.row(c, c + " / " + Math.max(2, c) + " (Go 1.24: the host's count)");
            } finally {
                group.ifPresent(Cgroups.Group::close);
            }
        }
        return new Section(derived.build(), null, List.of(
                real ? "real quotas come from a fresh cpu cgroup per child (only up to the host's " + host + " CPUs, and where the "
                        + "quota could be written); the others are simulated with -XX:ActiveProcessorCount"
                        : Cgroups.whyNot("cpu") + " (-XX:ActiveProcessorCount)",
                "availableProcessors follows the quota (rounded up), and from it the carriers, the GC's threads, the JIT's threads, and with 1 CPU even the GC itself (Serial)",
                "ns/spawn, steady: the median of the measured runs once the warm-up protocol found the runs steady (or the last run, "
                        + "marked NOT steady); the cold run beside it is what a fresh VM pays, as the article measured",
                "BEAM here: the same spawn in a fresh BEAM VM with +S set to the CPU count (its schedulers), same machine, "
                        + "same protocol; a CPU count above the host's cores only adds schedulers, as -XX:ActiveProcessorCount only adds carriers"),
                List.of(), List.of(spawns.build(), articles.build()));
    }


    /** Max heap derived from 512 MB, a heap that fills (a visible error), and a heap bigger than the container (a silent kill). */
    public static Section memoryLimit(Progress progress) {
        GridLines table = new GridLines("The memory limit: the JVM reads it and sizes its heap; a full heap says so")
                .text("setting").text("memory the JVM sees").text("max heap it chose").text("when it fills").text("detail");
        ChildReply probe = ChildCall.launch(List.of(), MemoryProbe.class, List.of(), List.of("-XX:MaxRAM=512m"), Demos.DEADLINE, progress);
        table.row("-XX:MaxRAM=512m (simulated 512 MB machine)", Demos.bytes(probe.number("physicalMemorySeen")),
                Demos.bytes(probe.number("maxHeap")), "", "MaxRAM changes only the heap's sizing, not what the OS reports; GC " + probe.get("gc") + "; the heap is 25% of RAM by default (MaxRAMPercentage)");
        Optional<Cgroups.Group> group = Cgroups.limited("memory", g -> g.limitMemory(512L << 20));
        try {
            if (group.isPresent()) {
                ChildReply real = ChildCall.launch(group.get().wrapper(), MemoryProbe.class, List.of(), List.of(), Demos.DEADLINE, progress);
                table.row("a real memory cgroup limited to 512 MB", Demos.bytes(real.number("physicalMemorySeen")),
                        Demos.bytes(real.number("maxHeap")), "", "read from the cgroup by the JVM itself (container support), GC " + real.get("gc"));
                ChildReply fill = ChildCall.launch(group.get().wrapper(), HeapFillDemo.class, List.of("64", "100000"), List.of("-XX:-ExitOnOutOfMemoryError"), Demos.DEADLINE, progress);
                table.row("the same cgroup, processes holding 64 KiB each", "512 MB",
                        Demos.bytes(fill.number("maxHeap")), fill.ending(), Grid.print(fill.number("processes")) + " processes; " + fill.get("stoppedBy"));
            } else {
                ChildReply fill = ChildCall.launch(List.of(), HeapFillDemo.class, List.of("64", "100000"), List.of("-XX:MaxRAM=512m", "-XX:-ExitOnOutOfMemoryError"), Demos.DEADLINE, progress);
                table.row("-XX:MaxRAM=512m, processes holding 64 KiB each", "512 MB",
                        Demos.bytes(fill.number("maxHeap")), fill.ending(), Grid.print(fill.number("processes")) + " processes; " + fill.get("stoppedBy"));
            }
        } finally {
            group.ifPresent(Cgroups.Group::close);
        }
        Optional<Cgroups.Group> small = Cgroups.limited("memory", g -> g.limitMemory(256L << 20));
        try {
            if (small.isPresent()) {
                ChildReply killed = ChildCall.launch(small.get().wrapper(), HeapFillDemo.class, List.of("64", "100000"),
                        List.of("-Xmx1g", "-XX:-ExitOnOutOfMemoryError"), Demos.DEADLINE, progress);
                table.row("a real 256 MB cgroup, but -Xmx1g (a heap the container cannot hold)", "256 MB", "1.0 GiB",
                        killed.ending(), killed.run().exitCode() == 137 ? "after about " + Grid.print(killed.number("processes")) + " processes; the BEAM case: nothing in the log, only the exit code"
                                : "the kernel refused earlier: " + killed.jvmMessage());
            } else {
                table.row("a heap bigger than the container", "", "", "not run",
                        Cgroups.whyNot("memory") + ": the kernel's SIGKILL (exit 137) cannot be shown without a real limit");
            }
        } finally {
            small.ifPresent(Cgroups.Group::close);
        }
        publishedRow(table, "memory-limit", "processesAtKill");
        return new Section(table.build(), null, List.of("The heap-filling child turns off the toolkit's -XX:+ExitOnOutOfMemoryError to catch the error and report its message and count;"
                        + " with it on, the JVM ends at once with exit code 3 and the message; either way it is said, not a silent 137."));
    }

    /** Memory outside the heap that a container still counts: thread stacks, direct buffers, metaspace. */
    public static Section offHeap(int threads, int directMiB, int classes, Progress progress) {
        if (threads < 1 || threads > 2000 || directMiB < 1 || directMiB > 512 || classes < 1 || classes > 50_000) {
            throw new IllegalArgumentException("threads 1..2000, direct MiB 1..512, classes 1..50,000; got "
                    + threads + ", " + directMiB + ", " + classes);
        }
        ChildReply run = ChildCall.launch(List.of(), OffHeapDemo.class,
                List.of(String.valueOf(threads), String.valueOf(directMiB), String.valueOf(classes)),
                List.of(Demos.SMALL_DEMO_HEAP, "-XX:NativeMemoryTracking=summary", "-XX:MaxDirectMemorySize=" + (directMiB + 16) + "m"),
                Demos.DEADLINE, progress);
        GridLines table = new GridLines("Memory outside the heap, measured in a child JVM with -Xmx64m: " + run.ending())
                .text("added").text("heap grew").text("outside the heap (NMT)").text("RSS grew").text("capped by");
        offRow(table, run, "threads", threads + " platform threads (1 MiB stacks, parked)",
                "thread stacks " + Demos.bytes(run.number("threads.stacks")), "ulimit -u, pids.max, -Xss per thread; not -Xmx");
        offRow(table, run, "direct", directMiB + " MiB of direct ByteBuffers",
                "Other " + Demos.bytes(run.number("direct.other")), "-XX:MaxDirectMemorySize (default: the max heap); not -Xmx");
        offRow(table, run, "classes", classes + " hidden classes",
                "Metaspace " + Demos.bytes(run.number("classes.metaspace")), "-XX:MaxMetaspaceSize (default: unlimited); not -Xmx");
        return new Section(table.build(), null, List.of("A container's limit counts the whole process (RSS), not the heap: size -Xmx (or MaxRAMPercentage) to leave room for these."));
    }

    private static void offRow(GridLines table, ChildReply run, String key, String label, String outside, String cap) {
        table.row(label, Demos.bytes(run.number(key + ".heap")), outside, Demos.bytes(run.number(key + ".rss")), cap);
    }

    private static void publishedRow(GridLines table, String experiment, String metric) {
        PublishedFigures.of(experiment, metric).stream().findFirst().ifPresent(f ->
                table.row("article: " + f.runtime(), "512 MB", "(BEAM has no heap limit)", "killed by the kernel (exit 137), no log", f.note()));
    }

}
