package dev.loomlab.experiment;

import dev.loomlab.util.Progress;
import dev.loomlab.measure.Env;
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

    /** Every known experiment, in registration order. */
    public static List<Experiment> all() {
        return List.copyOf(ALL.values());
    }

    /** Runs {@code spec} here, {@code repeat} times, and builds the measurement. */
    public static Measurement runHere(ExperimentSpec spec, Progress progress) throws Exception {
        Experiment experiment = named(spec.experiment());
        experiment.validate(spec);
        Env env = Env.current();
        List<Run> runs = new ArrayList<>();
        for (int i = 1; i <= spec.repeat(); i++) {
            if (spec.repeat() > 1) {
                progress.say(String.format("%s %s n=%,d: run %d of %d%s", spec.experiment(), spec.kind().label(),
                        spec.n(), i, spec.repeat(), i == 1 ? " (cold)" : ""));
            }
            runs.add(new Run(i, i == 1, experiment.runOnce(spec, progress)));
        }
        return Measurement.of(spec, env, runs, experiment.notes(spec));
    }
}
