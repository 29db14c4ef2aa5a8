package dev.loomlab.report;

import dev.loomlab.beam.Erlang;
import dev.loomlab.experiment.Experiment;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.experiment.Kind;
import dev.loomlab.load.LoadKind;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.measure.ForkPolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What a report runs: every registered experiment, for every kind, at the cap. Platform threads
 * run at a smaller n (they cost an OS thread each). A spec an experiment refuses (hibernate has
 * no virtual or platform kind; a later experiment may need sizes this plan does not know) becomes
 * a skipped row with the experiment's own reason, never an abort; so does a BEAM row without
 * Erlang (its reason says how to install it). After them come the two
 * experiments whose results are not measurements: {@code load} and {@code supervise}.
 *
 * @param entries   every spec in order, experiment by experiment, kind by kind
 * @param load      what {@code load} runs after the entries, or null to leave it out
 * @param supervise whether {@code supervise} runs last
 */
public record ReportPlan(List<Entry> entries, LoadSpec load, boolean supervise) {

    /** The names of the experiments a report runs besides the registry's, for {@code --only}. */
    public static final List<String> EXTRA_NAMES = List.of("load", "supervise");

    /** Round trips per load row; fewer at a small cap ({@link #SMALL_CAP}) to keep a quick report quick. */
    public static final int LOAD_ROUNDS = 300;
    static final int SMALL_CAP_LOAD_ROUNDS = 100;
    /** At or below this cap the report is a quick one. */
    static final int SMALL_CAP = 2_000;
    /** How long each load row may run before it counts as starved. */
    public static final Duration LOAD_DEADLINE = Duration.ofSeconds(2);

    /** The most platform threads a report starts in one experiment. */
    public static final int PLATFORM_N = 1_000;

    /**
     * The experiments whose figures a comparison between machines rests on, and which move most
     * from one fresh VM to the next: each of their rows runs over {@code --forks} fresh VMs and
     * carries its interval; every other row is one VM's figure.
     */
    public static final List<Experiment> FORKED = List.of(Experiments.RING, Experiments.BROADCAST, Experiments.PINGPONG);

    /** Fresh VMs per {@linkplain #FORKED forked} row unless {@code --forks} says otherwise. */
    public static final int DEFAULT_FORKS = 3;

    /** A spec to run, or one the experiment refused ({@code refusal} says why; null when runnable). */
    public record Entry(ExperimentSpec spec, String refusal) {
        public boolean runnable() {
            return refusal == null;
        }
    }

    public ReportPlan {
        entries = List.copyOf(entries);
    }

    /** Only the registry's entries: no load, no supervise. */
    public ReportPlan(List<Entry> entries) {
        this(entries, null, false);
    }

    /** How many entries will run. */
    public long runnable() {
        return entries.stream().filter(Entry::runnable).count() + (load != null ? 1 : 0) + (supervise ? 1 : 0);
    }

    /**
     * The load a report runs: every kind (BEAM here when Erlang is installed), no busy loops and twice the processors (at most the cap), a few hundred
     * round trips (100 at a cap of {@value #SMALL_CAP} or less) and a short deadline; each row over {@code vms} fresh VMs, taken in turn.
     *
     * @throws IllegalArgumentException if {@code vms} is outside {@link LoadSpec}'s limit
     */
    public static LoadSpec loadAt(int cap, int vms) {
        int processors = Runtime.getRuntime().availableProcessors();
        List<LoadKind> kinds = new ArrayList<>(List.of(LoadKind.VIRTUAL, LoadKind.PROCESS, LoadKind.PLATFORM, LoadKind.PARKING,
                LoadKind.OFFLOADED));
        if (Erlang.installed().isPresent()) {
            kinds.add(LoadKind.BEAM);
        }
        return new LoadSpec(kinds, List.of(0, Math.max(1, Math.min(2 * processors, cap))), cap <= SMALL_CAP ? SMALL_CAP_LOAD_ROUNDS : LOAD_ROUNDS,
                LOAD_DEADLINE, 0, List.of()).withVms(vms);
    }

    /** {@link #at(int, Set, List, Duration, int)} with {@link #DEFAULT_FORKS}. */
    public static ReportPlan at(int cap, Set<String> only, List<Kind> kinds, Duration deadline) {
        return at(cap, only, kinds, deadline, DEFAULT_FORKS);
    }

    /**
     * The plan at {@code cap}: every experiment of {@link Experiments#all()} whose name is in
     * {@code only} (all when empty), for every kind in {@code kinds}, the {@linkplain #FORKED
     * forked} ones over exactly {@code forks} fresh VMs each; then {@code load}, each row over
     * {@code forks} fresh VMs too, and {@code supervise} when {@code only} is empty or names them.
     *
     * @throws IllegalArgumentException if {@code forks} is below 1 or above {@link ForkPolicy#MAX_FORKS}
     */
    public static ReportPlan at(int cap, Set<String> only, List<Kind> kinds, Duration deadline, int forks) {
        ForkPolicy policy = ForkPolicy.adaptive(forks, Duration.ZERO, 0.10);
        List<Entry> entries = new ArrayList<>();
        for (Experiment experiment : Experiments.all()) {
            if (!only.isEmpty() && !only.contains(experiment.name())) {
                continue;
            }
            for (Kind kind : kinds) {
                long n = kind == Kind.PLATFORM ? Math.min(cap, PLATFORM_N) : cap;
                ExperimentSpec spec = ExperimentSpec.of(experiment.name(), n).withKind(kind).withDeadline(deadline);
                String refusal = refusal(spec);
                if (refusal != null) {
                    // an experiment with a second size (the ring) needs m >= 1: go round once, as the article did
                    ExperimentSpec once = spec.withM(1);
                    if (refusal(once) == null) {
                        spec = once;
                        refusal = null;
                    }
                }
                entries.add(new Entry(FORKED.contains(experiment) ? spec.withForks(policy) : spec, refusal));
            }
        }
        boolean load = only.isEmpty() || only.contains("load");
        boolean supervise = only.isEmpty() || only.contains("supervise");
        return new ReportPlan(entries, load ? loadAt(cap, forks) : null, supervise);
    }

    private static String refusal(ExperimentSpec spec) {
        try {
            FreshJvm.validate(spec); // the experiment's check, the kind's (pekko runs four; BEAM needs Erlang), and the kind's module
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }
}
