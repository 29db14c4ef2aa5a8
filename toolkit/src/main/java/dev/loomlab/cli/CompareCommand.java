package dev.loomlab.cli;

import dev.loomlab.report.ExtraComparison;
import dev.loomlab.util.AtomicFiles;
import dev.loomlab.report.Compare;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code loomlab compare a.json b.json ...}: several machines' reports side by side. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Merges results.json files from loomlab report, one column per machine.",
                "One file per machine (e.g. a workshop's participants): one table per experiment, beside the published "
                        + "figures, then load and supervise side by side. "
                        + "A file from another schema version, or not a results file, is refused with the reason."},
        footer = {"", "Example:", "  loomlab compare alice.json bob.json carol.json --html build/compare.html --csv build/compare.csv"})
final class CompareCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "RESULTS.json", description = "results.json files written by loomlab report")
    List<Path> files;

    @Option(names = "--html", paramLabel = "FILE", description = "also write the comparison as one offline HTML page, with a chart per experiment")
    Path html;

    @Option(names = "--csv", paramLabel = "FILE", description = "also write every experiment's table as one CSV (an experiment column first)")
    Path csv;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Compare compare = Compare.load(files);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        compare.refused().forEach(r -> err.println("loomlab compare: " + r));
        compare.notes().forEach(n -> err.println("loomlab compare: note: " + n));
        if (compare.files().isEmpty()) {
            err.println("loomlab compare: no file could be merged");
            err.flush();
            return LoomlabCommand.USAGE;
        }
        out.println(compare.machines().printAll());
        List<ExtraComparison.Part> extras = ExtraComparison.read(files).parts();
        var tables = compare.tables();
        for (int i = 0; i < tables.size(); i++) {
            out.println();
            out.println(tables.get(i).printAll());
            compare.marks(compare.experiments().get(i)).forEach(m -> out.println("  mark: " + m.line()));
            compare.verdicts(compare.experiments().get(i)).forEach(v -> out.println("  verdict: " + v));
        }
        extras.forEach(part -> {
            out.println();
            out.println(part.table().printAll());
            part.verdicts().forEach(v -> out.println("  verdict: " + v));
        });
        if (csv != null) {
            AtomicFiles.write(csv, compare.mergedCsv());
            out.println();
            out.println("written: " + csv.toAbsolutePath());
        }
        if (html != null) {
            AtomicFiles.write(html, compare.html(extras));
            out.println();
            out.println("written: " + html.toAbsolutePath());
        }
        out.flush();
        err.flush();
        return 0;
    }
}
