package dev.loomlab.limits;

import dev.loomlab.jvm.ChildCall;
import dev.loomlab.jvm.ChildReply;

import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
import dev.loomlab.util.Progress;
import dev.loomlab.view.Grid;
import dev.loomlab.view.GridColumn;
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
        GridColumn setting = GridColumn.text("docker run");
        GridColumn files = GridColumn.text("cgroup files");
        GridColumn memory = GridColumn.text("memory limit");
        GridColumn swap = GridColumn.text("swap allowed");
        GridColumn seen = GridColumn.text("JVM sees memory / swap");
        GridColumn heap = GridColumn.text("JVM max heap");
        GridColumn beam = GridColumn.text("BEAM in the same container (article)");
        List<String> notes = new ArrayList<>();
        Optional<SwapLimit> own = SwapLimit.ofThisProcess();
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        setting.append("(none: this JVM's own cgroup)");
        files.append(own.map(r -> "real, cgroup " + r.version() + ": " + r.dir()).orElse("none found in /proc/self/cgroup"));
        memory.append(own.map(SwapLimit::memoryWords).orElse(""));
        swap.append(own.map(SwapLimit::swapWords).orElse(""));
        seen.append(Rows.bytes(os.getTotalMemorySize()) + " / " + Rows.bytes(os.getTotalSwapSpaceSize()));
        heap.append(Rows.bytes(Runtime.getRuntime().maxMemory()));
        beam.append("");
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
                if (group.isPresent()) {
                    anyReal = true;
                    reading = SwapLimit.read(group.get().dir()).orElseThrow();
                    probe = ChildCall.launch(group.get().wrapper(), MemoryProbe.class, List.of(), List.of(), Rows.DEADLINE, progress);
                    files.append("real, cgroup " + reading.version() + ": " + reading.files());
                    seen.append(Rows.bytes(probe.number("physicalMemorySeen")) + " / " + Rows.bytes(probe.number("swapSeen")));
                    swapsSeen[i] = Rows.bytes(probe.number("swapSeen"));
                } else {
                    reading = simulated(own.map(SwapLimit::version).orElse("v2"), allowed);
                    probe = ChildCall.launch(List.of(), MemoryProbe.class, List.of(), List.of("-XX:MaxRAM=512m"), Rows.DEADLINE, progress);
                    files.append("SIMULATED: files written by the toolkit (" + reading.version() + ": " + reading.files()
                            + "), read back by the same reader; the child JVM got -XX:MaxRAM=512m, which sets memory only");
                    seen.append("512 MiB (MaxRAM) / not simulated");
                    swapsSeen[i] = null;
                }
                setting.append(names[i]);
                memory.append(reading.memoryWords());
                swap.append(reading.swapWords());
                heaps[i] = probe.number("maxHeap");
                heap.append(Rows.bytes(heaps[i]));
                beam.append(i == 0 ? beamWithSwap() : "killed by the kernel's OOM killer (exit 137), no log, at about half the count: "
                        + "without --memory-swap the article measured double");
            } finally {
                group.ifPresent(Cgroups.Group::close);
            }
        }
        notes.add(verdict(heaps, swapsSeen));
        notes.add(anyReal ? "the two docker cases are real memory cgroups created for one child JVM each, removed after"
                : Cgroups.whyNot("memory") + ": the docker cases are SIMULATED (files written and read back, the JVM given -XX:MaxRAM)");
        notes.add("BEAM does not read the memory limit at all (the article, section 7.2): swap only moves the point where the kernel kills it");
        return new Section(Grid.create("The swap lesson: what -m 512m allows with and without --memory-swap, and what the JVM reads",
                setting, files, memory, swap, seen, heap, beam), null, notes);
    }

    /** The sentence computed from the two probes: is the heap the same with and without swap, and did the JVM see the swap? */
    static String verdict(double[] heaps, String[] swapsSeen) {
        String heapWords = Double.isNaN(heaps[0]) || Double.isNaN(heaps[1]) ? "the heaps could not both be read"
                : heaps[0] == heaps[1] ? "this run, the JVM chose the same max heap (" + Rows.bytes(heaps[0]) + ") with and without swap: "
                + "it sizes its heap from the memory limit alone, so swap moves the container's kill point for what lies outside the heap, "
                + "not the heap's own OutOfMemoryError"
                : "this run, the JVM chose " + Rows.bytes(heaps[0]) + " with swap and " + Rows.bytes(heaps[1]) + " without";
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
