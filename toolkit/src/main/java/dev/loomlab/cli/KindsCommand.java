package dev.loomlab.cli;

import dev.loomlab.view.Section;
import dev.loomlab.util.Progress;
import dev.loomlab.articles.Karui;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code loomlab kinds}: toolkit processes, raw virtual threads and platform threads side by side. */
@Command(name = "kinds", mixinStandardHelpOptions = true,
        description = {"Toolkit processes, raw virtual threads and platform threads: memory and spawn time.",
                "Each in a fresh JVM: memory (heap, NMT thread stacks, RSS) and spawn time, beside the article's BEAM, "
                        + "goroutine and Python-thread figures."})
final class KindsCommand extends SectionCommand {

    @Option(names = "--n", defaultValue = "100000", paramLabel = "N", description = "processes and virtual threads. Default: ${DEFAULT-VALUE}")
    int n;

    @Option(names = "--platform-n", defaultValue = "2000", paramLabel = "N",
            description = "platform threads (slow to create, and an OS resource). Default: ${DEFAULT-VALUE}")
    int platformN;

    @Mixin
    CapOptions cap = new CapOptions();

    @Override
    Section section(Progress progress) {
        cap.apply();
        return Karui.kinds(n, platformN, progress);
    }
}
