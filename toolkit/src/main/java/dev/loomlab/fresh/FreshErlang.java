package dev.loomlab.fresh;

import dev.loomlab.beam.Erlang;
import dev.loomlab.display.Display;
import dev.loomlab.jvm.ChildEnding;
import dev.loomlab.jvm.ChildJvm;
import dev.loomlab.jvm.ChildOutcome;
import dev.loomlab.jvm.ChildRun;
import dev.loomlab.util.Durations;
import dev.loomlab.util.Progress;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The forms of an Erlang module that defines {@code main/0}, run in a brand-new {@code erl}: the
 * module is compiled with {@code erlc} (its {@code -module} and {@code -export([main/0])} lines
 * are added when absent; line numbers stay those of the forms), then a fresh
 * {@code erl -noinput <flags>} calls {@code main()}. What the VM prints streams back line by line
 * as it comes; what {@code main()} returns is the run's value (an integer, a float or a string
 * can be bound elsewhere, any other term is shown as {@code ~p} prints it). A compile error is a
 * {@code CompileError} with erlc's lines, an exception in {@code main()} an error named after its
 * class ({@code erlang:error}, {@code erlang:exit}, {@code erlang:throw}); the VM is killed at its
 * deadline. Without Erlang ({@link Erlang#installed()}), the run says in one line how to install it.
 * Immutable: each option returns a new runner.
 */
public final class FreshErlang {

    /** The module's name when the forms do not name it. */
    public static final String DEFAULT_MODULE = "loomlab_cell";
    /** The flags it takes, each with one value: process limit, schedulers, minimum heap size. */
    public static final List<String> FLAGS = List.of("+P", "+S", "+hms");

    private static final String RUNNER = "loomlab_fresh";
    private static final Duration COMPILE_DEADLINE = Duration.ofMinutes(1);
    private static final Pattern MODULE = Pattern.compile("(?m)^\\s*-module\\(\\s*([a-z][A-Za-z0-9_@]*)\\s*\\)\\s*\\.");
    private static final Pattern EXPORT = Pattern.compile("(?m)^\\s*-export\\(");
    private static final Pattern FLAG_VALUE = Pattern.compile("\\d+(:\\d+)?");

    private final String forms;
    private final List<String> flags;
    private final Duration deadline;

    private FreshErlang(String forms, List<String> flags, Duration deadline) {
        this.forms = forms;
        this.flags = List.copyOf(flags);
        this.deadline = deadline;
    }

    /** {@code forms} with no flags and the default deadline ({@link FreshJava#DEFAULT_DEADLINE}). */
    public static FreshErlang of(String forms) {
        return new FreshErlang(forms, List.of(), FreshJava.DEFAULT_DEADLINE);
    }

    /** The same with {@code flag value} for erl: {@code +P 1000000}, {@code +S 2} (or {@code 2:2}), {@code +hms 233}. */
    public FreshErlang flag(String flag, String value) {
        if (!FLAGS.contains(flag)) {
            throw new IllegalArgumentException("erl flag " + flag + " is not one of " + String.join(", ", FLAGS));
        }
        if (!FLAG_VALUE.matcher(value).matches() || (value.contains(":") && !flag.equals("+S"))) {
            throw new IllegalArgumentException(flag + " takes a number" + (flag.equals("+S") ? " (or N:M)" : "")
                    + ", got \"" + value + "\"");
        }
        List<String> all = new ArrayList<>(flags);
        all.add(flag);
        all.add(value);
        return new FreshErlang(forms, all, deadline);
    }

    /** The same, killed after {@code limit}. */
    public FreshErlang deadline(Duration limit) {
        if (limit.isNegative() || limit.isZero()) {
            throw new IllegalArgumentException("a deadline must be positive, got " + limit);
        }
        return new FreshErlang(forms, flags, limit);
    }

    /** Runs it, printing what the VM prints to this JVM's {@code System.out}. */
    public FreshRun run() {
        return run(line -> System.out.println(line), line -> System.err.println(line));
    }

    /**
     * Runs it: the VM's output (standard output and error, in the order it wrote them) goes to
     * {@code out} line by line as it comes; erlc's warnings go to {@code err}.
     *
     * @throws dev.loomlab.jvm.ChildJvmException if erl could not start, or this thread was interrupted (the VM is then killed)
     */
    public FreshRun run(Progress out, Progress err) {
        Optional<Erlang> installed = Erlang.installed();
        if (installed.isEmpty()) {
            return FreshRun.unavailable(Erlang.missing());
        }
        Erlang erlang = installed.get();
        Path dir = ChildJvm.tempDir();
        try {
            String module = moduleName(forms);
            Path source = dir.resolve(module + ".erl");
            Files.writeString(source, withHeader(forms, module));
            Path runner = dir.resolve(RUNNER + ".erl");
            try (InputStream in = FreshErlang.class.getResourceAsStream(RUNNER + ".erl")) {
                Files.write(runner, in.readAllBytes());
            }
            Optional<CellError> compileError = compile(erlang, dir, source, runner, err);
            if (compileError.isPresent()) {
                return FreshRun.failed(compileError.get());
            }
            Path result = dir.resolve("result");
            List<String> command = new ArrayList<>(List.of("/bin/sh", "-c", "exec \"$0\" \"$@\" 1>&2",
                    erlang.erl().toString(), "-noinput"));
            command.addAll(flags);
            command.addAll(List.of("-env", "ERL_CRASH_DUMP_BYTES", "0", "-pa", dir.toString(), "-eval",
                    RUNNER + ":run(" + module + ", \"" + erlangString(result.toString()) + "\")"));
            ChildRun run = ChildJvm.runCommand(command, null, deadline, out);
            if (run.outcome() == ChildOutcome.OK && Files.exists(result)) {
                return read(Files.readString(result));
            }
            ChildEnding ending = new ChildEnding("the fresh BEAM VM", "",
                    "give it a longer deadline, or make main() return sooner");
            String why = ending.failure(run, deadline).map(ChildEnding::row)
                    .orElse("failed: the fresh BEAM VM exited without a result" + (run.lastError().isEmpty() ? ""
                            : ": " + run.lastError()));
            return FreshRun.failed(CellError.of("BeamVmError", why));
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the Erlang module or read its result", e);
        } finally {
            ChildJvm.deleteQuietly(dir);
        }
    }

    /** The module's name: the one its {@code -module} line gives, or {@link #DEFAULT_MODULE}. */
    static String moduleName(String forms) {
        Matcher m = MODULE.matcher(forms);
        return m.find() ? m.group(1) : DEFAULT_MODULE;
    }

    /**
     * The forms, after the {@code -module} and {@code -export} lines they lack and a {@code -file}
     * line that keeps the forms' own line numbers in erlc's messages and in stack traces.
     */
    static String withHeader(String forms, String module) {
        String header = (MODULE.matcher(forms).find() ? "" : "-module(" + DEFAULT_MODULE + "). ")
                + (EXPORT.matcher(forms).find() ? "" : "-export([main/0]). ");
        return header + "\n-file(\"" + module + ".erl\", 0).\n" + forms;
    }

    private static Optional<CellError> compile(Erlang erlang, Path dir, Path source, Path runner, Progress warnings)
            throws IOException {
        Path printed = dir.resolve("erlc.out");
        List<String> lines = new ArrayList<>();
        ChildRun run = ChildJvm.runCommand(List.of(erlang.erlc().toString(), "+brief", "-o", dir.toString(), runner.toString(),
                source.toString()), printed, COMPILE_DEADLINE, lines::add);
        List<String> prefixes = List.of(source + ":", source.getFileName() + ":");
        List<String> said = new ArrayList<>();
        for (String line : (Files.readString(printed, StandardCharsets.UTF_8) + String.join("\n", lines)).split("\n")) {
            if (!line.isBlank()) {
                String where = prefixes.stream().filter(line::startsWith).findFirst().orElse("");
                said.add(where.isEmpty() ? line : "line " + line.substring(where.length()));
            }
        }
        if (run.outcome() == ChildOutcome.OK) {
            said.forEach(warnings::say);
            return Optional.empty();
        }
        if (run.outcome() == ChildOutcome.DEADLINE) {
            return Optional.of(CellError.of("CompileError", "erlc did not finish within " + Durations.format(COMPILE_DEADLINE)));
        }
        String first = said.isEmpty() ? "erlc failed with exit code " + run.exitCode() : said.getFirst();
        List<String> traceback = new ArrayList<>();
        traceback.add("CompileError: " + first);
        traceback.addAll(said.subList(Math.min(1, said.size()), said.size()));
        return Optional.of(new CellError("CompileError", first, traceback));
    }

    /** The runner's result file: a kind line, then the text. */
    static FreshRun read(String file) {
        int nl = file.indexOf('\n');
        String kind = nl < 0 ? file : file.substring(0, nl);
        String text = nl < 0 ? "" : file.substring(nl + 1);
        return switch (kind) {
            case "integer" -> FreshRun.value(Map.of(Display.TEXT, text), FreshRun.Kind.INTEGER, text);
            case "float" -> FreshRun.value(Map.of(Display.TEXT, text), FreshRun.Kind.DECIMAL, text);
            case "string" -> FreshRun.value(Map.of(Display.TEXT, text), FreshRun.Kind.STRING, text);
            case "exception" -> {
                List<String> lines = text.lines().toList();
                String ename = "erlang:" + (lines.isEmpty() ? "error" : lines.getFirst());
                String reason = lines.size() > 1 ? lines.get(1) : "";
                List<String> traceback = new ArrayList<>();
                traceback.add(ename + ": " + reason);
                lines.stream().skip(2).forEach(l -> traceback.add("    " + l));
                yield FreshRun.failed(new CellError(ename, reason, traceback));
            }
            default -> FreshRun.value(Map.of(Display.TEXT, text), FreshRun.Kind.OTHER, "");
        };
    }

    /** {@code s} inside an Erlang string literal. */
    private static String erlangString(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
