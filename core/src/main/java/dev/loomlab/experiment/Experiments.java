package dev.loomlab.experiment;

import dev.loomlab.util.Progress;
import dev.loomlab.measure.Env;
import dev.loomlab.measure.SteadyState;
import dev.loomlab.measure.WarmupPolicy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/** The experiments the toolkit knows, by name, and how to run one in this JVM. */
public final class Experiments {

    private static final Map<String, Experiment> ALL = new LinkedHashMap<>();

    static {
        register(new SpawnExperiment());
        register(new RingExperiment());
        register(new BroadcastExperiment());
        register(new PingPongExperiment());
        register(new HibernateExperiment());
        register(new StateExperiment());
        register(new LimitExperiment());
        register(new TasksExperiment());
        register(new RingExperiment(true));
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
    public static synchronized void register(Experiment experiment) {
        ALL.put(experiment.name(), experiment);
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
     * until the headline (the first metric) is steady or the warm-up budget is spent, then the
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
