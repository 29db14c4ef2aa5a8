package dev.loomlab.kernel;

import dev.loomlab.fresh.FreshErlang;
import dev.loomlab.fresh.FreshJava;
import dev.loomlab.fresh.FreshRun;
import dev.loomlab.jvm.ChildJvmException;
import dev.loomlab.util.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import javax.lang.model.SourceVersion;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The cell magics that run the rest of the cell in a fresh VM, their options parsed by picocli:
 * <pre>
 * %%fresh [--jvm-opt FLAG]... [--deadline TIME] [--carriers N] [--into NAME]
 * %%erl [+P N] [+S N] [+hms N] [--deadline TIME] [--into NAME]
 * </pre>
 * {@code %%fresh} runs the cell's Java in a brand-new JVM ({@link FreshJava}), {@code %%erl} the
 * cell's Erlang module's {@code main()} in a brand-new {@code erl} ({@link FreshErlang}); both
 * stream what they print into the cell and are killed at their deadline (2 minutes unless told).
 * The last value is the cell's value; {@code --into NAME} also declares it in the notebook's
 * session as {@code long}, {@code double} or {@code String} NAME. A failure in the VM is the cell's
 * error; the kernel stays up. Without Erlang, {@code %%erl} says in one line how to install it.
 */
final class FreshCells {

    /** The session a value is declared in, with {@code --into}. */
    interface Session {
        void declare(String declaration) throws CellException;
    }

    @Command(name = "%%fresh")
    static final class FreshOptions {
        @Option(names = "--jvm-opt", paramLabel = "FLAG") List<String> jvmOpts = new ArrayList<>();
        @Option(names = "--deadline", paramLabel = "TIME") String deadline;
        @Option(names = "--carriers", paramLabel = "N") Integer carriers;
        @Option(names = "--into", paramLabel = "NAME") String into;
    }

    @Command(name = "%%erl")
    static final class ErlOptions {
        @Option(names = "+P", paramLabel = "N") String processes;
        @Option(names = "+S", paramLabel = "N") String schedulers;
        @Option(names = "+hms", paramLabel = "N") String minHeap;
        @Option(names = "--deadline", paramLabel = "TIME") String deadline;
        @Option(names = "--into", paramLabel = "NAME") String into;
    }

    private static final String FRESH_USAGE = "%%fresh takes --jvm-opt FLAG (repeatable), --deadline TIME, --carriers N, --into NAME";
    private static final String ERL_USAGE = "%%erl takes +P N, +S N, +hms N, --deadline TIME, --into NAME";

    private FreshCells() {}

    /** {@code %%fresh ARGS} on {@code body}: the value of its last expression, or a {@link CellException}. */
    static Evaluator.Result fresh(List<String> args, String body, Session session) throws CellException {
        FreshOptions o = parse(new FreshOptions(), args, FRESH_USAGE);
        checkInto(o.into, "%%fresh");
        FreshJava java = FreshJava.of(body).jvmOpt(o.jvmOpts.toArray(String[]::new));
        try {
            if (o.deadline != null) {
                java = java.deadline(deadline(o.deadline, "%%fresh"));
            }
            if (o.carriers != null) {
                java = java.carriers(o.carriers);
            }
        } catch (IllegalArgumentException e) {
            throw CellException.magic("%%fresh: " + e.getMessage());
        }
        FreshJava run = java;
        return finish(killable(() -> run.run(System.out::println, System.err::println)), o.into, "%%fresh", session);
    }

    /** {@code %%erl ARGS} on {@code body}: what {@code main()} returned, or a {@link CellException}. */
    static Evaluator.Result erl(List<String> args, String body, Session session) throws CellException {
        ErlOptions o = parse(new ErlOptions(), args, ERL_USAGE);
        checkInto(o.into, "%%erl");
        FreshErlang erl = FreshErlang.of(body);
        try {
            erl = o.processes == null ? erl : erl.flag("+P", o.processes);
            erl = o.schedulers == null ? erl : erl.flag("+S", o.schedulers);
            erl = o.minHeap == null ? erl : erl.flag("+hms", o.minHeap);
            if (o.deadline != null) {
                erl = erl.deadline(deadline(o.deadline, "%%erl"));
            }
        } catch (IllegalArgumentException e) {
            throw CellException.magic("%%erl: " + e.getMessage());
        }
        FreshErlang run = erl;
        FreshRun done = killable(() -> run.run(System.out::println, System.err::println));
        if (!done.note().isEmpty()) {
            System.err.println(done.note()); // no Erlang here: one line, and the notebook goes on
            if (o.into != null) {
                session.declare("double " + o.into + " = Double.NaN; // no Erlang here: no figure"); // later cells still compile
            }
            return Evaluator.Result.NONE;
        }
        return finish(done, o.into, "%%erl", session);
    }

    private static <T> T parse(T options, List<String> args, String usage) throws CellException {
        try {
            new CommandLine(options).parseArgs(args.toArray(String[]::new));
            return options;
        } catch (CommandLine.ParameterException e) {
            throw CellException.magic(e.getMessage() + "; " + usage);
        }
    }

    private static Duration deadline(String text, String magic) throws CellException {
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw CellException.magic(magic + " --deadline: " + e.getMessage());
        }
    }

    private static void checkInto(String name, String magic) throws CellException {
        if (name != null && (!SourceVersion.isIdentifier(name) || SourceVersion.isKeyword(name))) {
            throw CellException.magic(magic + " --into " + name + ": not a Java variable name");
        }
    }

    /** Runs a VM on this thread; an interrupt (the kernel's stop) kills it and ends the cell as interrupted. */
    private static FreshRun killable(Callable<FreshRun> vm) throws CellException {
        try {
            return vm.call();
        } catch (ChildJvmException e) {
            if (Thread.interrupted()) {
                throw CellException.interrupted();
            }
            throw CellException.of(dev.loomlab.fresh.CellError.of(ChildJvmException.class.getName(), e.getMessage()));
        } catch (Exception e) {
            if (Thread.interrupted()) {
                throw CellException.interrupted();
            }
            throw new CellException(e.getClass().getName(), e.getMessage(), List.of(e.getClass().getName() + ": " + e.getMessage()));
        }
    }

    /** The run's error as the cell's, or its value (declared as {@code into} when asked). */
    private static Evaluator.Result finish(FreshRun done, String into, String magic, Session session) throws CellException {
        if (done.error().isPresent()) {
            throw CellException.of(done.error().get());
        }
        if (into != null) {
            session.declare(declaration(done, into, magic));
        }
        return done.hasValue() ? new Evaluator.Result(true, done) : Evaluator.Result.NONE;
    }

    /** {@code long NAME = 42L;}, {@code double NAME = ...;} or {@code String NAME = "...";}. */
    static String declaration(FreshRun done, String name, String magic) throws CellException {
        switch (done.kind()) {
            case INTEGER -> {
                try {
                    return "long " + name + " = " + Long.parseLong(done.text()) + "L;";
                } catch (NumberFormatException e) {
                    throw CellException.magic(magic + " --into " + name + ": " + done.text() + " does not fit in a long");
                }
            }
            case DECIMAL -> {
                double d = Double.parseDouble(done.text());
                return "double " + name + " = Double.longBitsToDouble(" + Double.doubleToRawLongBits(d) + "L); // " + d;
            }
            case STRING -> {
                return "String " + name + " = " + javaString(done.text()) + ";";
            }
            default -> throw CellException.magic(magic + " --into " + name + ": the last value is "
                    + (done.hasValue() ? "not a number or a string" : "missing (the cell ended with no value)")
                    + "; --into binds a number or a string");
        }
    }

    /** {@code s} as a Java string literal. */
    static String javaString(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
