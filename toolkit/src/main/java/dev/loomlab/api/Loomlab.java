package dev.loomlab.api;

import dev.loomlab.view.Grid;

import dev.loomlab.view.Section;
import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.fresh.FreshJava;
import dev.loomlab.fresh.FreshRun;
import dev.loomlab.beam.BeamBeside;
import dev.loomlab.beam.Carriers;
import dev.loomlab.beam.BeamHere;
import dev.loomlab.experiment.Experiment;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.util.ProgressLine;
import dev.loomlab.load.LoadKind;
import dev.loomlab.load.LoadResult;
import dev.loomlab.load.LoadRunner;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.measure.Cap;
import dev.loomlab.measure.Env;
import dev.loomlab.measure.MemorySnapshot;
import dev.loomlab.process.Pid;
import dev.loomlab.process.ProcessBody;
import dev.loomlab.process.Processes;
import dev.loomlab.published.PublishedFigures;
import dev.loomlab.supervise.RestartIntensity;
import dev.loomlab.supervise.SupervisionDemo;
import dev.loomlab.supervise.SupervisionReport;
import java.time.Duration;
import java.util.Arrays;

/**
 * The helpers, named as the articles' readers know them. In jshell or a notebook:
 * <pre>{@code
 * import static dev.loomlab.api.Loomlab.*;
 * env()                       // the setting, printed before any number
 * spawn(100_000)              // n idle processes in a fresh JVM: bytes and ns per process
 * ring(10_000, 1)             // a token once round a ring of 10,000: ns per hop
 * broadcast(100_000)          // one message to each of 100,000
 * pingPong(100_000)           // round-trip percentiles
 * hibernate(100_000)          // memory per hibernated process
 * load(LoadKind.VIRTUAL, 1, 0, 1)   // round trip with 0 and 1 busy loops on 1 carrier: the second starves
 * supervise()                 // kill a supervised counter until the supervisor gives up
 * tasks(100_000)              // 100,000 sleeping virtual threads in a whole JVM: its peak memory
 * ringHibernated(10_000, 10)  // the ring, processes hibernating between messages
 * try (var idle = spawnIdle(10_000)) { idle.bytesPerProcess(); }   // live, in this JVM
 * fresh("Runtime.getRuntime().maxMemory()", "-Xmx256m")   // your own code in a brand-new JVM
 * }</pre>
 * Measurements run in a fresh child JVM (killed at its deadline) unless called through
 * {@link #here()}. Helpers refuse more than {@link Cap#DEFAULT} processes until {@link Cap#lift()}.
 */
public final class Loomlab {

    private static final InProcess HERE = new InProcess();

    private Loomlab() {}

    /** The JVM this runs in: JDK, GC, heap, processors, carriers, process limit, cap. */
    public static Env env() {
        return Env.current();
    }

    /** Heap after full GC, RSS, platform threads, buffers, NMT thread stacks, now. */
    public static MemorySnapshot memorySnapshot() {
        return MemorySnapshot.take();
    }

    /**
     * n toolkit processes in this JVM, each waiting for one message; close to stop them.
     *
     * @throws IllegalArgumentException above the cap, with how to lift it
     */
    public static IdleProcesses spawnIdle(int n) throws Exception {
        return spawnIdle(n, Kind.PROCESS);
    }

    /** n idle units of a kind in this JVM: {@code PROCESS}, or the raw {@code VIRTUAL}/{@code PLATFORM} baselines. */
    public static IdleProcesses spawnIdle(int n, Kind kind) throws Exception {
        if (kind == Kind.BEAM) {
            throw new IllegalArgumentException("BEAM processes cannot live in this JVM: use spawn(n, Kind.BEAM), a fresh BEAM VM");
        }
        Cap.check("n", n, kind.bytesPerUnitEstimate());
        return IdleProcesses.start(kind, n);
    }

    /** What bounds platform threads on this machine: ulimit -u, threads-max, pid_max, pids.max. */
    public static dev.loomlab.measure.OsThreadLimits osThreadLimits() {
        return dev.loomlab.measure.OsThreadLimits.read();
    }

    /** Spawns one process (see {@link Processes#spawn}). */
    public static Pid spawn(ProcessBody body) {
        return Processes.spawn(body);
    }

    /** n idle processes in a fresh JVM: {@code bytesPerProcess}, {@code nsPerSpawn}, RSS. */
    public static Measurement spawn(int n) {
        return spawn(n, Kind.PROCESS);
    }

    /** n idle units of a kind in a fresh JVM. */
    public static Measurement spawn(int n, Kind kind) {
        return measure(ExperimentSpec.of(Experiments.SPAWN, n).withKind(kind));
    }

    /**
     * The article's tiers: n idle units at each size, each tier over its own three fresh JVMs, with one
     * progress line ({@link ProgressLine}) replaced as each tier finishes. Sizes above the cap are
     * refused; pass {@code Cap.tiers(...)} to keep only those under it. Each JVM spawns its tier 3
     * times after its warm-up: the table shows the cold first runs beside the median of the warm ones,
     * with its interval across the JVMs.
     */
    public static Tiers tiers(Kind kind, int... sizes) {
        try (ProgressLine line = ProgressLine.start("tiers of idle " + kind.label() + " units, three fresh JVMs each", sizes.length)) {
            return Tiers.measure(kind, sizes, 3, false, line);
        }
    }

    /**
     * The tiers of {@link #tiers} with each also spawned on BEAM here, the same sizes and measured runs
     * over fresh BEAM VMs taken in turn with the tier's JVMs, in the table and the plot.
     */
    public static Tiers tiersWithBeamHere(Kind kind, int... sizes) {
        try (ProgressLine line = ProgressLine.start("tiers of idle " + kind.label() + " units beside BEAM here, three fresh JVMs "
                + "and three fresh erl each, in turn", sizes.length)) {
            return Tiers.measure(kind, sizes, 3, true, line);
        }
    }

    /**
     * The comparison sentence ({@link dev.loomlab.experiment.Verdict}) between two kinds measured behind
     * one section, {@code theirs} named first: e.g. the raw virtual thread and the toolkit process of
     * {@link dev.loomlab.articles.UnMillion#idleWeight}, {@code verdictIn(weight, Experiments.SPAWN, "bytesPerProcess", Kind.VIRTUAL, Kind.PROCESS)}.
     * It says "lighter" or "heavier" only when their intervals allow it; a sentence saying which is
     * missing when the section holds no such measurement.
     */
    public static String verdictIn(Section section, Experiment experiment, String metric, Kind theirs, Kind ours) {
        var a = ReaderCell.behind(section, experiment, theirs);
        var b = ReaderCell.behind(section, experiment, ours);
        if (a.isEmpty() || b.isEmpty()) {
            return "the section holds no " + experiment.name() + " measurement by " + (a.isEmpty() ? theirs : ours).label()
                    + " to compare";
        }
        return metric + ": " + dev.loomlab.experiment.Verdict.compare(metric, a.get(), words(theirs), b.get(), words(ours));
    }

    private static String words(Kind kind) {
        return switch (kind) {
            case PROCESS -> "the toolkit process";
            case VIRTUAL -> "the raw virtual thread";
            case PLATFORM -> "the platform thread";
            case BEAM -> "BEAM here";
            default -> kind.label();
        };
    }

    /**
     * Runs {@code code} (JShell snippets, as in a cell) in a brand-new JVM started with
     * {@code jvmOpts}, the toolkit and the startup's imports in scope, killed after
     * {@link FreshJava#DEFAULT_DEADLINE}: prints what the code prints as it comes, and returns its
     * last value or its error (what the notebook kernel's {@code %%fresh} does). For a deadline or
     * carriers: {@code FreshJava.of(code).deadline("10s").carriers(1).run()}.
     */
    public static FreshRun fresh(String code, String... jvmOpts) {
        return FreshJava.of(code).jvmOpt(jvmOpts).run();
    }

    /** A token m times round a ring of n processes, in a fresh JVM: {@code nsPerHop}. */
    public static Measurement ring(int n, int m) {
        return measure(ExperimentSpec.of(Experiments.RING, n).withM(m));
    }

    /** One message to each of n processes, in a fresh JVM: {@code nsPerMessage}. */
    public static Measurement broadcast(int n) {
        return measure(ExperimentSpec.of(Experiments.BROADCAST, n));
    }

    /** {@code rounds} round trips between two processes, in a fresh JVM: p50, p99, max. */
    public static Measurement pingPong(int rounds) {
        return measure(ExperimentSpec.of(Experiments.PINGPONG, rounds));
    }

    /** n hibernated processes in a fresh JVM: {@code bytesPerProcess}. */
    public static Measurement hibernate(int n) {
        return measure(ExperimentSpec.of(Experiments.HIBERNATE, n));
    }

    /**
     * The million-tasks benchmark: n virtual threads that each sleep 10 s, in a whole fresh JVM
     * with no flags; {@code peakRssBytes} (the kernel's high-water mark) and {@code heapAfterGcBytes}.
     */
    public static Measurement tasks(int n) {
        return tasks(n, Kind.VIRTUAL, Duration.ofSeconds(10));
    }

    /** n sleeping tasks of a kind (virtual: the benchmark's program; process; platform), each sleeping {@code sleep}. */
    public static Measurement tasks(int n, Kind kind, Duration sleep) {
        return measure(Experiments.TASKS.spec(n, kind, sleep));
    }

    /** KLab's hibernated ring: a token m times round n processes that hibernate between messages. */
    public static Measurement ringHibernated(int n, int m) {
        return measure(ExperimentSpec.of(Experiments.RING_HIBERNATED, n).withM(m));
    }

    /**
     * Round trips between an echo and a client while k busy loops run, each loop count over fresh JVMs
     * taken in turn (a JVM whose carriers a loop holds is thrown away). A starved row is a result, not a hang.
     *
     * @param kind        what runs the loops, echo and client
     * @param parallelism carriers per child JVM (1 is BEAM's {@code +S 1}); 0 for the JVM's default
     * @param loops       busy-loop counts, e.g. {@code 0, 1, 2, 4}; none for 0, 1, 2, 4 … twice the processors
     */
    public static LoadResult load(LoadKind kind, int parallelism, int... loops) {
        LoadSpec spec = LoadSpec.of(kind);
        if (loops.length > 0) {
            spec = spec.withLoops(Arrays.stream(loops).boxed().toArray(Integer[]::new));
        }
        return load(parallelism > 0 ? spec.withParallelism(parallelism) : spec);
    }

    /**
     * The load experiment as {@code spec} says, e.g. {@code LoadSpec.of(VIRTUAL, PARKING).withDeadline("3s")},
     * with one progress line replaced as each row finishes.
     */
    public static LoadResult load(LoadSpec spec) {
        try (ProgressLine line = ProgressLine.start("load: every row's fresh JVMs, in turn", 0)) {
            return LoadRunner.run(spec, line);
        }
    }

    /**
     * Crash and restart, in this JVM: a one-for-one supervisor (at most 3 restarts in 60 s) over a
     * counter and a neighbour; the counter is killed 4 times, so the supervisor gives up with
     * {@code reached_max_restart_intensity}. The log is printed as it happens.
     */
    public static SupervisionReport supervise() throws InterruptedException {
        return supervise(3, Duration.ofSeconds(60), 4);
    }

    /** The same with another restart intensity and number of kills (more kills than restarts: it gives up). */
    public static SupervisionReport supervise(int maxRestarts, Duration within, int kills) throws InterruptedException {
        return SupervisionDemo.run(RestartIntensity.of(maxRestarts, within), kills, System.out::println);
    }

    /** Any experiment, in a fresh JVM, its progress on one line replaced as it comes. */
    public static Measurement measure(ExperimentSpec spec) {
        return ProgressLine.along(String.format("%s %s n=%,d in a fresh JVM", spec.experiment(), spec.kind().label(), spec.n()),
                line -> FreshJvm.run(spec, line));
    }

    /**
     * {@code spec} on both runtimes of this machine, each over fresh VMs ({@link FreshJvm#HEADLINE_FORKS}
     * for a {@linkplain dev.loomlab.experiment.Experiment#timed() timed} experiment, unless the spec
     * names its own {@linkplain ExperimentSpec#withForks forks}; one VM for a count): BEAM here, the JVM,
     * the ratio and what the intervals allow to say of it, beside the published BEAM figure; verdicts
     * computed from the runs ({@link BeamBeside#verdict}). Without Erlang, the BEAM-here column says
     * how to install it.
     */
    public static BeamBeside beamHere(ExperimentSpec spec) {
        // a count (the process limit) is the same in every VM: only a figure that varies is forked
        boolean varies = Experiments.named(spec.experiment()).timed();
        ExperimentSpec forked = spec.forkPolicy().single() && varies ? spec.withForks(FreshJvm.HEADLINE_FORKS) : spec;
        return ProgressLine.along(String.format("%s n=%,d on BEAM here and on the JVM, each over fresh VMs", spec.experiment(), spec.n()),
                line -> BeamHere.beside(forked, line));
    }

    /**
     * {@code spec} (a messaging experiment of toolkit processes) on 1 carrier, on 2 where the machine
     * has more, and on its default, each beside BEAM here {@code +S} as many, over fresh VMs. Ring
     * and ping-pong also get one traced JVM per count: where a hop's time goes
     * ({@link Carriers#hops()}, {@link Carriers#chart()}).
     */
    public static Carriers carriers(ExperimentSpec spec, String metric, String what) {
        return carriers(spec, null, metric, what);
    }

    /**
     * {@code spec} (a messaging experiment of toolkit processes) on 1 carrier, and on 2 where the
     * machine has more, beside BEAM here {@code +S} as many, each over fresh VMs; {@code atDefault} is
     * the same spec already measured by {@link #beamHere(ExperimentSpec)} at the default count (null:
     * measure it too). Ring and ping-pong also get one traced JVM per count.
     */
    public static Carriers carriers(ExperimentSpec spec, BeamBeside atDefault, String metric, String what) {
        return ProgressLine.along(String.format("%s n=%,d on fewer carriers, beside BEAM here on as many schedulers",
                spec.experiment(), spec.n()), line -> Carriers.measure(spec, atDefault, metric, what, line));
    }

    /** The same helpers, run in this JVM: for poking in jshell, not for figures to publish. */
    public static InProcess here() {
        return HERE;
    }

    /** The published figures the toolkit carries, with their sources. */
    public static Grid published() {
        return PublishedFigures.table();
    }

    /** The published figures for one experiment. */
    public static Grid published(String experiment) {
        return PublishedFigures.table("Published figures: " + experiment, PublishedFigures.of(experiment));
    }

    /** The helpers, run in the caller's JVM. */
    public static final class InProcess {

        private InProcess() {}

        public Measurement spawn(int n, Kind kind) throws Exception {
            return run(ExperimentSpec.of(Experiments.SPAWN, n).withKind(kind));
        }

        public Measurement ring(int n, int m) throws Exception {
            return run(ExperimentSpec.of(Experiments.RING, n).withM(m));
        }

        public Measurement broadcast(int n) throws Exception {
            return run(ExperimentSpec.of(Experiments.BROADCAST, n));
        }

        public Measurement pingPong(int rounds) throws Exception {
            return run(ExperimentSpec.of(Experiments.PINGPONG, rounds));
        }

        public Measurement hibernate(int n) throws Exception {
            return run(ExperimentSpec.of(Experiments.HIBERNATE, n));
        }

        /** Any experiment, here. */
        public Measurement run(ExperimentSpec spec) throws Exception {
            try (ProgressLine line = ProgressLine.start(String.format("%s %s n=%,d here",
                    spec.experiment(), spec.kind().label(), spec.n()), spec.repeat())) {
                Measurement m = Experiments.runHere(spec, line);
                line.step(spec.repeat(), spec.repeat(), "");
                return m;
            }
        }
    }
}
