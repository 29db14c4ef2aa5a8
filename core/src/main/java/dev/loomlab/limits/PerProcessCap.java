package dev.loomlab.limits;

import dev.loomlab.jvm.ChildCall;
import dev.loomlab.jvm.ChildReply;
import dev.loomlab.jvm.ChildSide;
import dev.loomlab.measure.Units;
import dev.loomlab.process.ExitReason;
import dev.loomlab.process.Pid;
import dev.loomlab.process.Processes;
import dev.loomlab.published.PublishedFigures;
import dev.loomlab.util.Progress;
import dev.loomlab.view.GridLines;
import dev.loomlab.view.Section;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Section 7.4: no per-process cap in a shared heap, a child JVM with its own -Xmx as the real one,
 * and the direct-buffer loophole. Each case runs in a child JVM ({@link #main}: the runaways).
 */
public final class PerProcessCap {

    /** How long a round waits, in all, for its bystanders to end once told to stop; those still alive are stuck. */
    static final Duration STOP_WAIT = Duration.ofSeconds(5);

    private PerProcessCap() {}

    /** No per-thread cap in a shared heap; the true analogue of max_heap_size is a child JVM; the direct-buffer loophole. */
    public static Section section(Progress progress) {
        GridLines table = new GridLines("A cap per process: one shared heap has none; a child JVM with its own -Xmx is the real one")
                .text("case").text("JVM setting").text("what happened").text("BEAM (article)");
        ChildReply shared = ChildCall.launch(List.of(), PerProcessCap.class, List.of("shared", "8", "3"),
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
                            + " of 8; that did not end within " + STOP_WAIT.toSeconds() + " s when told to stop: " + shared.get("round" + round + ".bystandersStuck") + " of 8",
                    round == 1 ? "only the process over its max_heap_size is killed" : "");
        }
        ChildReply heap = ChildCall.launch(List.of(), PerProcessCap.class, List.of("heap", "1024"), List.of(Demos.SMALL_DEMO_HEAP, "-XX:-ExitOnOutOfMemoryError"), Demos.DEADLINE, progress);
        table.row("the runaway in its own child JVM (the analogue of max_heap_size + kill)", Demos.SMALL_DEMO_HEAP,
                heap.ending() + " after " + heap.get("heldMiB") + " MiB; " + heap.get("stoppedBy") + "; the parent went on",
                vmBytes("vmBytesAfterKill"));
        ChildReply direct = ChildCall.launch(List.of(), PerProcessCap.class, List.of("direct", "1024"), List.of(Demos.SMALL_DEMO_HEAP), Demos.DEADLINE, progress);
        table.row("the binary loophole: direct ByteBuffers, 4 MiB each", Demos.SMALL_DEMO_HEAP + " only",
                direct.ending() + " after " + (long) direct.number("heldMiB") + " MiB outside the heap; " + direct.get("stoppedBy"),
                vmBytes("vmBytesWithBinaries"));
        ChildReply capped = ChildCall.launch(List.of(), PerProcessCap.class, List.of("direct", "1024"),
                List.of(Demos.SMALL_DEMO_HEAP, "-XX:MaxDirectMemorySize=16m"), Demos.DEADLINE, progress);
        table.row("the loophole closed: direct buffers with their own cap", Demos.SMALL_DEMO_HEAP + " -XX:MaxDirectMemorySize=16m",
                capped.ending() + " after " + (long) capped.number("heldMiB") + " MiB; " + capped.get("stoppedBy"),
                "include_shared_binaries: true stops it near 230 MB");
        ChildReply nativeRun = ChildCall.launch(List.of(), PerProcessCap.class, List.of("native", "128"), List.of(Demos.SMALL_DEMO_HEAP), Demos.DEADLINE, progress);
        table.row("native memory (FFM Arena), 4 MiB each", Demos.SMALL_DEMO_HEAP + " (no JVM limit applies)",
                nativeRun.ending() + " after " + (long) nativeRun.number("heldMiB") + " MiB; stopped by: " + nativeRun.get("stoppedBy"),
                "only the container's limit stops this");
        return new Section(table.build(), null, List.of(
                "Who gets the OutOfMemoryError in a shared heap is whoever allocates when the heap is full: usually the runaway (it allocates most), not always.",
                "Every risky run here is a child JVM with -Xmx64m or -Xmx96m and a deadline."));
    }

    /**
     * The child JVM: {@code shared BYSTANDERS ROUNDS}, or a runaway alone, {@code heap|direct|native MAX_MIB}.
     * Shared (small heap, no exit on OutOfMemoryError): one runaway process and some well-behaved
     * bystanders share the heap; whoever's allocation fails gets the OutOfMemoryError, not
     * necessarily the culprit, and a bystander can also stop without an error and not end when told
     * to (counted as stuck); repeated {@code ROUNDS} times, after showing that the JVM cannot count a
     * virtual thread's allocations. Alone: one runaway keeps what it allocates, in 256 KiB (heap) or
     * 4 MiB (direct, native) chunks, until something stops it or it reaches {@code MAX_MIB}: byte
     * arrays stopped by -Xmx, direct ByteBuffers outside -Xmx stopped by -XX:MaxDirectMemorySize,
     * FFM arena memory that no JVM limit stops (only the container's).
     */
    public static void main(String[] args) throws Exception {
        List<String> spec = ChildSide.arguments(args, "PerProcessCap");
        if (spec.get(0).equals("shared")) {
            shared(spec);
        } else {
            alone(spec);
        }
    }

    private static void shared(List<String> spec) throws Exception {
        int bystanders = Integer.parseInt(spec.get(1));
        int rounds = Integer.parseInt(spec.get(2));
        allocationAccounting();
        for (int round = 1; round <= rounds; round++) {
            Map<String, String> hit = new TreeMap<>();
            List<Pid> others = new ArrayList<>();
            for (int i = 0; i < bystanders; i++) {
                others.add(Processes.spawn(self -> {
                    List<byte[]> recent = new ArrayList<>();
                    while (self.receive(Duration.ofMillis(1)).isEmpty()) {
                        recent.add(new byte[256 * 1024]);
                        if (recent.size() > 8) {
                            recent.remove(0);
                        }
                    }
                }));
            }
            Pid runaway = Processes.spawn(self -> {
                List<byte[]> kept = new ArrayList<>();
                while (true) {
                    kept.add(new byte[1 << 20]);
                    Thread.sleep(0, 200_000);
                }
            });
            ExitReason reason = runaway.awaitExit(Duration.ofSeconds(20)).orElse(ExitReason.of("still running"));
            hit.put("runaway", reason.name().contains("OutOfMemory") ? "OutOfMemoryError" : reason.name());
            Thread.sleep(100);
            int bystandersHit = 0;
            for (Pid p : others) {
                if (!p.isAlive()) {
                    bystandersHit++;
                }
                p.send("stop");
            }
            long deadline = System.nanoTime() + STOP_WAIT.toNanos();
            int stuck = 0;
            for (Pid p : others) {
                long left = Math.max(0, deadline - System.nanoTime());
                if (p.awaitExit(Duration.ofNanos(left)).isEmpty()) {
                    stuck++; // alive, told to stop, and not ended within STOP_WAIT: stranded by the exhaustion
                }
            }
            ChildSide.result("round" + round + ".runaway", hit.get("runaway"));
            ChildSide.result("round" + round + ".bystandersHit", bystandersHit);
            ChildSide.result("round" + round + ".bystandersStuck", stuck);
            System.gc();
        }
        ChildSide.exit(0);
    }

    private static void alone(List<String> spec) {
        String mode = spec.get(0);
        long maxMiB = Long.parseLong(spec.get(1));
        List<Object> kept = new ArrayList<>();
        double held = 0;
        ChildSide.result("maxHeap", Runtime.getRuntime().maxMemory());
        try {
            while (held < maxMiB) {
                switch (mode) {
                    case "heap" -> {
                        kept.add(new byte[256 << 10]); // below G1's humongous size, so the heap holds what it says
                        held += 0.25;
                    }
                    case "direct" -> {
                        ByteBuffer b = ByteBuffer.allocateDirect(4 << 20);
                        kept.add(b);
                        held += 4;
                    }
                    case "native" -> {
                        kept.add(nativeChunk(4 << 20));
                        held += 4;
                    }
                    default -> throw new IllegalArgumentException("mode must be heap, direct or native: " + mode);
                }
                ChildSide.result("heldMiB", held);
            }
        } catch (ReflectiveOperationException e) {
            ChildSide.result("stoppedBy", "the FFM API is not available on this JDK (it is final from JDK 22)");
            ChildSide.exit(0);
        } catch (OutOfMemoryError e) {
            kept.clear();
            ChildSide.result("stoppedBy", DemoOutput.describe(e));
            ChildSide.result("heapUsed", DemoOutput.heapUsed());
            ChildSide.exit(3);
        }
        ChildSide.result("stoppedBy", "nothing: reached the demo's own cap of " + maxMiB + " MiB");
        ChildSide.result("heapUsed", DemoOutput.heapUsed());
        ChildSide.exit(0);
    }

    /** Allocates 1 MiB in 16 KiB arrays, then stores what the JVM counted for the thread that ran it in {@code counted[0]}. */
    private static Runnable allocateOneMiB(com.sun.management.ThreadMXBean mx, long[] counted) {
        return () -> {
            byte[][] junk = new byte[64][];
            for (int i = 0; i < junk.length; i++) {
                junk[i] = new byte[16 * 1024];
            }
            counted[0] = mx.getCurrentThreadAllocatedBytes();
        };
    }

    /** What ThreadMXBean can tell about allocations: per platform thread yes, per virtual thread no. */
    static void allocationAccounting() throws Exception {
        var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long[] platform = new long[1];
        Thread.ofPlatform().start(allocateOneMiB(mx, platform)).join();
        long[] virtual = new long[2];
        Thread v = Thread.ofVirtual().start(allocateOneMiB(mx, virtual));
        virtual[1] = mx.getThreadAllocatedBytes(v.threadId());
        v.join();
        ChildSide.result("platformThreadAllocatedBytes", platform[0]);
        ChildSide.result("virtualCurrentThreadAllocatedBytes", virtual[0]);
        ChildSide.result("virtualThreadAllocatedBytesById", virtual[1]);
    }

    /** Arena.global().allocate(bytes).fill(1), through reflection: the toolkit compiles for 21, where FFM was a preview. */
    private static Object nativeChunk(long bytes) throws ReflectiveOperationException {
        Class<?> arena = Class.forName("java.lang.foreign.Arena");
        Object global = arena.getMethod("global").invoke(null);
        Object segment = arena.getMethod("allocate", long.class).invoke(global, bytes);
        Class.forName("java.lang.foreign.MemorySegment").getMethod("fill", byte.class).invoke(segment, (byte) 1);
        return segment;
    }

    private static String vmBytes(String metric) {
        return PublishedFigures.of("max-heap", metric).stream().findFirst()
                .map(f -> Units.bytes(f.value()) + ": " + f.note()).orElse("");
    }
}
