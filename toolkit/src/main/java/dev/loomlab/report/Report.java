package dev.loomlab.report;

import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.MeasurementJson;
import dev.loomlab.util.Progress;
import dev.loomlab.load.LoadRunner;
import dev.loomlab.measure.Env;
import dev.loomlab.view.Grid;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The full report: runs a {@link ReportPlan}, each spec in its own fresh JVMs killed at their
 * deadline, an experiment's kinds with their fresh VMs in turn, says what it is doing as it goes, and writes the files ({@link ReportFiles}).
 * After them, {@code load} and {@code supervise} ({@link ExtraRuns}), when the plan has them.
 * A failed experiment becomes a row (or a section) that says why, and the report goes on. {@code results.json}
 * is rewritten after every experiment, so whatever ran survives even if the report itself is stopped.
 */
public final class Report {

    private Report() {}

    /**
     * Runs {@code plan} and writes the report into {@code dir}.
     *
     * @param label    the name of this machine or participant, shown as the column header in compare
     * @param cap      the cap the plan was made at (recorded in the results)
     * @param progress where to say what runs, and each child's own progress
     * @return what was written to {@code results.json}
     */
    public static ResultsFile run(ReportPlan plan, Path dir, String label, int cap, Progress progress) {
        return run(plan, dir, label, cap, progress, LoadRunner::run);
    }

    /** The same with another way to run {@code load} (a test's that fails). */
    static ResultsFile run(ReportPlan plan, Path dir, String label, int cap, Progress progress, ExtraRuns.LoadRun loadRun) {
        String createdAt = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        Env env = Env.current();
        progress.say("loomlab report: " + plan.runnable() + " runs, each in a fresh JVM" + (plan.supervise() ? " (supervise in this one)" : "")
                + ", into " + dir.toAbsolutePath());
        progress.say("this JVM: " + env.oneLine());
        List<ReportRow> rows = new ArrayList<>();
        int index = 0;
        for (List<ReportPlan.Entry> experiment : byExperiment(plan.entries())) {
            List<ExperimentSpec> runnable = new ArrayList<>();
            for (ReportPlan.Entry entry : experiment) {
                if (entry.runnable()) {
                    runnable.add(entry.spec());
                } else {
                    ReportRow skipped = ReportRow.skipped(entry.spec(), entry.refusal());
                    rows.add(skipped);
                    progress.say("skip   " + skipped.describe() + ": " + firstSentence(entry.refusal()));
                }
            }
            if (runnable.isEmpty()) {
                continue;
            }
            String prefix = runnable.size() == 1 ? String.format("[%d/%d] ", index + 1, plan.runnable())
                    : String.format("[%d-%d/%d] ", index + 1, index + runnable.size(), plan.runnable());
            index += runnable.size();
            rows.addAll(runInTurn(runnable, prefix, progress));
            snapshot(dir, label, createdAt, cap, env, rows, ReportExtras.NONE, false);
        }
        ReportExtras extras = ReportExtras.NONE;
        if (plan.load() != null) {
            index++;
            extras = ExtraRuns.load(extras, plan.load(), loadRun, String.format("[%d/%d] ", index, plan.runnable()), progress);
            snapshot(dir, label, createdAt, cap, env, rows, extras, false);
        }
        if (plan.supervise()) {
            index++;
            extras = ExtraRuns.supervise(extras, String.format("[%d/%d] ", index, plan.runnable()), progress);
        }
        ResultsFile results = snapshot(dir, label, createdAt, cap, env, rows, extras, true);
        Path page = ReportFiles.write(dir, results);
        long failed = rows.stream().filter(ReportRow::isFailed).count() + extras.failures();
        progress.say("report written: " + page.toAbsolutePath() + (failed == 0 ? "" : " (" + failed + " run(s) failed, marked in it)"));
        return results;
    }

    /** The plan's entries, one list per experiment, in the plan's order. */
    private static List<List<ReportPlan.Entry>> byExperiment(List<ReportPlan.Entry> entries) {
        List<List<ReportPlan.Entry>> groups = new ArrayList<>();
        for (ReportPlan.Entry entry : entries) {
            if (groups.isEmpty() || !groups.getLast().getFirst().spec().experiment().equals(entry.spec().experiment())) {
                groups.add(new ArrayList<>());
            }
            groups.getLast().add(entry);
        }
        return groups;
    }

    /**
     * One experiment's kinds, set beside each other in its tables, their fresh VMs taken in turn
     * ({@link FreshJvm#timedRowsInTurn}) so that a drift of the machine weighs on every kind alike;
     * a failure is that kind's row, and the others go on.
     */
    private static List<ReportRow> runInTurn(List<ExperimentSpec> specs, String prefix, Progress progress) {
        progress.say(prefix + specs.stream().map(ReportRow::describe).collect(Collectors.joining(", "))
                + (specs.size() > 1 ? ", their fresh VMs in turn" : "") + " ...");
        List<FreshJvm.TimedRow> timed = FreshJvm.timedRowsInTurn(specs, line -> progress.say("       | " + line));
        List<ReportRow> rows = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            ExperimentSpec spec = specs.get(i);
            Measurement m = timed.get(i).measurement();
            long millis = Math.max(1, timed.get(i).elapsed().toMillis());
            String what = specs.size() > 1 ? ReportRow.describe(spec) + " " : "";
            if (!m.ok()) {
                progress.say("       " + what + "FAILED: " + m.outcome() + " (the report goes on)");
                rows.add(ReportRow.failed(spec, m.outcome(), millis));
                continue;
            }
            String first = m.metrics().entrySet().stream().findFirst()
                    .map(e -> e.getKey() + " = " + Grid.print(e.getValue())).orElse("no metrics");
            progress.say(String.format("       %sok in %.1f s: %s", what, millis / 1000.0, first));
            rows.add(ReportRow.ok(spec, m, millis));
        }
        return rows;
    }

    private static ResultsFile snapshot(Path dir, String label, String createdAt, int cap, Env env, List<ReportRow> rows,
                                        ReportExtras extras, boolean complete) {
        ResultsFile results = new ResultsFile(label, createdAt, cap, env, MeasurementJson.toolkitVersion(), complete,
                rows, List.of(), extras);
        results.write(dir.resolve("results.json"));
        return results;
    }

    /** The start of a long refusal, for one progress line; the report keeps all of it. */
    private static String firstSentence(String text) {
        int stop = text.indexOf(". ");
        return stop > 0 && stop < 200 ? text.substring(0, stop + 1) : text.length() <= 200 ? text : text.substring(0, 200) + "...";
    }
}
