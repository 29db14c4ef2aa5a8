package dev.loomlab.cli;

import dev.loomlab.view.Section;
import dev.loomlab.nativecall.CallSite;
import dev.loomlab.nativecall.DirtyCall;
import dev.loomlab.util.Progress;
import java.time.Duration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code loomlab dirty-call}: a long native call on one carrier, on the virtual thread or offloaded. */
@Command(name = "dirty-call", mixinStandardHelpOptions = true,
        description = {"The German article's dirty NIF: a blocking native call beside round trips on ONE carrier.",
                "libc's usleep through java.lang.foreign, called on a virtual thread (it holds the carrier) or offloaded "
                        + "to a platform thread, while a client times round trips. "
                        + "Each site in a fresh JVM killed at its deadline; a starved run says how many round trips it completed."})
final class DirtyCallCommand extends SectionCommand {

    @Option(names = "--site", defaultValue = "all", paramLabel = "LIST",
            description = "none, carrier, offloaded, a comma list, or all. Default: ${DEFAULT-VALUE}")
    String site;

    @Option(names = "--call", defaultValue = "20ms", paramLabel = "TIME", converter = Converters.DurationConverter.class,
            description = "how long each native call blocks (under 1s). Default: ${DEFAULT-VALUE}")
    Duration call;

    @Option(names = "--gap", defaultValue = "50ms", paramLabel = "TIME", converter = Converters.DurationConverter.class,
            description = "the caller's pause between calls. Default: ${DEFAULT-VALUE}")
    Duration gap;

    @Option(names = "--seconds", defaultValue = "2s", paramLabel = "TIME", converter = Converters.DurationConverter.class,
            description = "the measured window. Default: ${DEFAULT-VALUE}")
    Duration seconds;

    @Option(names = "--warmup", defaultValue = "500ms", paramLabel = "TIME", converter = Converters.DurationConverter.class,
            description = "round trips before the window, not recorded. Default: ${DEFAULT-VALUE}")
    Duration warmup;



    @Override
    Section section(Progress progress) {
        return new DirtyCall(CallSite.parseList(site), call, gap, warmup, seconds).run(progress);
    }
}
