package dev.loomlab.limits;

import com.sun.management.HotSpotDiagnosticMXBean;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.jvm.ChildCall;
import dev.loomlab.jvm.ChildReply;
import dev.loomlab.jvm.ChildSide;
import dev.loomlab.measure.WarmupPolicy;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
import dev.loomlab.util.Progress;
import dev.loomlab.view.Grid;
import dev.loomlab.view.GridLines;
import dev.loomlab.view.Section;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ForkJoinPool;

/** Section 7.1: what the JVM derives from a CPU limit, and the spawn time under it, each in a child JVM ({@link #main}). */
public final class CpuLimit {

    /** Up to six JVMs and four BEAM VMs run one after the other in the section, whose point is what each JVM derives from its CPUs: each gets a short warm-up, and its protocol column says whether it became steady. */
    static final Duration WARMUP_BUDGET = Duration.ofSeconds(2);

    private CpuLimit() {}

    /** What the JVM derives from a CPU count, simulated with -XX:ActiveProcessorCount and, where possible, a real quota. */
    public static Section section(int[] cpus, int n, int runs, Progress progress) {
        if (cpus.length == 0) {
            throw new IllegalArgumentException("give at least one CPU count");
        }
        if (n < 1 || runs < 1 || runs > 10) {
            throw new IllegalArgumentException("n must be at least 1 and runs between 1 and 10, got n=" + n + ", runs=" + runs);
        }
        int host = Runtime.getRuntime().availableProcessors();
        GridLines derived = new GridLines(String.format("What the JVM derives from its CPUs (host has %d)", host))
                .whole("CPUs").text("CPU limit set by").whole("availableProcessors").whole("carriers").text("GC")
                .text("GC threads (parallel / concurrent)").text("JIT threads");
        GridLines spawns = new GridLines(String.format("Spawn time at each CPU count (%,d spawns x %d runs per JVM), BEAM here on +S as many, "
                + "and the article's", n, runs)).whole("CPUs").number("ns/spawn, cold run").number("ns/spawn, after warm-up").text("protocol")
                .text("BEAM here ns/spawn (erl +S CPUs)").number("JVM / BEAM here").number("BEAM ns/spawn (article)");
        GridLines articles = new GridLines("The article's schedulers (BEAM) and GOMAXPROCS (Go 1.25) at each CPU count")
                .whole("CPUs").text("BEAM schedulers / Go 1.25 GOMAXPROCS (article)");
        for (int c : cpus) {
            if (c < 1 || c > 1024) {
                throw new IllegalArgumentException("a CPU count must be between 1 and 1024, got " + c);
            }
        }
        boolean real = Cgroups.writable("cpu").isPresent();
        Map<Integer, Measurement> beamByCpus = new HashMap<>(); // BEAM here with +S c, once per CPU count
        // one row per CPU count: a real quota where one can be made (up to the host's CPUs), simulated otherwise
        for (int c : cpus) {
            boolean quota = real && c <= host;
            List<String> flags = new ArrayList<>(List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED"));
            List<String> wrapper = List.of();
            Optional<Cgroups.Group> group = quota ? Cgroups.limited("cpu", g -> g.limitCpus(c)) : Optional.empty();
            try {
                if (group.isPresent()) {
                    wrapper = group.get().wrapper();
                } else {
                    flags.add("-XX:ActiveProcessorCount=" + c);
                }
                ChildReply run = ChildCall.launch(wrapper, CpuLimit.class, List.of(String.valueOf(n), String.valueOf(runs)),
                        flags, Demos.DEADLINE, progress);
                derived.row(c, group.isPresent() ? "cgroup CPU quota (CFS)" : "-XX:ActiveProcessorCount (simulated)",
                        (int) run.number("availableProcessors"), (int) run.number("carriers"), run.get("gc"),
                        run.get("parallelGcThreads") + " / " + run.get("concGcThreads"), run.get("compilerThreads"));
                Measurement b = beamByCpus.computeIfAbsent(c, k -> FreshJvm.attempt(ExperimentSpec.of(Experiments.SPAWN, n).withKind(Kind.BEAM)
                        .withOption("schedulers", String.valueOf(k)).withWarmup(WARMUP_BUDGET, runs), progress));
                spawns.row(c, Math.round(run.number("nsPerSpawnCold")), Math.round(run.number("nsPerSpawn")),
                        String.format(Boolean.parseBoolean(run.get("steady")) ? "steady after %s runs"
                                : run.get("steady").isEmpty() ? "%s runs" : "NOT steady: the last of %s runs", Grid.print(run.number("iterations"))),
                        b.ok() ? Grid.print(b.nsPerSpawn()) : b.outcome(),
                        b.ok() ? Grid.ratio(run.number("nsPerSpawn"), b.nsPerSpawn()) : Double.NaN,
                        PublishedFigures.of("cpu-limit", "nsPerSpawn").stream().filter(f -> f.n() != null && f.n() == c)
                                .mapToDouble(PublishedFigure::value).findFirst().orElse(Double.NaN));
                articles.row(c, c + " / " + Math.max(2, c) + " (Go 1.24: the host's count)");
            } finally {
                group.ifPresent(Cgroups.Group::close);
            }
        }
        return new Section(derived.build(), null, List.of(
                real ? "real quotas come from a fresh cpu cgroup per child (only up to the host's " + host + " CPUs, and where the "
                        + "quota could be written); the others are simulated with -XX:ActiveProcessorCount"
                        : Cgroups.whyNot("cpu") + " (-XX:ActiveProcessorCount)",
                "availableProcessors follows the quota (rounded up), and from it the carriers, the GC's threads, the JIT's threads, and with 1 CPU even the GC itself (Serial)",
                "ns/spawn, after warm-up: the median of the measured runs once the warm-up protocol found the runs steady (or the last run, "
                        + "marked NOT steady in the protocol column); the cold run beside it is what a fresh VM pays, as the article measured",
                "BEAM here: the same spawn in a fresh BEAM VM with +S set to the CPU count (its schedulers), same machine, "
                        + "same protocol; a CPU count above the host's cores only adds schedulers, as -XX:ActiveProcessorCount only adds carriers"),
                List.of(), List.of(spawns.build(), articles.build()));
    }

    /**
     * The child JVM: {@code N RUNS}. What this JVM derived from the CPUs it was given (processors,
     * virtual-thread carriers, GC and its threads, JIT compiler threads), then the spawn experiment
     * at n here ({@link Experiments#runHere}, its warm-up protocol within {@link #WARMUP_BUDGET},
     * {@code RUNS} measured, as {@link WarmupPolicy} describes): the cold run, the steady figure (the
     * last run when not steady) and whether it was steady.
     */
    public static void main(String[] args) throws Exception {
        List<String> spec = ChildSide.arguments(args, "CpuLimit");
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
