package dev.loomlab.measure;

import java.lang.management.ManagementFactory;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.ObjectName;

/**
 * Native Memory Tracking, read through the DiagnosticCommand MBean ({@code jcmd VM.native_memory}).
 * Platform threads keep their stacks outside the heap: NMT's "Thread" category is the honest
 * count of them. It is on only when the JVM started with {@code -XX:NativeMemoryTracking=summary}.
 */
public final class NativeMemory {

    private static final Pattern THREAD = Pattern.compile(
            "-\\s+Thread \\(reserved=(\\d+)KB, committed=(\\d+)KB\\)");
    private static final Pattern STACK = Pattern.compile(
            "\\(stack: reserved=(\\d+)KB, committed=(\\d+)KB");

    private NativeMemory() {}

    /** True if this JVM tracks native memory. */
    public static boolean isTracking() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .anyMatch(a -> a.startsWith("-XX:NativeMemoryTracking=") && !a.endsWith("=off"));
    }

    /** Committed bytes of thread stacks (NMT's "stack: committed"), or empty when NMT is off. */
    public static OptionalLong threadStacksCommitted() {
        return stacks(2);
    }

    /**
     * Reserved bytes of thread stacks (address space, NMT's "stack: reserved"), or empty when NMT
     * is off. A smaller stack size shrinks this; what is committed is what the threads touched.
     */
    public static OptionalLong threadStacksReserved() {
        return stacks(1);
    }

    private static OptionalLong stacks(int group) {
        if (!isTracking()) {
            return OptionalLong.empty();
        }
        String summary = summary();
        Matcher stack = STACK.matcher(summary);
        if (stack.find()) {
            return OptionalLong.of(Long.parseLong(stack.group(group)) * 1024);
        }
        Matcher thread = THREAD.matcher(summary);
        return thread.find() ? OptionalLong.of(Long.parseLong(thread.group(group)) * 1024) : OptionalLong.empty();
    }

    private static String summary() {
        try {
            ObjectName name = new ObjectName("com.sun.management:type=DiagnosticCommand");
            Object out = ManagementFactory.getPlatformMBeanServer().invoke(name, "vmNativeMemory",
                    new Object[] {new String[] {"summary"}}, new String[] {String[].class.getName()});
            return String.valueOf(out);
        } catch (Exception e) {
            return "";
        }
    }
}
