package dev.loomlab.cli;

import dev.loomlab.display.SectionJson;
import dev.loomlab.runs.ProcessLimits;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code loomlab process-limit [N...]}: BEAM's +P rounding beside the toolkit's exact limit. */
@Command(name = "process-limit", mixinStandardHelpOptions = true,
        description = {"What +P N gives on BEAM (at least 1,024, rounded up to a power of two, at most 134,217,727)",
                "beside what -Dloomlab.processLimit=N gives the toolkit (N exactly). Without N: the article's examples."})
final class ProcessLimitCommand implements Callable<Integer> {

    @Parameters(arity = "0..*", paramLabel = "N", description = "limits to show")
    List<Long> requested = List.of();

    @Option(names = "--json", description = "print exactly one JSON object on standard output")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        var section = requested.isEmpty() ? ProcessLimits.articleExamples()
                : ProcessLimits.of(requested.stream().mapToLong(Long::longValue).toArray());
        var out = spec.commandLine().getOut();
        out.println(json ? SectionJson.write(section) : section.toString());
        out.flush();
        return 0;
    }
}
