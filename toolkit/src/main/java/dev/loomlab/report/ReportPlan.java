package dev.loomlab.report;

import dev.loomlab.experiment.Experiment;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.Kind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What a report runs: every registered experiment, for every kind, at the cap. Platform threads
 * run at a smaller n (they cost an OS thread each). A spec an experiment refuses (hibernate has
 * no virtual or platform kind; a later experiment may need sizes this plan does not know) becomes
 * a skipped row with the experiment's own reason, never an abort.
 *
 * @param entries every spec in order, experiment by experiment, kind by kind
 */
public record ReportPlan(List<Entry> entries) {

    /** The most platform threads a report starts in one experiment. */
    public static final int PLATFORM_N = 1_000;

    /** A spec to run, or one the experiment refused ({@code refusal} says why; null when runnable). */
    public record Entry(ExperimentSpec spec, String refusal) {
        public boolean runnable() {
            return refusal == null;
        }
    }

    public ReportPlan {
        entries = List.copyOf(entries);
    }

    /** How many entries will run. */
    public long runnable() {
        return entries.stream().filter(Entry::runnable).count();
    }

    /**
     * The plan at {@code cap}: every experiment of {@link Experiments#all()} whose name is in
     * {@code only} (all when empty), for every kind in {@code kinds}.
     */
    public static ReportPlan at(int cap, Set<String> only, List<Kind> kinds, Duration deadline) {
        List<Entry> entries = new ArrayList<>();
        for (Experiment experiment : Experiments.all()) {
            if (!only.isEmpty() && !only.contains(experiment.name())) {
                continue;
            }
            for (Kind kind : kinds) {
                long n = kind == Kind.PLATFORM ? Math.min(cap, PLATFORM_N) : cap;
                ExperimentSpec spec = ExperimentSpec.of(experiment.name(), n).withKind(kind).withDeadline(deadline);
                String refusal = refusal(experiment, spec);
                if (refusal != null) {
                    // an experiment with a second size (the ring) needs m >= 1: go round once, as the article did
                    ExperimentSpec once = spec.withM(1);
                    if (refusal(experiment, once) == null) {
                        spec = once;
                        refusal = null;
                    }
                }
                entries.add(new Entry(spec, refusal));
            }
        }
        return new ReportPlan(entries);
    }

    private static String refusal(Experiment experiment, ExperimentSpec spec) {
        try {
            experiment.validate(spec);
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }
}
