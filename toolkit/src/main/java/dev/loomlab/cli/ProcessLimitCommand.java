package dev.loomlab.cli;

import dev.loomlab.view.Section;
import dev.loomlab.util.Progress;
import dev.loomlab.articles.ProcessLimits;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code loomlab process-limit [N...]}: BEAM's +P rounding beside the toolkit's exact limit. */
@Command(name = "process-limit", mixinStandardHelpOptions = true,
        description = {"What +P N gives on BEAM beside what -Dloomlab.processLimit=N gives the toolkit.",
                "BEAM: at least 1,024, rounded up to a power of two, at most 134,217,727; the toolkit: N exactly. "
                        + "Without N: the article's examples."})
final class ProcessLimitCommand extends SectionCommand {

    @Parameters(arity = "0..*", paramLabel = "N", description = "limits to show")
    List<Long> requested = List.of();



    @Override
    Section section(Progress progress) {
        return requested.isEmpty() ? ProcessLimits.articleExamples()
                : ProcessLimits.of(requested.stream().mapToLong(Long::longValue).toArray());
    }
}
