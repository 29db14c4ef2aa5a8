package dev.loomlab.limits;

import dev.loomlab.jvm.ChildSide;
import java.util.List;

import com.sun.management.HotSpotDiagnosticMXBean;
import dev.loomlab.experiment.IdleGroup;
import dev.loomlab.experiment.Kind;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;

/**
 * Child JVM: what this JVM derived from the CPUs it was given (processors, virtual-thread
 * carriers, GC and its threads, JIT compiler threads), then spawns n idle processes {@code runs}
 * times and reports the first run and the median of the others. Args: n runs.
 */
public final class CpuProbe {

    private CpuProbe() {}

    public static void main(String[] args) throws Exception {
        List<String> spec = ChildSide.arguments(args, "CpuProbe");
        int n = Integer.parseInt(spec.get(0));
        int runs = Integer.parseInt(spec.get(1));
        HotSpotDiagnosticMXBean hs = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        ChildSide.result("availableProcessors", Runtime.getRuntime().availableProcessors());
        ChildSide.result("carriers", carriers());
        ChildSide.result("gc", String.join(" + ", ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(b -> b.getName()).toList()));
        ChildSide.result("parallelGcThreads", hs.getVMOption("ParallelGCThreads").getValue());
        ChildSide.result("concGcThreads", hs.getVMOption("ConcGCThreads").getValue());
        ChildSide.result("compilerThreads", hs.getVMOption("CICompilerCount").getValue());
        double[] ns = new double[runs];
        for (int r = 0; r < runs; r++) {
            try (IdleGroup group = IdleGroup.start(Kind.PROCESS, n, Duration.ofSeconds(60))) {
                ns[r] = (double) group.spawnNanos() / n;
            }
        }
        ChildSide.result("nsPerSpawnFirst", ns[0]);
        double[] warm = Arrays.copyOfRange(ns, runs > 1 ? 1 : 0, runs);
        Arrays.sort(warm);
        ChildSide.result("nsPerSpawnWarm", warm[warm.length / 2]);
        ChildSide.exit(0);
    }

    /** The virtual-thread scheduler's parallelism, read from the JDK when it lets us; else its documented default. */
    static int carriers() {
        try {
            var field = Class.forName("java.lang.VirtualThread").getDeclaredField("DEFAULT_SCHEDULER");
            field.setAccessible(true);
            Object scheduler = field.get(null);
            if (scheduler instanceof ForkJoinPool pool) {
                return pool.getParallelism();
            }
        } catch (ReflectiveOperationException | RuntimeException ignored) {
            // not opened: fall back to the documented default
        }
        String configured = System.getProperty("jdk.virtualThreadScheduler.parallelism");
        return configured != null ? Integer.parseInt(configured) : Runtime.getRuntime().availableProcessors();
    }
}
