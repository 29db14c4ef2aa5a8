package dev.loomlab.cli;

import dev.loomlab.util.Progress;
import dev.loomlab.view.Section;
import dev.loomlab.limits.CpuLimit;
import dev.loomlab.limits.MemoryLimit;
import dev.loomlab.limits.OffHeap;
import dev.loomlab.limits.PerProcessCap;
import dev.loomlab.limits.SupervisedRunaway;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code loomlab containers WHAT}: the Japanese article's section 7 demos, each in child JVMs. */
@Command(name = "containers", mixinStandardHelpOptions = true,
        description = {"Containers and caps: the Japanese article's section 7.",
                "Each demo runs in child JVMs with small heaps and deadlines; real cgroup limits where this machine "
                        + "lets us create them, JVM flags otherwise:",
                "  cpu         what the JVM derives from 1, 2, 4 CPUs; spawn time at each",
                "  memory      the heap sized from 512 MB; a full heap (a message) vs a heap bigger than the container (137)",
                "  off-heap    thread stacks, direct buffers, metaspace: outside -Xmx, inside the container's limit",
                "  cap         no per-thread cap in a shared heap; a child JVM's -Xmx; the direct-buffer loophole",
                "  supervise   a heartbeat beside a runaway worker under a supervisor (3 restarts in 60 s)"})
final class ContainersCommand extends SectionCommand {

    @Parameters(paramLabel = "WHAT", description = "cpu, memory, off-heap, cap or supervise")
    String what;

    @Override
    Section section(Progress progress) {
        return switch (what) {
            case "cpu" -> CpuLimit.section(new int[] {1, 2, 4}, dev.loomlab.measure.Cap.atMost(30_000), 3, progress);
            case "memory" -> MemoryLimit.section(progress);
            case "off-heap" -> OffHeap.section(200, 64, 2_000, progress);
            case "cap" -> PerProcessCap.section(progress);
            case "supervise" -> SupervisedRunaway.section(3, 60, progress);
            default -> throw new IllegalArgumentException("unknown containers demo \"" + what + "\": use cpu, memory, off-heap, cap or supervise");
        };
    }
}
