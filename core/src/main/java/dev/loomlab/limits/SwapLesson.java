package dev.loomlab.limits;

import dev.loomlab.jvm.ChildCall;
import dev.loomlab.jvm.ChildReply;

import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
import dev.loomlab.util.Progress;
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
 * The Japanese article's swap lesson on the JVM: {@code docker run -m 512m} without
 * {@code --memory-swap} allows as much swap again, and the article's BEAM then lasted to 350–400k
 * processes (949.3 MB) instead of being killed at about half. For each case: what the cgroup files
 * say (a real cgroup where one can be created, else files the toolkit writes, labelled simulated),
 * and what a child JVM reads from them: the memory and swap it sees, and the heap it sizes.
 */
public final class SwapLesson {

    static final long LIMIT = 512L << 20;

    private SwapLesson() {}

    /** -m 512m with and without --memory-swap: the cgroup files, what the JVM reads, BEAM beside each. */
    public static Section section(Progress progress) {
        GridLines table = new GridLines("The swap lesson: what -m 512m allows with and without --memory-swap, and what the JVM reads")
                .text("docker run").text("cgroup files").text("memory limit").text("swap allowed").text("JVM sees memory / swap")
                .text("JVM max heap").text("BEAM in the same container (article)");
        List<String> notes = new ArrayList<>();
        Optional<SwapLimit> own = SwapLimit.ofThisProcess();
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
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
                    probe = ChildCall.launch(group.get().wrapper(), MemoryProbe.class, List.of(), List.of(), Demos.DEADLINE, progress);
                    files = "real, cgroup " + reading.version() + ": " + reading.files();
                    seen = Demos.bytes(probe.number("physicalMemorySeen")) + " / " + Demos.bytes(probe.number("swapSeen"));
                    swapsSeen[i] = Demos.bytes(probe.number("swapSeen"));
                } else {
                    reading = simulated(own.map(SwapLimit::version).orElse("v2"), allowed);
                    probe = ChildCall.launch(List.of(), MemoryProbe.class, List.of(), List.of("-XX:MaxRAM=512m"), Demos.DEADLINE, progress);
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
        notes.add(verdict(heaps, swapsSeen));
        notes.add(anyReal ? "the two docker cases are real memory cgroups created for one child JVM each, removed after"
                : Cgroups.whyNot("memory") + ": the docker cases are SIMULATED (files written and read back, the JVM given -XX:MaxRAM)");
        notes.add("BEAM does not read the memory limit at all (the article, section 7.2): swap only moves the point where the kernel kills it");
        return new Section(table.build(), null, notes);
    }

    /** The sentence computed from the two probes: is the heap the same with and without swap, and did the JVM see the swap? */
    static String verdict(double[] heaps, String[] swapsSeen) {
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
}
