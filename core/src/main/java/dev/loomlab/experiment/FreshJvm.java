package dev.loomlab.experiment;

import dev.loomlab.jvm.ChildCall;
import dev.loomlab.jvm.ChildJvm;
import dev.loomlab.jvm.ChildEnding;
import dev.loomlab.jvm.ChildJvmException;
import dev.loomlab.jvm.ChildReply;
import dev.loomlab.measure.Cap;
import dev.loomlab.measure.ForkPolicy;
import dev.loomlab.measure.ForkProtocol;
import dev.loomlab.measure.Units;
import dev.loomlab.process.HopTrace;
import dev.loomlab.util.Progress;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Runs an experiment in a fresh JVM, the way the French article learned to: one VM per tier, so
 * that no tier profits or suffers from the one before, and nothing risky runs in the notebook's
 * own JVM. The child ({@link ChildMain}) gets the flags the experiment needs, writes its result as
 * JSON, and is killed at its deadline; the caller always gets a result or a clear error, never a
 * hang. The child's standard error (its progress) is forwarded line by line as it comes. A spec
 * of a kind that another runtime runs ({@link OtherRuntime}, e.g. BEAM) goes to that runtime, under
 * the same rules; one whose runtime lives in a module of its own ({@link Kind#module()}, pekko) runs
 * in a child whose class path has that module's jar too.
 */
public final class FreshJvm {

    /**
     * How long each fresh VM of a table's row may warm up before its result says "not steady": a
     * table starts several, one after the other, where a single experiment gets
     * {@link dev.loomlab.measure.WarmupPolicy#DEFAULT}'s budget. Each row's protocol note says which.
     */
    public static final Duration ROW_WARMUP_BUDGET = Duration.ofSeconds(3);

    /**
     * The fresh VMs of a row a verdict rests on (a notebook's headline comparison, on each runtime):
     * 3, and more while the interval is wider than ±10% and the next VM fits in 30 s. A table's
     * other rows are one VM each ({@link #TABLE_FORKS} where they are compared across runtimes), and say so.
     */
    public static final ForkPolicy HEADLINE_FORKS = ForkPolicy.adaptive(3, Duration.ofSeconds(30), 0.10);

    /** How many fresh VMs {@link #TABLE_FORKS} runs a row on, as a constant (the load rows' default too). */
    public static final int TABLE_VMS = 3;

    /**
     * The fresh VMs of each row of a table whose rows are compared across runtimes (the idle and
     * hibernated weights, the tiers, the load rows): 3, no more, so a table of several rows stays within minutes,
     * and each figure carries its interval across them.
     */
    public static final ForkPolicy TABLE_FORKS = ForkPolicy.adaptive(TABLE_VMS, Duration.ZERO, 0.10);

    private FreshJvm() {}

    /**
     * Runs {@code spec} in a fresh JVM, or, when its {@linkplain ExperimentSpec#forkPolicy() fork
     * policy} asks for several, in one fresh JVM after another, as {@link ForkProtocol} decides, and
     * returns their {@linkplain Measurement#forked summary}: the median of their figures with its
     * interval, every run kept.
     *
     * @throws IllegalArgumentException if the spec is invalid (checked here first, before any start)
     * @throws ChildJvmException        if the child failed, ran out of memory or overran its deadline
     */
    public static Measurement run(ExperimentSpec spec, Progress progress) {
        return inTurn(List.of(spec), progress).get(0);
    }

    /**
     * Specs set beside each other (a toolkit run and its raw baseline, the JVM and BEAM here), their
     * fresh VMs taken in turn: the first VM of each, then the second of each, and so on, each side
     * stopping as its own {@link ForkProtocol} says (its budget counts its own VMs). A host whose
     * speed drifts over minutes (cores that share a cache for a while, then do not) then weighs on
     * every side alike, where VMs run side after side would set one side's minutes against the
     * other's, and a verdict between them would speak of when each ran.
     *
     * <p>The first spec is the one measured, as {@link #run}: its failure is thrown, and no further
     * VM starts. Each other side is set beside it, as {@link #attempt}: a failure, or a spec its
     * runtime refuses, is that side's failed row, and the others go on.
     *
     * @return one measurement per spec, in the order given
     * @throws IllegalArgumentException if the first spec is invalid (checked before its first VM starts)
     * @throws ChildJvmException        if a VM of the first spec failed
     */
    public static List<Measurement> inTurn(List<ExperimentSpec> specs, Progress progress) {
        return inTurn(specs, progress, true).stream().map(TimedRow::measurement).toList();
    }

    /**
     * Specs set beside each other as rows of a table, their fresh VMs taken in turn as {@link #inTurn}
     * takes them; every side's failure, the first's too, is that side's failed row ({@link #attempt}).
     */
    public static List<Measurement> rowsInTurn(List<ExperimentSpec> specs, Progress progress) {
        return timedRowsInTurn(specs, progress).stream().map(TimedRow::measurement).toList();
    }

    /** A row of {@link #timedRowsInTurn}: its measurement (or failed row), and the time its own VMs took. */
    public record TimedRow(Measurement measurement, Duration elapsed) {}

    /** As {@link #rowsInTurn}, with the time each row's own VMs took, the VMs of the others left out. */
    public static List<TimedRow> timedRowsInTurn(List<ExperimentSpec> specs, Progress progress) {
        return inTurn(specs, progress, false);
    }

    private static List<TimedRow> inTurn(List<ExperimentSpec> specs, Progress progress, boolean firstThrows) {
        List<Forking> sides = specs.stream().map(Forking::new).toList();
        Measurement[] failed = new Measurement[sides.size()];
        boolean more = true;
        while (more) {
            more = false;
            for (int i = 0; i < sides.size(); i++) {
                Forking side = sides.get(i);
                if (failed[i] != null || !side.forks.wantsMore()) {
                    continue;
                }
                try {
                    side.runNext(progress);
                } catch (RuntimeException e) {
                    if (i == 0 && firstThrows) {
                        throw e;
                    }
                    failed[i] = failure(side.spec, e);
                }
                more |= failed[i] == null && side.forks.wantsMore();
            }
        }
        List<TimedRow> results = new ArrayList<>();
        for (int i = 0; i < sides.size(); i++) {
            results.add(new TimedRow(failed[i] != null ? failed[i] : sides.get(i).result(),
                    Duration.ofNanos(sides.get(i).elapsedNanos)));
        }
        return results;
    }

    /** One spec's fresh VMs so far, and its fork loop's decisions. */
    private static final class Forking {
        final ExperimentSpec spec;
        final ExperimentSpec one;
        final ForkProtocol forks;
        final List<Measurement> vms = new ArrayList<>();
        long elapsedNanos;

        Forking(ExperimentSpec spec) {
            this.spec = spec;
            this.one = spec.withForks(ForkPolicy.ONE);
            this.forks = new ForkProtocol(spec.forkPolicy());
        }

        /** Runs the next fresh VM and records its headline figure and time. */
        void runNext(Progress progress) {
            if (!spec.forkPolicy().single()) {
                progress.say(String.format("%s %s n=%,d: fresh %s %d (%s)", spec.experiment(), spec.kind().label(), spec.n(),
                        spec.kind() == Kind.BEAM ? "BEAM VM" : "JVM", vms.size() + 1, spec.forkPolicy().describe()));
            }
            long start = System.nanoTime();
            Measurement vm;
            try {
                vm = runOne(one, progress);
            } finally {
                elapsedNanos += System.nanoTime() - start;
            }
            vms.add(vm);
            forks.record(vm.metrics().isEmpty() ? Double.NaN : vm.metrics().values().iterator().next(), elapsedNanos);
        }

        /** The one VM's measurement, or the summary of several ({@link Measurement#forked}). */
        Measurement result() {
            return spec.forkPolicy().single() ? vms.get(0) : Measurement.forked(one, vms, spec.forkPolicy(), forks.stop());
        }
    }

    /** One fresh VM (or another runtime's VM) for a spec without forks. */
    private static Measurement runOne(ExperimentSpec spec, Progress progress) {
        var other = OtherRuntime.forKind(spec.kind());
        if (other.isPresent()) {
            return other.get().run(spec, progress);
        }
        Experiment experiment = Experiments.named(spec.experiment());
        Experiments.validate(experiment, spec);
        List<String> flags = new ArrayList<>(experiment.jvmFlags(spec));
        flags.add("-D" + Cap.PROPERTY + "=" + Cap.current());
        if (spec.carriers() > 0) {
            flags.addAll(ChildJvm.carrierFlags(spec.carriers()));
            if (spec.kind() == Kind.PEKKO) {
                // the default dispatcher's threads are Pekko's carriers: n of them (ConfigFactory reads system properties)
                flags.add("-D" + PEKKO_PARALLELISM + "-min=" + spec.carriers());
                flags.add("-D" + PEKKO_PARALLELISM + "-max=" + spec.carriers());
            }
        }
        if (spec.hopTrace()) {
            flags.addAll(HopTrace.JVM_FLAGS);
        }
        if (spec.kind() == Kind.PEKKO && Runtime.version().feature() >= 24) {
            flags.add("--sun-misc-unsafe-memory-access=allow"); // Pekko 1.x uses sun.misc.Unsafe; JDK 24+ warns on its first use
        }
        flags.addAll(spec.jvmFlags());
        ChildCall call = ChildCall.of(ChildMain.class.getName(), SpecJson.write(spec), flags, spec.deadline());
        ChildReply reply = moduleClassPath(spec.kind()).map(call::onClassPath).orElse(call).run(progress);
        String subject = String.format("%s (kind %s, n=%,d)", spec.experiment(), spec.kind().label(), spec.n());
        ChildEnding ending = new ChildEnding("the child JVM for " + subject, subject,
                "raise the deadline (--deadline) or lower n");
        var failure = ending.failure(reply.run(), spec.deadline());
        if (failure.isPresent()) {
            throw failure.get();
        }
        return Measurement.fromJson(reply.result().orElseThrow(ending::noResult));
    }

    /**
     * Checks {@code spec} as the runtime that will run it does (the experiment's own check, or
     * another runtime's for its kind, and that this runtime is on this machine), before anything starts.
     *
     * @throws IllegalArgumentException naming the problem
     */
    public static void validate(ExperimentSpec spec) {
        var other = OtherRuntime.forKind(spec.kind());
        if (other.isPresent()) {
            other.get().validate(spec);
            other.get().unavailable().ifPresent(why -> {
                throw new IllegalArgumentException(why); // refused before anything starts, as a missing module is
            });
        } else {
            Experiments.validate(Experiments.named(spec.experiment()), spec);
            moduleClassPath(spec.kind());
        }
    }

    /** The prefix of Pekko's default-dispatcher parallelism settings, which {@code --carriers} sets. */
    static final String PEKKO_PARALLELISM = "pekko.actor.default-dispatcher.fork-join-executor.parallelism";

    /**
     * The class path of a child for {@code kind}: empty (the toolkit's) for a kind the core runs; for
     * a kind whose runtime lives in a module of its own ({@link Kind#module()}), the toolkit's plus
     * that module's jar, or the toolkit's alone when this JVM already has the runtime on its class
     * path (a child inherits it).
     *
     * @throws IllegalArgumentException in one line naming the module and how to build it, when its jar is missing
     */
    static Optional<String> moduleClassPath(Kind kind) {
        Optional<String> module = kind.module();
        if (module.isEmpty() || (System.getProperty(ChildJvm.moduleJarProperty(module.get())) == null
                && ActorRuntime.forKind(kind).isPresent())) {
            return Optional.empty();
        }
        Path jar = ChildJvm.moduleJar(module.get()).orElseThrow(() -> new IllegalArgumentException(
                "kind " + kind.label() + " needs the " + module.get() + " module, and " + ChildJvm.moduleJarWords(module.get())
                        + ": build it with ./loomlab build (or ./mvnw -B -DskipTests -pl core," + module.get() + " package)"));
        return Optional.of(ChildJvm.classPath() + File.pathSeparator + jar);
    }

    /**
     * Runs {@code spec} in a fresh JVM and always returns a measurement: the child's, or, when it
     * failed, ran out of memory, overran its deadline or was refused before it started, a
     * {@linkplain Measurement#failed failed row} whose outcome says which. This is the one way a
     * failed child becomes a row of a table, a report or a results file.
     */
    public static Measurement attempt(ExperimentSpec spec, Progress progress) {
        try {
            return run(spec, progress);
        } catch (RuntimeException e) {
            return failure(spec, e);
        }
    }

    /** What {@code spec} threw, as its failed row: how the child ended, or why it did not start. */
    public static Measurement failure(ExperimentSpec spec, RuntimeException e) {
        if (e instanceof ChildJvmException child) {
            return Measurement.failed(spec, ChildEnding.row(child));
        }
        if (e instanceof IllegalArgumentException) {
            return Measurement.failed(spec, Measurement.NOT_RUN + ": " + ChildEnding.oneLine(e.getMessage()));
        }
        return Measurement.failed(spec, "failed: " + e.getClass().getSimpleName() + ": " + ChildEnding.oneLine(e.getMessage()));
    }

    /**
     * {@code asked} as a row of a table ({@link #attempt}: a failure is a row, never an exception),
     * with one progress line before and one after naming the experiment's headline figure, and a
     * warm-up of at most {@link #ROW_WARMUP_BUDGET} unless the spec names its own.
     */
    public static Measurement row(ExperimentSpec asked, Progress progress) {
        ExperimentSpec spec = withRowBudget(asked);
        long start = System.nanoTime();
        progress.say(String.format("measuring %s in a fresh %s...", describe(spec), spec.kind() == Kind.BEAM ? "BEAM VM" : "JVM"));
        Measurement m = attempt(spec, Progress.SILENT);
        progress.say(String.format("  %s: %s (%.1f s)", describe(spec), m.ok() ? headline(m) : m.outcome(),
                (System.nanoTime() - start) / 1e9));
        return m;
    }

    /** {@code spec}, with the rows' warm-up budget when it names none. */
    public static ExperimentSpec withRowBudget(ExperimentSpec spec) {
        return spec.option(ExperimentSpec.WARMUP, "").isEmpty() ? spec.withWarmup(ROW_WARMUP_BUDGET, spec.repeat()) : spec;
    }

    /** "spawn process n=10,000 m=3 -Xss256k". */
    private static String describe(ExperimentSpec spec) {
        return String.format("%s %s n=%,d%s%s", spec.experiment(), spec.kind().label(), spec.n(),
                spec.m() == 0 ? "" : " m=" + spec.m(), spec.jvmFlags().isEmpty() ? "" : " " + String.join(" ", spec.jvmFlags()));
    }

    /** The experiment's headline metric, e.g. "nsPerHop 1.2 µs", or "done" if it has none. */
    private static String headline(Measurement m) {
        String metric = Experiments.named(m.experiment()).headline();
        return metric.isEmpty() || Double.isNaN(m.metric(metric)) ? "done" : metric + " " + Units.metric(metric, m.metric(metric));
    }
}
