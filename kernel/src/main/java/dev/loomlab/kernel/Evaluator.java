package dev.loomlab.kernel;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import jdk.jshell.DeclarationSnippet;
import jdk.jshell.Diag;
import jdk.jshell.ExpressionSnippet;
import jdk.jshell.JShell;
import jdk.jshell.Snippet;
import jdk.jshell.SnippetEvent;
import jdk.jshell.SourceCodeAnalysis;
import jdk.jshell.SourceCodeAnalysis.CompletionInfo;
import jdk.jshell.SourceCodeAnalysis.Completeness;
import jdk.jshell.VarSnippet;

/**
 * A JShell session running cells in this JVM: the kernel without Jupyter, which is what the unit
 * tests drive. A cell is split into snippets with JShell's own analysis and run snippet by
 * snippet; the first failing snippet ends the cell with a {@link CellException}.
 *
 * <p>Concurrency: {@link #eval}, {@link #complete}, {@link #isComplete} and
 * {@link #addToClasspath} are called by one thread at a time (the kernel's shell thread);
 * {@link #stop()} may be called from any thread while a cell runs.
 */
public final class Evaluator implements AutoCloseable {

    /** What a cell left as its value: its last snippet, if that was an expression. */
    public record Result(boolean hasValue, Object value) {
        static final Result NONE = new Result(false, null);
    }

    /** Completion candidates replacing {@code [start, end)} of the cell. */
    public record Completion(List<String> candidates, int start, int end) {}

    private final CapturingEngine engine = new CapturingEngine();
    private final JShell jshell;
    private final SourceCodeAnalysis analysis;
    private final List<String> startupNotes = new ArrayList<>();
    private volatile boolean running;
    private volatile boolean stopRequested;
    private volatile long cellNumber;
    private final MavenDependencies maven;
    private final Magics.Target magicTarget = new Magics.Target() {
        @Override
        public void addToClasspath(String path) {
            Evaluator.this.addToClasspath(path);
        }

        @Override
        public MavenDependencies maven() {
            return maven;
        }
    };

    /**
     * Starts JShell with the kernel's class path, then evaluates the startup (see {@link Startup}).
     * Problems in the startup file do not stop the kernel: they are kept in {@link #startupNotes()}.
     *
     * @param startupFile the {@code loomlab.jsh} to evaluate, or {@code null} for none
     */
    public Evaluator(Path startupFile, PrintStream out, PrintStream err) {
        this(startupFile, out, err, new MavenDependencies(MavenDependencies.userLocalRepository()));
    }

    /** The same, with {@code %maven} resolving through {@code maven}. */
    Evaluator(Path startupFile, PrintStream out, PrintStream err, MavenDependencies maven) {
        this.maven = maven;
        this.jshell = JShell.builder()
                .executionEngine(engine, null)
                .in(InputStream.nullInputStream())
                .out(out)
                .err(err)
                .build();
        this.analysis = jshell.sourceCodeAnalysis();
        runStartup("jshell DEFAULT", Startup.defaultImports());
        runStartup("display()", Startup.DISPLAY);
        if (startupFile != null) {
            if (Files.isRegularFile(startupFile)) {
                try {
                    runStartup(startupFile.toString(), Files.readString(startupFile));
                } catch (IOException e) {
                    startupNotes.add("startup file " + startupFile + " could not be read (" + e.getMessage()
                            + "); started with jshell's default imports only");
                }
            } else {
                startupNotes.add("startup file " + startupFile + " not found; started with jshell's default imports only");
            }
        }
    }

    /** Problems met while evaluating the startup, one line each; empty if it went well. */
    public List<String> startupNotes() {
        return List.copyOf(startupNotes);
    }

    private void runStartup(String name, String code) {
        try {
            eval(code);
        } catch (CellException e) {
            startupNotes.add(name + ": " + e.ename() + ": " + e.evalue().lines().findFirst().orElse(""));
        }
    }

    /** Runs a cell: its leading magics (see {@link Magics}), then its Java snippets. */
    public Result eval(String cell) throws CellException {
        String code = Magics.apply(cell, magicTarget);
        cellNumber++;
        stopRequested = false;
        running = true;
        try {
            Result last = Result.NONE;
            int offset = 0;
            String remaining = code;
            while (!remaining.isBlank()) {
                CompletionInfo info = analysis.analyzeCompletion(remaining);
                if (info.completeness() == Completeness.EMPTY) {
                    break; // only comments left
                }
                boolean complete = info.completeness().isComplete();
                String source = complete ? info.source() : remaining;
                String rest = complete ? info.remaining() : "";
                last = evalSnippet(source, code, offset);
                offset += remaining.length() - rest.length();
                remaining = rest;
            }
            return last;
        } finally {
            running = false;
        }
    }

    private Result evalSnippet(String source, String cell, int offset) throws CellException {
        if (stopRequested) {
            throw CellException.interrupted();
        }
        List<SnippetEvent> events = jshell.eval(source);
        if (stopRequested) {
            throw CellException.interrupted();
        }
        Result result = Result.NONE;
        for (SnippetEvent event : events) {
            if (event.causeSnippet() != null) {
                continue; // a dependent snippet updated as a side effect
            }
            Snippet snippet = event.snippet();
            if (event.status() == Snippet.Status.REJECTED) {
                throw compileError(snippet, cell, offset);
            }
            if (event.exception() != null) {
                throw CellException.thrown(event.exception());
            }
            if (snippet instanceof DeclarationSnippet d && (event.status() == Snippet.Status.RECOVERABLE_DEFINED
                    || event.status() == Snippet.Status.RECOVERABLE_NOT_DEFINED)) {
                List<String> missing = jshell.unresolvedDependencies(d).toList();
                if (!missing.isEmpty()) {
                    System.err.println("note: " + d.kind().name().toLowerCase() + " " + d.name()
                            + " cannot be used until " + String.join(", ", missing) + " is declared");
                }
            }
            result = valueOf(snippet);
        }
        return result;
    }

    /** The value object of an expression snippet (a temporary {@code $n}, or a bare variable name). */
    private Result valueOf(Snippet snippet) {
        VarSnippet var = null;
        if (snippet instanceof VarSnippet v && v.subKind() == Snippet.SubKind.TEMP_VAR_EXPRESSION_SUBKIND) {
            var = v;
        } else if (snippet instanceof ExpressionSnippet e && e.subKind() == Snippet.SubKind.VAR_VALUE_SUBKIND) {
            var = jshell.variables()
                    .filter(v -> v.name().equals(e.name()) && jshell.status(v) == Snippet.Status.VALID)
                    .reduce((a, b) -> b)
                    .orElse(null);
        }
        if (var == null || jshell.status(var) != Snippet.Status.VALID) {
            return Result.NONE;
        }
        synchronized (engine) {
            jshell.varValue(var); // makes the engine read the field; see CapturingEngine
            return new Result(true, engine.lastValue());
        }
    }

    private CellException compileError(Snippet snippet, String cell, int offset) {
        List<Diag> diags = jshell.diagnostics(snippet).toList();
        List<Diag> errors = diags.stream().filter(Diag::isError).toList();
        return CellException.compile(errors.isEmpty() ? diags : errors, cell, offset, snippet.source());
    }

    /** Completion at {@code cursor}: JShell's suggestions for the snippet holding the cursor. */
    public Completion complete(String cell, int cursor) {
        String code = Magics.blank(cell);
        cursor = Math.max(0, Math.min(cursor, code.length()));
        int offset = 0;
        String remaining = code;
        while (true) { // skip the complete snippets that end before the cursor
            CompletionInfo info = analysis.analyzeCompletion(remaining);
            if (!info.completeness().isComplete() || info.completeness() == Completeness.EMPTY) {
                break;
            }
            int consumed = remaining.length() - info.remaining().length();
            if (offset + consumed >= cursor || info.remaining().isBlank()) {
                break;
            }
            offset += consumed;
            remaining = info.remaining();
        }
        int end = Math.min(code.length(), cursor);
        int[] anchor = new int[1];
        List<SourceCodeAnalysis.Suggestion> suggestions =
                analysis.completionSuggestions(code.substring(offset, end), end - offset, anchor);
        Set<String> candidates = new LinkedHashSet<>();
        suggestions.stream().filter(SourceCodeAnalysis.Suggestion::matchesType)
                .forEach(s -> candidates.add(s.continuation()));
        suggestions.forEach(s -> candidates.add(s.continuation()));
        return new Completion(List.copyOf(candidates), offset + anchor[0], cursor);
    }

    /**
     * Jupyter's is-complete answer: {@code complete}, {@code incomplete} (more lines expected, as
     * in {@code int x = (}), or {@code invalid}.
     */
    public String isComplete(String cell) {
        String remaining = Magics.blank(cell);
        while (!remaining.isBlank()) {
            CompletionInfo info = analysis.analyzeCompletion(remaining);
            switch (info.completeness()) {
                case EMPTY -> { return "complete"; }
                case DEFINITELY_INCOMPLETE, CONSIDERED_INCOMPLETE -> { return "incomplete"; }
                case UNKNOWN -> { return "invalid"; }
                default -> remaining = info.remaining();
            }
        }
        return "complete";
    }

    /** Adds a jar or folder to the compiler's and the class loader's class path. */
    public void addToClasspath(String path) {
        jshell.addToClasspath(path);
    }

    /**
     * Stops the running cell, if any (callable from any thread). The session stays usable.
     *
     * <p>JShell's stop only reaches code that is running: a stop that lands while JShell compiles
     * the next snippet would be lost, so the stop is repeated every 100 ms until the cell ends.
     * Code of the cell stops at its next loop iteration or method call, or when it blocks
     * (it is interrupted). Library code in a loop that ignores interrupts runs to its end.
     */
    public void stop() {
        if (!running) {
            return;
        }
        long cell = cellNumber;
        stopRequested = true;
        jshell.stop();
        Thread.ofPlatform().daemon().name("loomlab-stop").start(() -> {
            try {
                while (running && stopRequested && cellNumber == cell) {
                    Thread.sleep(100);
                    if (running && stopRequested && cellNumber == cell) {
                        jshell.stop();
                    }
                }
            } catch (InterruptedException | IllegalStateException e) {
                // the kernel is shutting down
            }
        });
    }

    @Override
    public void close() {
        maven.close();
        jshell.close();
    }
}
