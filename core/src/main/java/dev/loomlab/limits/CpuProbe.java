package dev.loomlab.limits;

import dev.loomlab.jvm.ChildSide;
import java.util.List;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.measure.WarmupPolicy;
import java.util.concurrent.ForkJoinPool;

/**
 * Child JVM: what this JVM derived from the CPUs it was given (processors, virtual-thread
 * carriers, GC and its threads, JIT compiler threads), then runs the spawn experiment at n here
 * ({@link Experiments#runHere}, its warm-up protocol within {@link #WARMUP_BUDGET}, {@code runs}
 * measured, as {@link WarmupPolicy} describes) and reports the cold run, the steady figure (the last
 * run when not steady) and whether it was steady. Args: n runs.
 */
public final class CpuProbe {

    /** Up to six JVMs and four BEAM VMs run one after the other in the section, whose point is what each JVM derives from its CPUs: each gets a short warm-up, and its protocol column says whether it became steady. */
    static final Duration WARMUP_BUDGET = Duration.ofSeconds(2);

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
        // the spawn experiment itself, under its warm-up protocol: one code path for a spawn timing
        Measurement spawn = Experiments.runHere(ExperimentSpec.of(Experiments.SPAWN, n).withWarmup(WARMUP_BUDGET, runs), ChildSide.PROGRESS);
        ChildSide.result("nsPerSpawnCold", spawn.cold("nsPerSpawn"));
        ChildSide.result("nsPerSpawn", spawn.nsPerSpawn());
        ChildSide.result("steady", spawn.steady());
        ChildSide.result("iterations", spawn.runs().size());
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
