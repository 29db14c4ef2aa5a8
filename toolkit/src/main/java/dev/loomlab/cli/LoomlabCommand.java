package dev.loomlab.cli;

import dev.loomlab.jvm.ChildJvmException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code ./loomlab <experiment> [options]}: one measurement in a fresh JVM, printed as a table,
 * or with {@code --json} as exactly one JSON object on standard output. Exit codes: 0 done,
 * 1 the run failed, 2 bad usage.
 */
@Command(name = "loomlab", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"What does a lightweight process cost on the JVM?",
                "The BEAM articles' measurements, each run in a fresh JVM that is killed at its deadline."},
        subcommands = {SpawnCommand.class, RingCommand.class, BroadcastCommand.class, PingPongCommand.class,
                HibernateCommand.class, LimitCommand.class, LoadCommand.class, SuperviseCommand.class,
                TasksCommand.class, AnyExperimentCommand.class,
                ReportCommand.class, CompareCommand.class, WorkshopCommand.class, EnvCommand.class, PublishedCommand.class,
                StateCommand.class, KindsCommand.class, ThreadsLimitCommand.class, ContainersCommand.class,
                GcPausesCommand.class, DirtyCallCommand.class, MillionsCommand.class, ProcessLimitCommand.class,
                IsolationCommand.class,
                CommandLine.HelpCommand.class},
        footer = {"", "Examples:", "  loomlab help spawn", "  loomlab spawn --n 100000", "  loomlab spawn --n 100000 --kind virtual --repeat 3",
                "  loomlab ring --n 10000 --m 10 --json", "  loomlab ring --n 100000 --kind beam   (BEAM here: needs erl)", "  loomlab load --kind virtual --parallelism 1 --loops 0,1 --deadline 3s",
                "  loomlab supervise", "  loomlab report --cap 2000", "  loomlab compare alice.json bob.json --html compare.html",
                "  loomlab workshop serve --public",
                "  loomlab spawn --n 1000000 --no-cap --jvm-opt -Xmx1536m"})
public final class LoomlabCommand implements Runnable {

    /** Exit code for a run that failed (child died, overran, or out of memory). */
    public static final int FAILED = 1;
    /** Exit code for bad usage. */
    public static final int USAGE = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name an experiment: spawn, ring, broadcast, pingpong, "
                + "hibernate, limit, load, supervise, tasks (or report, compare, workshop, env, published)");
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns the exit code. */
    public static int execute(String... args) {
        CommandLine cli = commandLine();
        try {
            return cli.execute(args);
        } catch (ExceptionInInitializerError e) {
            if (e.getCause() instanceof IllegalArgumentException bad) {
                // a setting read when a class loads, such as LOOMLAB_CAP=abc: one line, no stack trace
                cli.getErr().println("loomlab: " + bad.getMessage());
                cli.getErr().flush();
                return USAGE;
            }
            throw e;
        }
    }

    /** The picocli command line with the project's error handling. */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new LoomlabCommand());
        cli.setExitCodeExceptionMapper(t -> t instanceof CommandLine.ParameterException
                || t instanceof IllegalArgumentException ? USAGE : FAILED);
        // picocli's own parse errors (a value of the wrong type, an unknown option) as one line, not the whole usage
        cli.setParameterExceptionHandler((ex, args) -> refuse(ex.getCommandLine(),
                ex.getMessage().replaceAll("is not an? (int|long)\\b", "is not a whole number"),
                () -> CommandLine.UnmatchedArgumentException.printSuggestions(ex, ex.getCommandLine().getErr())));
        cli.setExecutionExceptionHandler((ex, line, parse) -> {
            if (ex instanceof IllegalArgumentException) {
                return refuse(line, ex.getMessage(), () -> { });
            }
            if (ex instanceof ChildJvmException) {
                line.getErr().println("loomlab: " + ex.getMessage());
                return FAILED;
            }
            line.getErr().println("loomlab: " + ex.getClass().getSimpleName() + ": " + ex.getMessage());
            return FAILED;
        });
        return cli;
    }

    /**
     * Bad usage: one line naming the mistake, then {@code suggestions} (picocli's "did you mean"),
     * then where the command's help is ("loomlab workshop serve --help").
     */
    private static int refuse(CommandLine line, String message, Runnable suggestions) {
        line.getErr().println("loomlab: " + message);
        suggestions.run();
        line.getErr().println("see: " + line.getCommandSpec().qualifiedName() + " --help");
        return USAGE;
    }
}
