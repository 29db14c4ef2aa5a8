package dev.loomlab.experiment;

import dev.loomlab.util.Progress;
import dev.loomlab.measure.Env;
import dev.loomlab.measure.SteadyState;
import dev.loomlab.measure.WarmupPolicy;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The experiments the toolkit knows, and how to run one in this JVM. A cell or an article names one
 * by its constant ({@link #RING}), whose type is the class that times it; the command line and the
 * results' JSON name it by {@link Experiment#name()} ({@link #named}).
 */
public final class Experiments {

    private static final Map<String, Experiment> ALL = new LinkedHashMap<>();

    /** Idle weight and spawn time: n processes spawned and parked in receive. */
    public static final SpawnExperiment SPAWN = register(new SpawnExperiment());
    /** A token m times round a ring of n processes: ns per hop. */
    public static final RingExperiment RING = register(new RingExperiment(false));
    /** One message to each of n waiting processes: ns per message. */
    public static final BroadcastExperiment BROADCAST = register(new BroadcastExperiment());
    /** n round trips between two processes: p50, p99, max. */
    public static final PingPongExperiment PINGPONG = register(new PingPongExperiment());
    /** n processes hibernated: the weight of a process without its stack. */
    public static final HibernateExperiment HIBERNATE = register(new HibernateExperiment());
    /** n processes each holding a list of m elements: what state weighs. */
    public static final StateExperiment STATE = register(new StateExperiment());
    /** Spawning until the process limit refuses one. */
    public static final LimitExperiment LIMIT = register(new LimitExperiment());
    /** The million-tasks benchmark: n sleeping tasks, the peak RSS. */
    public static final TasksExperiment TASKS = register(new TasksExperiment());
    /** KLab's second ring: processes that hibernate between messages. */
    public static final RingExperiment RING_HIBERNATED = register(new RingExperiment(true));

    static {
        // experiments outside the toolkit (a workshop's, a test's): META-INF/services/dev.loomlab.experiment.Experiment
        for (var provider : ServiceLoader.load(Experiment.class).stream().toList()) {
            register(provider.get());
        }
    }

    private Experiments() {}

    /**
     * Adds an experiment. The toolkit's own are listed above; one outside the toolkit names its
     * class in {@code META-INF/services/dev.loomlab.experiment.Experiment}, so that a child JVM,
     * which starts with an empty registry, finds it too.
     */
    public static synchronized <E extends Experiment> E register(E experiment) {
        ALL.put(experiment.name(), experiment);
        return experiment;
    }

    /** The experiment called {@code name}, or an error listing the known ones. */
    public static Experiment named(String name) {
        Experiment e = ALL.get(name);
        if (e == null) {
            throw new IllegalArgumentException("unknown experiment \"" + name + "\": use one of " + String.join(", ", ALL.keySet()));
        }
        return e;
    }

    /**
     * How a cell names the experiment called {@code name}: its constant here ({@code Experiments.RING}),
     * which an IDE follows to the timed loop, or the quoted name for one registered from outside.
     */
    public static String reference(String name) {
        Experiment experiment = ALL.get(name);
        for (Field field : experiment == null ? new Field[0] : Experiments.class.getFields()) {
            try {
                if (Modifier.isStatic(field.getModifiers()) && field.get(null) == experiment) {
                    return "Experiments." + field.getName();
                }
            } catch (IllegalAccessException notReadable) {
                // a public static field of this class is always readable
            }
        }
        return "\"" + name + "\"";
    }

    /**
     * Checks {@code spec} as {@code experiment} runs it: the kind first (an actor kind only where
     * {@link Experiment#runsOnActors()}), then the experiment's own {@link Experiment#validate}.
     *
     * @throws IllegalArgumentException naming the problem and the way out
     */
    public static void validate(Experiment experiment, ExperimentSpec spec) {
        if (spec.kind().actors() && !experiment.runsOnActors()) {
            throw new IllegalArgumentException("kind " + spec.kind().label() + " runs " + String.join(", ",
                    all().stream().filter(Experiment::runsOnActors).map(Experiment::name).toList())
                    + "; " + experiment.name() + " measures what a thread-backed unit does: use --kind process, virtual or platform");
        }
        experiment.validate(spec);
    }

    /** Every known experiment, in registration order. */
    public static List<Experiment> all() {
        return List.copyOf(ALL.values());
    }

    /**
     * Runs {@code spec} here under the warm-up protocol ({@link ExperimentSpec#warmupPolicy()}):
     * until the judged metric (a run's first) is steady or the warm-up budget is spent, then the
     * measured runs; an experiment that is not {@link Experiment#timed() timed} runs once. Every
     * run is kept, labelled cold, warm-up or measured.
     */
    public static Measurement runHere(ExperimentSpec spec, Progress progress) throws Exception {
        if (spec.kind() == Kind.BEAM) {
            throw new IllegalArgumentException("a BEAM measurement always runs in its own fresh BEAM VM, never in this JVM: "
                    + "run it without --in-process (or here())");
        }
        Experiment experiment = named(spec.experiment());
        validate(experiment, spec);
        Env env = Env.current();
        WarmupPolicy policy = experiment.timed() ? spec.warmupPolicy() : WarmupPolicy.fixed(1);
        SteadyState protocol = new SteadyState(policy);
        List<Run> runs = new ArrayList<>();
        protocol.runUntilOver(() -> experiment.runOnce(spec, progress),
                metrics -> metrics.isEmpty() ? Double.NaN : metrics.values().iterator().next(),
                (metrics, phase) -> {
                    int i = runs.size() + 1;
                    runs.add(new Run(i, i == 1, phase.name().toLowerCase(), metrics));
                    if (protocol.wantsMore() || i > 1) {
                        String headline = metrics.keySet().stream().findFirst().orElse("?");
                        progress.say(String.format("%s %s n=%,d: run %d %s, %s %s", spec.experiment(), spec.kind().label(),
                                spec.n(), i, phase.name().toLowerCase(), headline,
                                Verdict.format(headline, metrics.getOrDefault(headline, Double.NaN))));
                    }
                });
        String steadiness = Measurement.steadiness(protocol.outcome());
        List<String> notes = new ArrayList<>(experiment.notes(spec));
        if (experiment.timed()) {
            notes.add("protocol: " + policy.describe() + "; the table shows the summary beside the cold first run");
        }
        if (spec.kind().actors()) {
            ActorGroup.lastConfiguration().ifPresent(c -> notes.add(spec.kind().runtime() + ": " + c));
        }
        return Measurement.of(spec, env, runs, steadiness, notes);
    }
}
