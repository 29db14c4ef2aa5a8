package dev.loomlab.cli;

import java.time.Duration;
import dev.loomlab.supervise.RestartIntensity;
import dev.loomlab.supervise.SupervisionDemo;
import dev.loomlab.supervise.SupervisionReport;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code loomlab supervise}: crash and restart under a one-for-one supervisor. Exits 1 when the
 * supervisor gave up (its restart intensity was exceeded), saying why, as the Japanese article's
 * VM ended "with exit 1 and a reason instead of 137 with nothing"; 0 when it was stopped normally.
 */
@Command(name = "supervise", mixinStandardHelpOptions = true,
        description = {"A one-for-one supervisor restarting a killed counter beside a neighbour.",
                "Kill the counter: it restarts at zero, the neighbour keeps its pid and state. Kill it more often than "
                        + "the restart intensity allows: "
                        + "the supervisor gives up with reached_max_restart_intensity and this command exits 1."},
        footer = {"", "Examples:", "  loomlab supervise                       (3 restarts in 60s, 4 kills: gives up)",
                "  loomlab supervise --kills 1             (restarts once, then stops normally)",
                "  loomlab supervise --max-restarts 1 --within 5s --json"})
final class SuperviseCommand implements Callable<Integer> {

    @Option(names = "--max-restarts", defaultValue = "3", paramLabel = "N",
            description = "restarts allowed within --within (OTP's intensity). Default: ${DEFAULT-VALUE}")
    int maxRestarts;

    @Option(names = "--within", defaultValue = "60s", paramLabel = "TIME", converter = Converters.DurationConverter.class,
            description = "the window restarts are counted in (OTP's period). Default: ${DEFAULT-VALUE}")
    Duration within;

    @Option(names = "--kills", paramLabel = "K",
            description = "how many times to kill the counter. Default: --max-restarts + 1, so that it gives up")
    Integer kills;

    @Mixin
    JsonOption output = new JsonOption();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        RestartIntensity intensity = RestartIntensity.of(maxRestarts, within);
        int k = kills == null ? maxRestarts + 1 : kills;
        PrintWriter out = spec.commandLine().getOut();
        SupervisionReport report = SupervisionDemo.run(intensity, k, output.json ? null : line -> {
            out.println(line);
            out.flush();
        });
        if (output.json) {
            out.println(report.toJson());
        } else {
            out.println();
            out.println(report.grid().toText());
            report.notes().forEach(n -> out.println("  note: " + n));
        }
        out.flush();
        if (report.gaveUp()) {
            spec.commandLine().getErr().println("loomlab: the supervisor gave up: " + report.reason() + " ("
                    + report.restarts() + " restarts, then one more crash; " + intensity + ")");
            return LoomlabCommand.FAILED;
        }
        return 0;
    }
}
