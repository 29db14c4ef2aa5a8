package dev.loomlab.cli;

import dev.loomlab.display.ChartFiles;
import dev.loomlab.view.Section;
import dev.loomlab.view.SectionJson;
import dev.loomlab.util.Progress;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * A subcommand that prints one {@link Section}: as text with its progress lines, or with
 * {@code --json} as exactly one {@code section} object of the results schema and nothing else
 * ({@code --details}: every column of a narrowed table);
 * {@code --chart FILE} also draws its chart as a PNG file (a usage error for a section without one).
 */
abstract class SectionCommand implements Callable<Integer> {

    @Mixin
    JsonOption output = new JsonOption();

    @Mixin
    DetailsOption columns = new DetailsOption();

    @Spec
    CommandSpec spec;

    @Option(names = "--chart", paramLabel = "FILE",
            description = "also draw the section's chart as a PNG file (where it has one)")
    Path chart;

    /** Measures and arranges the section, saying what it does on {@code progress}. */
    abstract Section section(Progress progress);

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        Section section = section(output.progress(out));
        out.println(output.json ? SectionJson.write(section) : columns.text(section));
        out.flush();
        if (chart != null) {
            if (!section.hasChart()) {
                spec.commandLine().getErr().println("loomlab: " + spec.name() + " draws no chart, so --chart "
                        + chart + " wrote nothing: leave --chart out");
                return LoomlabCommand.USAGE;
            }
            spec.commandLine().getErr().println("loomlab: chart written to " + ChartFiles.write(section.chart(), chart));
        }
        return 0;
    }
}
