package dev.loomlab.cli;

import dev.loomlab.view.Section;
import dev.loomlab.view.SectionJson;
import dev.loomlab.util.Progress;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/**
 * A subcommand that prints one {@link Section}: as text with its progress lines, or with
 * {@code --json} as exactly one {@code section} object of the results schema and nothing else.
 */
abstract class SectionCommand implements Callable<Integer> {

    @Mixin
    JsonOption output = new JsonOption();

    @Spec
    CommandSpec spec;

    /** Measures and arranges the section, saying what it does on {@code progress}. */
    abstract Section section(Progress progress);

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        Section section = section(output.progress(out));
        out.println(output.json ? SectionJson.write(section) : section.toString());
        out.flush();
        return 0;
    }
}
