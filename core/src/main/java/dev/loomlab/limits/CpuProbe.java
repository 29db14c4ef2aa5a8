package dev.loomlab.limits;

import dev.loomlab.jvm.ChildSide;
import java.util.List;

import com.sun.management.HotSpotDiagnosticMXBean;
import dev.loomlab.experiment.IdleGroup;
import dev.loomlab.experiment.Kind;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import dev.loomlab.measure.Spread;
import dev.loomlab.measure.SteadyState;
import dev.loomlab.measure.WarmupPolicy;
import java.util.ArrayList;
import java.util.concurrent.ForkJoinPool;

/**
 * Child JVM: what this JVM derived from the CPUs it was given (processors, virtual-thread
 * carriers, GC and its threads, JIT compiler threads), then times spawning n idle processes under
 * the warm-up protocol ({@link WarmupPolicy#DEFAULT} within {@link #WARMUP_BUDGET}, {@code runs} measured) and reports the cold
 * run, the steady median (the last run when not steady) and whether it was steady. Args: n runs.
 */
public final class CpuProbe {

    /** Six or more JVMs run one after the other in the section: a shorter warm-up than one experiment's. */
    static final Duration WARMUP_BUDGET = Duration.ofSeconds(4);

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
        // the warm-up protocol of every timing: cold run, warm-up until steady (or the budget), then `runs` measured
        SteadyState protocol = new SteadyState(WarmupPolicy.DEFAULT.withMeasured(runs).withBudget(WARMUP_BUDGET));
        List<Double> ns = new ArrayList<>();
        long start = System.nanoTime();
        while (protocol.wantsMore()) {
            try (IdleGroup group = IdleGroup.start(Kind.PROCESS, n, Duration.ofSeconds(60))) {
                ns.add((double) group.spawnNanos() / n);
            }
            protocol.record(ns.get(ns.size() - 1), System.nanoTime() - start);
        }
        ChildSide.result("nsPerSpawnCold", ns.get(0));
        ChildSide.result("nsPerSpawn", Spread.of(protocol.summarized().stream().mapToDouble(ns::get).toArray()).median());
        ChildSide.result("steady", protocol.outcome() == SteadyState.Outcome.STEADY);
        ChildSide.result("iterations", ns.size());
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
