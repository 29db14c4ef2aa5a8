package dev.loomlab.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.MeasurementJson;
import dev.loomlab.experiment.Verdict;
import dev.loomlab.measure.Env;
import dev.loomlab.util.Durations;
import dev.loomlab.util.ProgressLine;
import dev.loomlab.view.Grid;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;

/**
 * Runs one experiment for a subcommand: in fresh JVMs, with the raw virtual-thread baseline beside a
 * toolkit-process run in fresh JVMs of its own, taken in turn with the toolkit's, and prints a table
 * or one JSON object.
 */
final class ExperimentRunner {

    private ExperimentRunner() {}

    static int run(ExperimentSpec spec, CommonOptions options, PrintWriter out) throws Exception {
        return run(spec, options, out, new PrintWriter(System.err, true));
    }

    /**
     * The same, with errors on {@code err}. With {@code --json} a run that fails (out of memory,
     * past its deadline, killed, crashed) still prints the one results document, its
     * {@code outcome} naming the failure, with the same line on {@code err}; the exit code is
     * non-zero either way. Bad input is refused before anything runs, as a usage error.
     */
    static int run(ExperimentSpec spec, CommonOptions options, PrintWriter out, PrintWriter err) throws Exception {
        FreshJvm.validate(spec);
        if (!options.output.json) {
            out.println("parent JVM: " + Env.current().oneLine());
            out.printf("running %s (kind %s, n=%,d%s) in fresh %s (%s), deadline %s each...%n", spec.experiment(),
                    spec.kind().label(), spec.n(), spec.m() == 0 ? "" : ", m=" + spec.m(),
                    spec.kind() == Kind.BEAM ? "BEAM VMs" : "JVMs", spec.forkPolicy().describe(), Durations.format(spec.deadline()));
            if (withBaseline(spec, options)) {
                out.println(options.inProcess ? "then the raw virtual-thread baseline"
                        : "and the raw virtual-thread baseline, in fresh JVMs of its own taken in turn with these");
            }
            out.flush();
        }
        List<Measurement> runs = measureWithBaseline(spec, options);
        Measurement result = runs.get(0);
        Measurement baseline = runs.size() > 1 ? runs.get(1) : null;
        if (options.output.json) {
            ObjectNode root = MeasurementJson.tree(result);
            if (baseline != null) {
                root.set("baseline", MeasurementJson.tree(baseline));
                ObjectNode ratios = root.putObject("ratiosToBaseline");
                for (Map.Entry<String, Double> e : result.metrics().entrySet()) {
                    double b = baseline.metric(e.getKey());
                    if (b != 0 && !Double.isNaN(b)) {
                        ratios.put(e.getKey(), Math.round(e.getValue() / b * 1000) / 1000.0);
                    }
                }
            }
            out.println(root.toPrettyString());
            if (!result.ok()) {
                err.println("loomlab: " + result.outcome());
            }
        } else {
            out.println((spec.kind() == Kind.BEAM ? "this JVM (the BEAM VM is in the notes): " : "child JVM: ")
                    + result.env().oneLine());
            out.println();
            out.println(result);
            if (baseline != null) {
                out.println();
                out.println(baseline.ok() ? comparison(result, baseline).toText() : "the raw virtual-thread baseline: " + baseline.outcome());
            }
        }
        out.flush();
        return result.ok() ? 0 : LoomlabCommand.FAILED; // a BEAM run that crashed, hit system_limit or overran
    }

    private static boolean withBaseline(ExperimentSpec spec, CommonOptions options) {
        return spec.kind() == Kind.PROCESS && !options.noBaseline && !spec.hopTrace()
                && Experiments.named(spec.experiment()).hasBaseline();
    }

    /**
     * The measurement of {@code spec}, and its raw baseline when it has one and it was not turned off:
     * their fresh JVMs in turn ({@link FreshJvm#inTurn}), so that both meet the same machine.
     */
    static List<Measurement> measureWithBaseline(ExperimentSpec spec, CommonOptions options) throws Exception {
        FreshJvm.validate(spec);
        String what = String.format("%s %s n=%,d", spec.experiment(), spec.kind().label(), spec.n());
        if (!withBaseline(spec, options) || options.inProcess) {
            Measurement result = measure(spec, options, what);
            return withBaseline(spec, options) && result.ok()
                    ? List.of(result, measure(spec.withKind(Kind.VIRTUAL), options, "the raw virtual-thread baseline"))
                    : List.of(result);
        }
        try (ProgressLine progress = ProgressLine.start(what + " and its raw baseline, their JVMs in turn", 0)) {
            return FreshJvm.inTurn(List.of(spec, spec.withKind(Kind.VIRTUAL)), progress);
        } catch (RuntimeException e) {
            if (options.output.json) {
                return List.of(FreshJvm.failure(spec, e)); // with --json a failed child is a failed measurement, the one document
            }
            throw e;
        }
    }

    /** One measurement, its progress on one line of stderr (rewritten in place on a terminal). */
    private static Measurement measure(ExperimentSpec spec, CommonOptions options, String what) throws Exception {
        try (ProgressLine progress = ProgressLine.start(what, options.inProcess ? spec.repeat() : 0)) {
            if (!options.inProcess || spec.kind() == Kind.BEAM) {
                // with --json a failed child is a failed measurement (FreshJvm.attempt), printed as the one document
                return options.output.json ? FreshJvm.attempt(spec, progress) : FreshJvm.run(spec, progress);
            }
            Measurement m = Experiments.runHere(spec, progress);
            progress.step(spec.repeat(), spec.repeat(), "");
            return m;
        }
    }

    /** Ours beside the raw baseline, measured in the same run, with their intervals and the ratio, in 7 columns. */
    static Grid comparison(Measurement ours, Measurement baseline) {
        return Grid.of("The toolkit's processes against the raw baseline, same machine, same run (" + ours.vms() + " and "
                        + baseline.vms() + " fresh JVMs)", List.copyOf(ours.metrics().keySet()))
                .text("metric", k -> k)
                .number("process", ours::metric)
                .text("process 95% interval", k -> Measurement.intervalText(ours.interval(k)))
                .number("raw virtual thread", baseline::metric)
                .text("raw 95% interval", k -> Measurement.intervalText(baseline.interval(k)))
                .number("process / raw", k -> Grid.ratio(ours.metric(k), baseline.metric(k)))
                .text("on this machine", k -> Verdict.cell(k, Verdict.relation(ours.interval(k), baseline.interval(k)), "process"))
                .build();
    }
}
