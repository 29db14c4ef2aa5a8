package dev.loomlab.limits;

import dev.loomlab.jvm.ChildSide;

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

/**
 * Child JVM (with Native Memory Tracking): memory a container counts that the heap does not.
 * Adds, one at a time, parked platform threads, direct buffers and hidden classes, and reports
 * what the heap, Native Memory Tracking and RSS each saw grow. Args: threads directMiB classes.
 */
public final class OffHeapDemo {

    private static final Pattern CATEGORY = Pattern.compile("-\\s+([A-Za-z][A-Za-z ]*?) \\(reserved=(\\d+)KB, committed=(\\d+)KB");
    private static final Pattern STACK = Pattern.compile("\\(stack: reserved=(\\d+)KB, committed=(\\d+)KB");

    private OffHeapDemo() {}

    public static void main(String[] args) throws Throwable {
        List<String> spec = ChildSide.arguments(args, "OffHeapDemo");
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
            return new Snapshot(DemoOutput.heapUsed(), dev.loomlab.measure.MemorySnapshot.currentRss(), stacks, nmt);
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
