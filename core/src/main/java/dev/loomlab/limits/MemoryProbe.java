package dev.loomlab.limits;

import java.lang.management.ManagementFactory;

/** Child JVM: the memory this JVM believes it has and the swap it believes it may use, and the heap it sized from them. No args. */
public final class MemoryProbe {

    private MemoryProbe() {}

    public static void main(String[] args) {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        DemoOutput.result("physicalMemorySeen", os.getTotalMemorySize());
        DemoOutput.result("swapSeen", os.getTotalSwapSpaceSize());
        DemoOutput.result("maxHeap", Runtime.getRuntime().maxMemory());
        DemoOutput.result("gc", String.join(" + ", ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(b -> b.getName()).toList()));
        System.exit(0);
    }
}
