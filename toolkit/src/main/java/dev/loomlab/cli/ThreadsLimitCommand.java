package dev.loomlab.cli;

import dev.loomlab.util.Progress;
import dev.loomlab.display.SectionJson;
import dev.loomlab.limits.Containment;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code loomlab threads-limit}: the platform-thread ceiling here, and a low one hit politely in a child JVM. */
@Command(name = "threads-limit", mixinStandardHelpOptions = true,
        description = {"What this machine allows (ulimit -u, threads-max, pid_max, cgroup pids.max), and what hitting a",
                "ceiling looks like: a child JVM in its own pids cgroup (or under prlimit) with a LOW ceiling, so the",
                "machine's own limits are never approached."})
final class ThreadsLimitCommand implements Callable<Integer> {

    @Option(names = "--ceiling", defaultValue = "256", paramLabel = "N",
            description = "tasks the child may have (64 to 4096), its JVM's own threads included. Default: ${DEFAULT-VALUE}")
    int ceiling;

    @Option(names = "--json", description = "print exactly one JSON object on standard output")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        var report = Containment.threadsLimit(ceiling, json ? Progress.SILENT : line -> out.println("  | " + line));
        out.println(json ? SectionJson.write(report) : report.toString());
        out.flush();
        return 0;
    }
}
