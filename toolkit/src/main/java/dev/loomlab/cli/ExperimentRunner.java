package dev.loomlab.cli;

import dev.loomlab.util.Durations;
import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.MeasurementJson;
import dev.loomlab.util.Progress;
import dev.loomlab.measure.Env;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Runs one experiment for a subcommand: in a fresh JVM, with the raw virtual-thread baseline in
 * its own fresh JVM beside a toolkit-process run, and prints a table or one JSON object.
 */
final class ExperimentRunner {

    private ExperimentRunner() {}

    static int run(ExperimentSpec spec, CommonOptions options, PrintWriter out) throws Exception {
        FreshJvm.validate(spec);
        Progress progress = options.json ? Progress.STDERR : line -> out.println("  | " + line);
        if (!options.json) {
            out.println("parent JVM: " + Env.current().oneLine());
            out.printf("running %s (kind %s, n=%,d%s) in a fresh JVM, deadline %s...%n", spec.experiment(),
                    spec.kind().label(), spec.n(), spec.m() == 0 ? "" : ", m=" + spec.m(), Durations.format(spec.deadline()));
            out.flush();
        }
        if (!options.json && spec.kind() == Kind.PROCESS && !options.noBaseline && Experiments.named(spec.experiment()).hasBaseline()) {
            out.println("then the raw virtual-thread baseline, in its own fresh JVM");
            out.flush();
        }
        List<Measurement> runs = measureWithBaseline(spec, options, progress);
        Measurement result = runs.get(0);
        Measurement baseline = runs.size() > 1 ? runs.get(1) : null;
        if (options.json) {
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
        } else {
            out.println("child JVM: " + result.env().oneLine());
            out.println();
            out.println(result);
            if (baseline != null) {
                out.println();
                out.println(comparison(result, baseline).printAll());
            }
        }
        out.flush();
        return 0;
    }

    /** The measurement of {@code spec}, then its raw baseline when it has one and it was not turned off. */
    static List<Measurement> measureWithBaseline(ExperimentSpec spec, CommonOptions options, Progress progress)
            throws Exception {
        FreshJvm.validate(spec);
        Measurement result = measure(spec, options, progress);
        if (spec.kind() == Kind.PROCESS && !options.noBaseline && Experiments.named(spec.experiment()).hasBaseline()) {
            return List.of(result, measure(spec.withKind(Kind.VIRTUAL), options, progress));
        }
        return List.of(result);
    }

    private static Measurement measure(ExperimentSpec spec, CommonOptions options, Progress progress) throws Exception {
        return options.inProcess ? Experiments.runHere(spec, progress) : FreshJvm.run(spec, progress);
    }

    /** Ours beside the raw baseline, measured in the same run, with the ratio. */
    static Table comparison(Measurement ours, Measurement baseline) {
        StringColumn metric = StringColumn.create("metric");
        DoubleColumn process = DoubleColumn.create("process");
        DoubleColumn raw = DoubleColumn.create("raw virtual thread");
        DoubleColumn ratio = DoubleColumn.create("process / raw");
        for (Map.Entry<String, Double> e : ours.metrics().entrySet()) {
            double b = baseline.metric(e.getKey());
            metric.append(e.getKey());
            process.append(Math.round(e.getValue() * 100) / 100.0);
            raw.append(Math.round(b * 100) / 100.0);
            ratio.append(b == 0 || Double.isNaN(b) ? Double.NaN : Math.round(e.getValue() / b * 100) / 100.0);
        }
        return Table.create("The toolkit's processes against the raw baseline, same machine, same run", metric, process, raw, ratio);
    }
}
