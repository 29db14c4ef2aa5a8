package dev.loomlab.cli;

import dev.loomlab.view.Section;
import dev.loomlab.view.SectionJson;
import dev.loomlab.util.Progress;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * A subcommand that prints one {@link Section}: as text with its progress lines, or with
 * {@code --json} as exactly one {@code section} object of the results schema and nothing else.
 */
abstract class SectionCommand implements Callable<Integer> {

    @Option(names = "--json", description = "print exactly one JSON object on standard output")
    boolean json;

    @Spec
    CommandSpec spec;

    /** Measures and arranges the section, saying what it does on {@code progress}. */
    abstract Section section(Progress progress);

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        Section section = section(json ? Progress.SILENT : line -> out.println("  | " + line));
        out.println(json ? SectionJson.write(section) : section.toString());
        out.flush();
        return 0;
    }
}
