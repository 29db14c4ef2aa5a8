package dev.loomlab.limits;

import dev.loomlab.jvm.ChildSide;

import java.lang.management.ManagementFactory;

/** Child JVM: the memory this JVM believes it has and the swap it believes it may use, and the heap it sized from them. No args. */
public final class MemoryProbe {

    private MemoryProbe() {}

    public static void main(String[] args) {
        ChildSide.open(args, "MemoryProbe");
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        ChildSide.result("physicalMemorySeen", os.getTotalMemorySize());
        ChildSide.result("swapSeen", os.getTotalSwapSpaceSize());
        ChildSide.result("maxHeap", Runtime.getRuntime().maxMemory());
        ChildSide.result("gc", String.join(" + ", ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(b -> b.getName()).toList()));
        ChildSide.exit(0);
    }
}
