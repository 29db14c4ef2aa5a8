package dev.loomlab.report;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.experiment.Kind;
import dev.loomlab.measure.ForkPolicy;
import dev.loomlab.load.LoadKind;
import dev.loomlab.load.LoadRunner;
import dev.loomlab.util.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code loomlab report --plan} prints: the fresh VMs a {@link ReportPlan} starts, the most
 * they may take (every one at its deadline), and an estimate computed from the plan: the time of
 * its first run, in its own fresh JVM on this machine, times the number of fresh VMs. Nothing
 * here is a figure from elsewhere; the only timing is the one probe it takes.
 *
 * @param plan  the plan
 * @param probe the spec that was timed, or null when the plan has no runnable JVM entry
 * @param taken how long the probe's fresh JVM took, or null
 */
public record PlanEstimate(ReportPlan plan, ExperimentSpec probe, Duration taken) {

    /** The plan without a probe: its fresh VMs and its upper bound only. */
    public static PlanEstimate unprobed(ReportPlan plan) {
        return new PlanEstimate(plan, null, null);
    }

    /** Times the plan's first runnable entry that runs on the JVM, in its own fresh JVM, as the report would. */
    public static PlanEstimate probed(ReportPlan plan) {
        Optional<ExperimentSpec> first = plan.entries().stream().filter(ReportPlan.Entry::runnable).map(ReportPlan.Entry::spec)
                .filter(s -> s.kind() != Kind.BEAM).findFirst().map(s -> s.withForks(ForkPolicy.ONE)); // one VM, the unit of the estimate
        if (first.isEmpty()) {
            return unprobed(plan);
        }
        long start = System.nanoTime();
        FreshJvm.attempt(first.get(), line -> { });
        return new PlanEstimate(plan, first.get(), Duration.ofNanos(System.nanoTime() - start));
    }

    /** Fresh VMs: one per runnable entry ({@code --forks} for a forked one), the load's VMs of every row; supervise runs in the report's own JVM. */
    public long freshVms() {
        return plan.entries().stream().filter(ReportPlan.Entry::runnable).mapToLong(e -> vms(e.spec())).sum() + loadVms();
    }

    /** The fresh VMs one spec starts: a report's forks are a fixed number, never added to. */
    private static long vms(ExperimentSpec spec) {
        return spec.forkPolicy().forks();
    }

    private long loadRows() {
        return plan.load() == null ? 0 : (long) plan.load().kinds().size() * plan.load().loops().size();
    }

    private long loadVms() {
        return plan.load() == null ? 0 : loadRows() * plan.load().vms();
    }

    /** The longest the fresh VMs may take: every one killed at its deadline. */
    public Duration atMost() {
        Duration total = Duration.ZERO;
        for (ReportPlan.Entry entry : plan.entries()) {
            if (entry.runnable()) {
                total = total.plus(entry.spec().deadline().multipliedBy(vms(entry.spec())));
            }
        }
        return plan.load() == null ? total : total.plus(LoadRunner.rowLimit(plan.load()).multipliedBy(loadVms()));
    }

    /**
     * The most memory one planned run's units hold at once: n times its experiment's own
     * generous estimate per unit ({@link dev.loomlab.experiment.Experiment#bytesPerUnit}), the
     * largest over the runnable entries. Runs go one at a time, each in its own JVM.
     */
    public long largestUnits() {
        return plan.entries().stream().filter(ReportPlan.Entry::runnable).map(ReportPlan.Entry::spec)
                .mapToLong(s -> s.n() * dev.loomlab.experiment.Experiments.named(s.experiment()).bytesPerUnit(s))
                .max().orElse(0);
    }

    /** The estimate: the probe's time for each fresh VM, or empty without a probe. */
    public Optional<Duration> estimate() {
        return taken == null ? Optional.empty() : Optional.of(taken.multipliedBy(freshVms()));
    }

    /** The lines printed: the fresh VMs by experiment, then the estimate and the bound. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        Map<String, List<String>> byExperiment = new LinkedHashMap<>();
        for (ReportPlan.Entry entry : plan.entries()) {
            ExperimentSpec spec = entry.spec();
            String what = String.format("%s n=%,d%s%s", spec.kind().label(), spec.n(), spec.m() == 0 ? "" : " m=" + spec.m(),
                    vms(spec) == 1 ? "" : " x " + vms(spec) + " VMs");
            byExperiment.computeIfAbsent(spec.experiment(), e -> new ArrayList<>()).add(entry.runnable() ? what : what + " (skipped)");
        }
        byExperiment.forEach((experiment, runs) -> lines.add("  " + experiment + ": " + String.join(", ", runs)));
        if (plan.load() != null) {
            lines.add(String.format("  load: %d rows (%s; busy loops %s)%s", loadRows(),
                    String.join(", ", plan.load().kinds().stream().map(LoadKind::label).toList()), plan.load().loops(),
                    plan.load().vms() == 1 ? ", each in a fresh VM" : " x " + plan.load().vms() + " VMs"));
        }
        if (plan.supervise()) {
            lines.add("  supervise: in the report's own JVM");
        }
        lines.add(String.format("fresh VMs: %,d, one at a time", freshVms()));
        lines.add("memory: the largest run's processes hold up to about " + dev.loomlab.measure.Units.bytes(largestUnits())
                + " (n x its experiment's own generous estimate per process), beside its JVM's own");
        estimate().ifPresent(e -> lines.add("estimate: about " + Durations.format(round(e)) + " (" + freshVms() + " x "
                + Durations.format(round(taken)) + ", the time " + ReportRow.describe(probe) + " took in its fresh JVM here just now;"
                + " experiments differ, so read it as the order of magnitude)"));
        lines.add("at most: " + Durations.format(round(atMost())) + " (every fresh VM killed at its deadline)");
        return lines;
    }

    private static Duration round(Duration d) {
        return d.compareTo(Duration.ofMinutes(2)) >= 0 ? Duration.ofMinutes(Math.round(d.toSeconds() / 60.0))
                : Duration.ofSeconds(Math.max(1, Math.round(d.toMillis() / 1000.0)));
    }
}
