package dev.loomlab.cli;

import dev.loomlab.experiment.MeasurementJson;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.view.SectionJson;
import dev.loomlab.view.Section;
import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.util.Progress;
import dev.loomlab.articles.Karui;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code loomlab state}: processes each holding a list; bytes per process per list size. */
@Command(name = "state", mixinStandardHelpOptions = true,
        description = {"n idle processes each holding a list of m elements: bytes per process per list size.",
                "Without --m: one fresh JVM per size in --sizes (and none), as a table beside the article's BEAM growth. "
                        + "With --m: that one size, as any experiment (--repeat, --kind virtual). With --json, always one "
                        + "section object (docs/results-schema.md), its measurements inside."})
final class StateCommand implements Callable<Integer> {

    @Option(names = "--n", defaultValue = "10000", paramLabel = "N", description = "processes (fewer for big lists). Default: ${DEFAULT-VALUE}")
    long n;

    @Option(names = "--m", paramLabel = "M", description = "one list size only")
    Long m;

    @Option(names = "--sizes", defaultValue = "10,100,1000,10000", paramLabel = "LIST", split = ",",
            description = "list sizes to compare. Default: ${DEFAULT-VALUE}")
    List<Integer> sizes;

    @Mixin
    CommonOptions options;

    @Mixin
    DetailsOption columns = new DetailsOption();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (m != null && !options.output.json) {
            return ExperimentRunner.run(options.spec(Experiments.STATE, n).withM(m), options, spec.commandLine().getOut(), spec.commandLine().getErr());
        }
        if (m != null) {
            // one shape for --json with or without --m: a section, its measurements (and baseline) inside
            var out = spec.commandLine().getOut();
            List<Measurement> runs = ExperimentRunner.measureWithBaseline(options.spec(Experiments.STATE, n).withM(m), options);
            Measurement first = runs.get(0);
            out.println(SectionJson.write(new Section(first.grid(), null, first.notes(),
                    runs.stream().map(r -> (JsonNode) MeasurementJson.tree(r)).toList())));
            out.flush();
            return 0;
        }
        options.applyCap();
        if (n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("--n is too large: " + n);
        }
        dev.loomlab.measure.Cap.check("n", n, 1_000);
        var out = spec.commandLine().getOut();
        Progress progress = options.output.progress(out);
        var report = Karui.state(sizes.stream().mapToInt(Integer::intValue).toArray(), (int) n, progress);
        out.println(options.output.json ? SectionJson.write(report) : columns.text(report));
        out.flush();
        return 0;
    }
}
