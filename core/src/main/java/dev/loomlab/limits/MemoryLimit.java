package dev.loomlab.limits;

import com.sun.management.OperatingSystemMXBean;
import dev.loomlab.jvm.ChildCall;
import dev.loomlab.jvm.ChildReply;
import dev.loomlab.jvm.ChildSide;
import dev.loomlab.process.Pid;
import dev.loomlab.process.Processes;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
import dev.loomlab.util.Progress;
import dev.loomlab.view.Grid;
import dev.loomlab.view.GridLines;
import dev.loomlab.view.Section;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Section 7.2: what the JVM reads from a memory limit and the heap it sizes, a heap that fills, a
 * heap bigger than its container; and the swap lesson: {@code docker run -m 512m} without
 * {@code --memory-swap} allows as much swap again, and the article's BEAM then lasted to 350–400k
 * processes (949.3 MB) instead of being killed at about half. For each swap case: what the cgroup
 * files say (a real cgroup where one can be created, else files the toolkit writes, labelled
 * simulated), and what a child JVM ({@link #main}) reads from them.
 */
public final class MemoryLimit {

    static final long LIMIT = 512L << 20;

    private MemoryLimit() {}

    /** Max heap derived from 512 MB, a heap that fills (a visible error), and a heap bigger than the container (a silent kill). */
    public static Section section(Progress progress) {
        GridLines table = new GridLines("The memory limit: the JVM reads it and sizes its heap; a full heap says so")
                .text("setting").text("memory the JVM sees").text("max heap it chose").text("when it fills").text("detail");
        ChildReply probe = probe(List.of(), List.of("-XX:MaxRAM=512m"), progress);
        table.row("-XX:MaxRAM=512m (simulated 512 MB machine)", Demos.bytes(probe.number("physicalMemorySeen")),
                Demos.bytes(probe.number("maxHeap")), "", "MaxRAM changes only the heap's sizing, not what the OS reports; GC " + probe.get("gc") + "; the heap is 25% of RAM by default (MaxRAMPercentage)");
        Optional<Cgroups.Group> group = Cgroups.limited("memory", g -> g.limitMemory(LIMIT));
        try {
            if (group.isPresent()) {
                ChildReply real = probe(group.get().wrapper(), List.of(), progress);
                table.row("a real memory cgroup limited to 512 MB", Demos.bytes(real.number("physicalMemorySeen")),
                        Demos.bytes(real.number("maxHeap")), "", "read from the cgroup by the JVM itself (container support), GC " + real.get("gc"));
                ChildReply fill = fill(group.get().wrapper(), List.of("-XX:-ExitOnOutOfMemoryError"), progress);
                table.row("the same cgroup, processes holding 64 KiB each", "512 MB",
                        Demos.bytes(fill.number("maxHeap")), fill.ending(), Grid.print(fill.number("processes")) + " processes; " + fill.get("stoppedBy"));
            } else {
                ChildReply fill = fill(List.of(), List.of("-XX:MaxRAM=512m", "-XX:-ExitOnOutOfMemoryError"), progress);
                table.row("-XX:MaxRAM=512m, processes holding 64 KiB each", "512 MB",
                        Demos.bytes(fill.number("maxHeap")), fill.ending(), Grid.print(fill.number("processes")) + " processes; " + fill.get("stoppedBy"));
            }
        } finally {
            group.ifPresent(Cgroups.Group::close);
        }
        Optional<Cgroups.Group> small = Cgroups.limited("memory", g -> g.limitMemory(256L << 20));
        try {
            if (small.isPresent()) {
                ChildReply killed = fill(small.get().wrapper(), List.of("-Xmx1g", "-XX:-ExitOnOutOfMemoryError"), progress);
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

    /** -m 512m with and without --memory-swap: the cgroup files, what the JVM reads, BEAM beside each. */
    public static Section swapLesson(Progress progress) {
        GridLines table = new GridLines("The swap lesson: what -m 512m allows with and without --memory-swap, and what the JVM reads")
                .text("docker run").text("cgroup files").text("memory limit").text("swap allowed").text("JVM sees memory / swap")
                .text("JVM max heap").text("BEAM in the same container (article)");
        List<String> notes = new ArrayList<>();
        Optional<SwapLimit> own = SwapLimit.ofThisProcess();
        var os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        table.row("(none: this JVM's own cgroup)",
                own.map(r -> "real, cgroup " + r.version() + ": " + r.dir()).orElse("none found in /proc/self/cgroup"),
                own.map(SwapLimit::memoryWords).orElse(""), own.map(SwapLimit::swapWords).orElse(""),
                Demos.bytes(os.getTotalMemorySize()) + " / " + Demos.bytes(os.getTotalSwapSpaceSize()),
                Demos.bytes(Runtime.getRuntime().maxMemory()), "");
        double[] heaps = new double[2];
        String[] swapsSeen = new String[2];
        boolean anyReal = false;
        long[] swaps = {LIMIT, 0};
        String[] names = {"-m 512m (swap: as much again, Docker's default)", "-m 512m --memory-swap 512m (no swap)"};
        for (int i = 0; i < 2; i++) {
            long allowed = swaps[i];
            Optional<Cgroups.Group> group = Cgroups.limited("memory", g -> g.limitMemoryAndSwap(LIMIT, allowed));
            try {
                SwapLimit reading;
                ChildReply probe;
                String files;
                String seen;
                if (group.isPresent()) {
                    anyReal = true;
                    reading = SwapLimit.read(group.get().dir()).orElseThrow();
                    probe = probe(group.get().wrapper(), List.of(), progress);
                    files = "real, cgroup " + reading.version() + ": " + reading.files();
                    seen = Demos.bytes(probe.number("physicalMemorySeen")) + " / " + Demos.bytes(probe.number("swapSeen"));
                    swapsSeen[i] = Demos.bytes(probe.number("swapSeen"));
                } else {
                    reading = simulated(own.map(SwapLimit::version).orElse("v2"), allowed);
                    probe = probe(List.of(), List.of("-XX:MaxRAM=512m"), progress);
                    files = "SIMULATED: files written by the toolkit (" + reading.version() + ": " + reading.files()
                            + "), read back by the same reader; the child JVM got -XX:MaxRAM=512m, which sets memory only";
                    seen = "512 MiB (MaxRAM) / not simulated";
                    swapsSeen[i] = null;
                }
                heaps[i] = probe.number("maxHeap");
                table.row(names[i], files, reading.memoryWords(), reading.swapWords(), seen, Demos.bytes(heaps[i]),
                        i == 0 ? beamWithSwap() : "killed by the kernel's OOM killer (exit 137), no log, at about half the count: "
                                + "without --memory-swap the article measured double");
            } finally {
                group.ifPresent(Cgroups.Group::close);
            }
        }
        notes.add(swapVerdict(heaps, swapsSeen));
        notes.add(anyReal ? "the two docker cases are real memory cgroups created for one child JVM each, removed after"
                : Cgroups.whyNot("memory") + ": the docker cases are SIMULATED (files written and read back, the JVM given -XX:MaxRAM)");
        notes.add("BEAM does not read the memory limit at all (the article, section 7.2): swap only moves the point where the kernel kills it");
        return new Section(table.build(), null, notes);
    }

    /** The sentence computed from the two probes: is the heap the same with and without swap, and did the JVM see the swap? */
    static String swapVerdict(double[] heaps, String[] swapsSeen) {
        String heapWords = Double.isNaN(heaps[0]) || Double.isNaN(heaps[1]) ? "the heaps could not both be read"
                : heaps[0] == heaps[1] ? "this run, the JVM chose the same max heap (" + Demos.bytes(heaps[0]) + ") with and without swap: "
                + "it sizes its heap from the memory limit alone, so swap moves the container's kill point for what lies outside the heap, "
                + "not the heap's own OutOfMemoryError"
                : "this run, the JVM chose " + Demos.bytes(heaps[0]) + " with swap and " + Demos.bytes(heaps[1]) + " without";
        String swapWords = swapsSeen[0] == null ? "; swap as the JVM sees it needs a real cgroup (not available here)"
                : "; the JVM saw " + swapsSeen[0] + " of swap with -m alone and " + swapsSeen[1] + " with --memory-swap";
        return heapWords + swapWords;
    }

    private static SwapLimit simulated(String version, long swap) {
        try {
            Path dir = Files.createTempDirectory("loomlab-swap-");
            try {
                SwapLimit.simulate(dir, version, LIMIT, swap);
                return SwapLimit.read(dir).orElseThrow();
            } finally {
                try (var files = Files.list(dir)) {
                    for (Path f : files.toList()) {
                        Files.deleteIfExists(f);
                    }
                }
                Files.deleteIfExists(dir);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the simulated cgroup files: " + e.getMessage(), e);
        }
    }

    private static String beamWithSwap() {
        return PublishedFigures.of("memory-limit", "processesAtKill").stream().findFirst()
                .map(PublishedFigure::note).orElse("killed later: the article's figure is not in the dataset");
    }

    private static void publishedRow(GridLines table, String experiment, String metric) {
        PublishedFigures.of(experiment, metric).stream().findFirst().ifPresent(f ->
                table.row("article: " + f.runtime(), "512 MB", "(BEAM has no heap limit)", "killed by the kernel (exit 137), no log", f.note()));
    }

    /** A child JVM that reports the memory and swap it sees and the heap it sized ({@link #main}'s {@code probe}). */
    private static ChildReply probe(List<String> wrapper, List<String> flags, Progress progress) {
        return ChildCall.launch(wrapper, MemoryLimit.class, List.of("probe"), flags, Demos.DEADLINE, progress);
    }

    /** A child JVM that spawns processes holding 64 KiB each, up to 100,000, until memory runs out ({@link #main}'s {@code fill}). */
    private static ChildReply fill(List<String> wrapper, List<String> flags, Progress progress) {
        return ChildCall.launch(wrapper, MemoryLimit.class, List.of("fill", "64", "100000"), flags, Demos.DEADLINE, progress);
    }

    /**
     * The child JVM: {@code probe}, the memory this JVM believes it has, the swap it believes it may
     * use, and the heap it sized from them; or {@code fill KIB MAX_PROCESSES}, processes that each
     * hold {@code KIB} KiB of state, spawned until memory runs out (the heap, or the container),
     * the count logged as it goes. A full heap ends it with the OutOfMemoryError's message and exit
     * code 3; a container limit below the heap ends it with SIGKILL and no message.
     */
    public static void main(String[] args) throws Exception {
        List<String> spec = ChildSide.arguments(args, "MemoryLimit");
        if (spec.get(0).equals("probe")) {
            var os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            ChildSide.result("physicalMemorySeen", os.getTotalMemorySize());
            ChildSide.result("swapSeen", os.getTotalSwapSpaceSize());
            ChildSide.result("maxHeap", Runtime.getRuntime().maxMemory());
            ChildSide.result("gc", String.join(" + ", ManagementFactory.getGarbageCollectorMXBeans().stream()
                    .map(b -> b.getName()).toList()));
            ChildSide.exit(0);
            return;
        }
        int kib = Integer.parseInt(spec.get(1));
        int max = Integer.parseInt(spec.get(2));
        ChildSide.result("maxHeap", Runtime.getRuntime().maxMemory());
        List<Pid> pids = new ArrayList<>();
        byte[] reserve = new byte[8 << 20]; // given back on failure, so the report itself can allocate
        int i = 1;
        try {
            for (; i <= max; i++) {
                spawnHolding(pids, kib);
                if (i % 250 == 0) {
                    ChildSide.result("processes", i);
                    ChildSide.result("heapUsed", DemoOutput.heapUsed());
                }
            }
        } catch (Throwable e) {
            reserve = null;
            System.gc();
            Throwable root = e;
            while (!(root instanceof OutOfMemoryError) && root.getCause() != null) {
                root = root.getCause();
            }
            ChildSide.result("processes", i - 1);
            ChildSide.result("stoppedBy", DemoOutput.describe(root));
            ChildSide.exit(3);
        }
        ChildSide.log("all %,d processes fit (%d)", max, reserve.length);
        ChildSide.exit(0);
    }

    private static void spawnHolding(List<Pid> pids, int kib) {
        byte[] state = new byte[kib * 1024];
        state[state.length - 1] = 1;
        pids.add(Processes.spawn(self -> {
            self.receive();
            if (state[0] == 42) {
                System.err.println("log never");
            }
        }));
    }
}
