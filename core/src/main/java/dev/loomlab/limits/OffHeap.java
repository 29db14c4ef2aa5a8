package dev.loomlab.limits;

import dev.loomlab.jvm.ChildCall;
import dev.loomlab.jvm.ChildReply;
import dev.loomlab.jvm.ChildSide;
import dev.loomlab.measure.MemorySnapshot;
import dev.loomlab.util.Progress;
import dev.loomlab.view.GridLines;
import dev.loomlab.view.Section;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.ObjectName;

/** Section 7.2: memory a container counts that the heap does not, measured in a child JVM ({@link #main}). */
public final class OffHeap {

    private static final Pattern CATEGORY = Pattern.compile("-\\s+([A-Za-z][A-Za-z ]*?) \\(reserved=(\\d+)KB, committed=(\\d+)KB");
    private static final Pattern STACK = Pattern.compile("\\(stack: reserved=(\\d+)KB, committed=(\\d+)KB");

    private OffHeap() {}

    /** Memory outside the heap that a container still counts: thread stacks, direct buffers, metaspace. */
    public static Section section(int threads, int directMiB, int classes, Progress progress) {
        if (threads < 1 || threads > 2000 || directMiB < 1 || directMiB > 512 || classes < 1 || classes > 50_000) {
            throw new IllegalArgumentException("threads 1..2000, direct MiB 1..512, classes 1..50,000; got "
                    + threads + ", " + directMiB + ", " + classes);
        }
        ChildReply run = ChildCall.launch(List.of(), OffHeap.class,
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

    /**
     * The child JVM (with Native Memory Tracking): {@code THREADS DIRECT_MIB CLASSES}. Adds, one at
     * a time, parked platform threads, direct buffers and hidden classes, and reports what the heap,
     * Native Memory Tracking and RSS each saw grow.
     */
    public static void main(String[] args) throws Throwable {
        List<String> spec = ChildSide.arguments(args, "OffHeap");
        int threads = Integer.parseInt(spec.get(0));
        int directMiB = Integer.parseInt(spec.get(1));
        int classes = Integer.parseInt(spec.get(2));

        Snapshot before = Snapshot.take();
        CountDownLatch release = new CountDownLatch(1);
        List<Thread> started = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            started.add(Thread.ofPlatform().daemon(true).stackSize(1 << 20).start(() -> {
                touchStack(64);
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        Thread.sleep(200);
        Snapshot afterThreads = Snapshot.take();
        report("threads", before, afterThreads);

        List<ByteBuffer> buffers = new ArrayList<>();
        for (int i = 0; i < directMiB; i++) {
            ByteBuffer b = ByteBuffer.allocateDirect(1 << 20);
            for (int p = 0; p < b.capacity(); p += 4096) {
                b.put(p, (byte) 1);
            }
            buffers.add(b);
        }
        Snapshot afterDirect = Snapshot.take();
        report("direct", afterThreads, afterDirect);

        byte[] bytes;
        try (InputStream in = Blob.class.getResourceAsStream("Blob.class")) {
            bytes = in.readAllBytes();
        }
        List<Class<?>> defined = new ArrayList<>();
        for (int i = 0; i < classes; i++) {
            defined.add(MethodHandles.lookup().defineHiddenClass(bytes, true).lookupClass());
        }
        Snapshot afterClasses = Snapshot.take();
        report("classes", afterDirect, afterClasses);
        ChildSide.result("kept", started.size() + buffers.size() + defined.size());
        release.countDown();
        ChildSide.exit(0);
    }

    /** Uses a little stack, as a thread that did some work would. */
    private static int touchStack(int depth) {
        long[] pad = new long[8];
        pad[depth % 8] = depth;
        return depth == 0 ? (int) pad[0] : touchStack(depth - 1) + (int) pad[depth % 8];
    }

    private static void report(String what, Snapshot a, Snapshot b) {
        ChildSide.result(what + ".heap", b.heap - a.heap);
        ChildSide.result(what + ".rss", b.rss - a.rss);
        ChildSide.result(what + ".stacks", b.stacks - a.stacks);
        ChildSide.result(what + ".other", b.nmt.getOrDefault("Other", 0L) - a.nmt.getOrDefault("Other", 0L));
        ChildSide.result(what + ".metaspace", b.nmt.getOrDefault("Metaspace", b.nmt.getOrDefault("Class", 0L))
                - a.nmt.getOrDefault("Metaspace", a.nmt.getOrDefault("Class", 0L)));
        ChildSide.result(what + ".class", b.nmt.getOrDefault("Class", 0L) - a.nmt.getOrDefault("Class", 0L));
    }

    record Snapshot(long heap, long rss, long stacks, Map<String, Long> nmt) {
        static Snapshot take() {
            System.gc();
            String summary = nmtSummary();
            Map<String, Long> nmt = new LinkedHashMap<>();
            Matcher m = CATEGORY.matcher(summary);
            while (m.find()) {
                nmt.putIfAbsent(m.group(1).trim(), Long.parseLong(m.group(3)) * 1024);
            }
            Matcher s = STACK.matcher(summary);
            long stacks = s.find() ? Long.parseLong(s.group(2)) * 1024 : 0;
            return new Snapshot(DemoOutput.heapUsed(), MemorySnapshot.currentRss(), stacks, nmt);
        }
    }

    static String nmtSummary() {
        try {
            ObjectName name = new ObjectName("com.sun.management:type=DiagnosticCommand");
            return String.valueOf(ManagementFactory.getPlatformMBeanServer().invoke(name, "vmNativeMemory",
                    new Object[] {new String[] {"summary"}}, new String[] {String[].class.getName()}));
        } catch (Exception e) {
            return "";
        }
    }
}
