package dev.loomlab.cli;

import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code loomlab published [experiment]}: the articles' and peers' figures the toolkit carries.
 * Each list ends with its sources: title, language, author or site, public address.
 * An experiment with no figure is a usage error (exit 2) whose one line lists those that have some.
 */
@Command(name = "published", mixinStandardHelpOptions = true, description = "the published figures, with sources.")
final class PublishedCommand implements Callable<Integer> {

    @Parameters(arity = "0..1", paramLabel = "EXPERIMENT", description = "only this experiment's figures")
    String experiment;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (experiment == null) {
            spec.commandLine().getOut().println(PublishedFigures.table().toText());
            spec.commandLine().getOut().println(PublishedFigures.sourcesTable().toText());
            return 0;
        }
        List<PublishedFigure> figures = PublishedFigures.of(experiment);
        if (figures.isEmpty()) {
            List<String> known = PublishedFigures.all().stream().map(PublishedFigure::experiment).distinct().sorted().toList();
            spec.commandLine().getErr().printf("loomlab: no published figure matches \"%s\"; there are figures for: %s "
                    + "(loomlab published shows them all)%n", experiment, String.join(", ", known));
            return LoomlabCommand.USAGE;
        }
        spec.commandLine().getOut().println(PublishedFigures.table("Published figures: " + experiment, figures).toText());
        List<String> ids = figures.stream().map(PublishedFigure::source).distinct().toList();
        spec.commandLine().getOut().println(PublishedFigures.sourcesTable(
                PublishedFigures.sources().stream().filter(s -> ids.contains(s.id())).toList()).toText());
        return 0;
    }
}
