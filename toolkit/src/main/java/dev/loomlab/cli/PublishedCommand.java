package dev.loomlab.cli;

import dev.loomlab.published.PublishedFigures;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code loomlab published [experiment]}: the articles' and peers' figures the toolkit carries. */
@Command(name = "published", mixinStandardHelpOptions = true, description = "the published figures, with sources.")
final class PublishedCommand implements Runnable {

    @Parameters(arity = "0..1", paramLabel = "EXPERIMENT", description = "only this experiment's figures")
    String experiment;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        var table = experiment == null ? PublishedFigures.table()
                : PublishedFigures.table("Published figures: " + experiment, PublishedFigures.of(experiment));
        spec.commandLine().getOut().println(table.printAll());
    }
}
