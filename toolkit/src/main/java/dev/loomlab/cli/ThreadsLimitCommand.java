package dev.loomlab.cli;

import dev.loomlab.view.Section;
import dev.loomlab.util.Progress;
import dev.loomlab.limits.ThreadCeiling;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code loomlab threads-limit}: the platform-thread ceiling here, and a low one hit politely in a child JVM. */
@Command(name = "threads-limit", mixinStandardHelpOptions = true,
        description = {"The thread limits this machine sets, and what hitting a low one looks like.",
                "The limits: ulimit -u, threads-max, pid_max, cgroup pids.max. The ceiling: a child JVM in its own pids "
                        + "cgroup (or under prlimit) with a LOW ceiling, so the machine's own limits are never approached."})
final class ThreadsLimitCommand extends SectionCommand {

    @Option(names = "--ceiling", defaultValue = "256", paramLabel = "N",
            description = "tasks the child may have (64 to 4096), its JVM's own threads included. Default: ${DEFAULT-VALUE}")
    int ceiling;

    @Override
    Section section(Progress progress) {
        return ThreadCeiling.section(ceiling, progress);
    }
}
