package dev.loomlab.cli;

import dev.loomlab.util.Progress;
import dev.loomlab.api.Lightness;
import dev.loomlab.display.SectionJson;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code loomlab kinds}: toolkit processes, raw virtual threads and platform threads side by side. */
@Command(name = "kinds", mixinStandardHelpOptions = true,
        description = {"Toolkit processes, raw virtual threads and platform threads, each in a fresh JVM: memory (heap,",
                "NMT thread stacks, RSS) and spawn time, beside the article's BEAM, goroutine and Python-thread figures."})
final class KindsCommand implements Callable<Integer> {

    @Option(names = "--n", defaultValue = "100000", paramLabel = "N", description = "processes and virtual threads. Default: ${DEFAULT-VALUE}")
    int n;

    @Option(names = "--platform-n", defaultValue = "2000", paramLabel = "N",
            description = "platform threads (slow to create, and an OS resource). Default: ${DEFAULT-VALUE}")
    int platformN;

    @Option(names = "--no-cap", description = "lift the cap on purpose")
    boolean noCap;

    @Option(names = "--json", description = "print exactly one JSON object on standard output")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (noCap) {
            dev.loomlab.measure.Cap.lift();
        }
        var out = spec.commandLine().getOut();
        Progress progress = json ? Progress.SILENT : line -> out.println("  | " + line);
        var report = Lightness.kinds(n, platformN, progress);
        out.println(json ? SectionJson.write(report) : report.toString());
        out.flush();
        return 0;
    }
}
