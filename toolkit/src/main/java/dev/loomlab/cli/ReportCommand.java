package dev.loomlab.cli;

import java.time.Duration;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.Kind;
import dev.loomlab.measure.Cap;
import dev.loomlab.report.PlanEstimate;
import dev.loomlab.report.Report;
import dev.loomlab.report.ReportPlan;
import dev.loomlab.report.ReportRow;
import dev.loomlab.report.ResultsFile;
import dev.loomlab.workshop.Participant;
import dev.loomlab.workshop.ResultsSender;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code loomlab report}: every experiment, every kind, each in a fresh JVM, into one HTML page and a results.json. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Runs every experiment for every kind at the cap, each in a fresh JVM, into one report.",
                "Then load (each row over --forks fresh VMs) and supervise, and writes "
                        + "index.html (every table beside the published figures, every chart, offline), "
                        + "results.json (to send, for loomlab compare) and one CSV per table."},
        footer = {"", "Examples:", "  loomlab report                     # at the cap of 100,000: a few minutes",
                "  loomlab report --cap 2000 --label alice",
                "  loomlab report --cap 20000 --plan          # what it would run, and about how long, before running it", "  loomlab report --only spawn,ring --kinds process,virtual",
                "  loomlab report --cap 20000 --send http://192.168.1.20:8077 --code K7QX3M --name alice   # a workshop"})
final class ReportCommand implements Callable<Integer> {

    @Option(names = "--cap", defaultValue = "" + Cap.DEFAULT, paramLabel = "N",
            description = "processes per experiment (platform threads: at most " + ReportPlan.PLATFORM_N
                    + "); lower it for a quicker report. Default: ${DEFAULT-VALUE}")
    int cap;

    @Option(names = "--out", defaultValue = "build/report", paramLabel = "DIR", description = "where to write. Default: ${DEFAULT-VALUE}")
    Path out;

    @Option(names = "--label", paramLabel = "NAME", description = "this machine's name in compare (default: the host name)")
    String label;

    @Option(names = "--only", split = ",", paramLabel = "EXPERIMENT", description = "only these experiments, load and supervise included (default: all)")
    List<String> only = new ArrayList<>();

    @Option(names = "--kinds", split = ",", defaultValue = "process,virtual,platform,beam", paramLabel = "KIND",
            converter = Converters.KindConverter.class,
            description = "which kinds to run (beam: BEAM here, skipped with how to install it when erl is missing). "
                    + "Default: ${DEFAULT-VALUE}")
    List<Kind> kinds;

    @Option(names = "--deadline", defaultValue = "3m", paramLabel = "TIME", converter = Converters.DurationConverter.class,
            description = "kill each experiment's JVM after this. Default: ${DEFAULT-VALUE}")
    Duration deadline;

    @Option(names = "--forks", defaultValue = "" + ReportPlan.DEFAULT_FORKS, paramLabel = "K",
            description = "fresh VMs for each row of ring, broadcast, pingpong and load, whose figures carry their 95%% interval "
                    + "across them (compare's verdicts rest on it); 1 for one VM, no interval. Other rows are one VM each. Default: ${DEFAULT-VALUE}")
    int forks;

    @Option(names = "--plan", description = "print what the report would run (its fresh JVMs) and an estimate of how long it takes "
            + "(its first run timed here, times the fresh JVMs), then stop")
    boolean planOnly;

    @Option(names = "--send", paramLabel = "URL", description = "then send results.json to the teacher's workshop page at URL (with --code and --name)")
    String send;

    @Option(names = "--code", paramLabel = "CODE", description = "the workshop's join code, for --send")
    String code;

    @Option(names = "--name", paramLabel = "NAME", description = "your name on the workshop page, for --send")
    String name;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (cap < 1) {
            throw new IllegalArgumentException("--cap must be at least 1, got " + cap);
        }
        only.stream().filter(name -> !ReportPlan.EXTRA_NAMES.contains(name))
                .forEach(Experiments::named); // an unknown name is a usage error that lists the known ones
        List<Kind> parsedKinds = kinds.stream().distinct().toList();
        if (send != null && (code == null || name == null)) {
            throw new IllegalArgumentException("--send needs --code (the join code the teacher shows) and --name (yours)");
        }
        if (send != null) {
            ResultsSender.endpoint(send); // a malformed address is a usage error before the report runs, not after
            new Participant(name);
        }
        Cap.set(cap);
        ReportPlan plan = ReportPlan.at(cap, new LinkedHashSet<>(only), parsedKinds, deadline, forks);
        PrintWriter printer = spec.commandLine().getOut();
        if (planOnly) {
            printer.printf("loomlab report --plan: at cap %,d; timing its first run in a fresh JVM ...%n", cap);
            printer.flush();
            PlanEstimate.probed(plan).lines().forEach(printer::println);
            printer.println("nothing else ran: drop --plan to run the report");
            printer.flush();
            return 0;
        }
        ResultsFile results = Report.run(plan, out, label == null ? hostName() : label, cap, line -> {
            printer.println(line);
            printer.flush();
        });
        boolean anyFailed = results.rows().stream().anyMatch(ReportRow::isFailed) || results.extras().failures() > 0;
        int sent = send == null ? 0 : WorkshopSendCommand.send(spec, out.resolve("results.json"), send, code, name);
        return anyFailed || sent != 0 ? LoomlabCommand.FAILED : 0;
    }

    private static String hostName() {
        String name = System.getenv("HOSTNAME");
        if (name == null || name.isBlank()) {
            name = System.getenv("COMPUTERNAME");
        }
        if (name == null || name.isBlank()) {
            try {
                name = InetAddress.getLocalHost().getHostName();
            } catch (Exception e) {
                name = "this machine";
            }
        }
        return name;
    }
}
