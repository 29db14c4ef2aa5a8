package dev.loomlab.cli;

import dev.loomlab.view.Section;
import dev.loomlab.gc.Collector;
import dev.loomlab.gc.GcPauses;
import dev.loomlab.util.Progress;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code loomlab gc-pauses}: the collector's pauses while N processes churn their state, and the round trips meanwhile. */
@Command(name = "gc-pauses", mixinStandardHelpOptions = true,
        description = {"BEAM collects each process's heap alone; the JVM stops every thread.",
                "For each collector and N, a fresh JVM runs N processes that hold state and churn it while a client "
                        + "times round trips: "
                        + "pause count, p50, p99, max (the JVM's safepoint log), and what the pauses did to the round trips."})
final class GcPausesCommand extends SectionCommand {

    @Option(names = "--n", defaultValue = "1000,10000,100000", split = ",", paramLabel = "N",
            description = "process counts, one fresh JVM each per collector. Default: ${DEFAULT-VALUE}")
    List<Integer> ns;

    @Option(names = "--gc", defaultValue = "g1,zgc,serial", paramLabel = "LIST",
            description = "collectors: g1, zgc, serial, a comma list, or all. Default: ${DEFAULT-VALUE}")
    String gc;

    @Option(names = "--slots", defaultValue = "16", paramLabel = "K",
            description = "objects of 64 bytes each process holds. Default: ${DEFAULT-VALUE}")
    int slots;

    @Option(names = "--rate", defaultValue = "100000", paramLabel = "R",
            description = "churn messages per second, all processes together. Default: ${DEFAULT-VALUE}")
    int rate;

    @Option(names = "--seconds", defaultValue = "3s", paramLabel = "TIME", converter = Converters.DurationConverter.class,
            description = "the measured window of each row. Default: ${DEFAULT-VALUE}")
    Duration seconds;

    @Option(names = "--warmup", defaultValue = "1s", paramLabel = "TIME", converter = Converters.DurationConverter.class,
            description = "run before the window, not measured. Default: ${DEFAULT-VALUE}")
    Duration warmup;

    @Mixin
    CapOptions cap = new CapOptions();



    @Override
    Section section(Progress progress) {
        cap.apply();
        return new GcPauses(Collector.parseList(gc), ns, slots, rate, warmup, seconds).run(progress);
    }
}
