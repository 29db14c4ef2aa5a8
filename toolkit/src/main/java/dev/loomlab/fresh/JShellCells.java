package dev.loomlab.fresh;

import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.io.PrintStream;
import jdk.jshell.DeclarationSnippet;
import jdk.jshell.Diag;
import jdk.jshell.ExpressionSnippet;
import jdk.jshell.JShell;
import jdk.jshell.Snippet;
import jdk.jshell.SnippetEvent;
import jdk.jshell.VarSnippet;
import jdk.jshell.SourceCodeAnalysis;
import jdk.jshell.SourceCodeAnalysis.Completeness;
import jdk.jshell.SourceCodeAnalysis.CompletionInfo;

/**
 * The JShell rules the notebook kernel and a fresh JVM share: what runs before the first cell
 * (jshell's {@code DEFAULT} startup of the running JDK, then the startup file named by
 * {@value #PROPERTY} or {@code $}{@value #ENV}, which the kernelspec and {@code ./loomlab jshell}
 * set to {@code notebooks/loomlab.jsh}), and how a cell splits into snippets.
 */
public final class JShellCells {

    /** The system property naming the startup file. */
    public static final String PROPERTY = "loomlab.startup";
    /** The environment variable naming it when the property is not set. */
    public static final String ENV = "LOOMLAB_STARTUP";

    /** jshell's DEFAULT.jsh before module imports (JDK 21-22); used if the JDK's own cannot be read. */
    private static final String CLASSIC_DEFAULT = """
            import java.io.*;
            import java.math.*;
            import java.net.*;
            import java.nio.file.*;
            import java.util.*;
            import java.util.concurrent.*;
            import java.util.function.*;
            import java.util.prefs.*;
            import java.util.regex.*;
            import java.util.stream.*;
            """;

    private static final List<String> DEFAULT_LOCATIONS = List.of(
            "/modules/jdk.jshell/jdk/jshell/tool/resources/DEFAULT.jsh",
            "/modules/jdk.jshell/jdk/internal/jshell/tool/resources/DEFAULT.jsh");

    /** One snippet of a cell: its source as JShell completed it, and where it starts in the cell. */
    public record Piece(String source, int offset) {}

    /** What a snippet left: its value object, if it was an expression. */
    public record Value(boolean present, Object value) {
        public static final Value NONE = new Value(false, null);
    }

    /** A snippet that did not compile or threw: the cell ends with {@link #error()}. */
    public static final class Failure extends Exception {
        private final transient CellError error;

        Failure(CellError error) {
            super(error.ename() + ": " + error.evalue());
            this.error = error;
        }

        public CellError error() {
            return error;
        }
    }

    private JShellCells() {}

    /**
     * Evaluates one snippet of {@code cell} in {@code jshell}, which runs on {@code engine}: its value
     * (a temporary {@code $n}, or a bare variable's), or none. A declaration that waits for
     * something undeclared says so on {@code notes}.
     *
     * @throws Failure if JShell rejected the snippet (a {@code CompileError} placed in the cell) or it threw
     */
    public static Value eval(JShell jshell, CapturingEngine engine, String cell, Piece piece, PrintStream notes)
            throws Failure {
        List<SnippetEvent> events = jshell.eval(piece.source());
        Value result = Value.NONE;
        for (SnippetEvent event : events) {
            if (event.causeSnippet() != null) {
                continue; // a dependent snippet updated as a side effect
            }
            Snippet snippet = event.snippet();
            if (event.status() == Snippet.Status.REJECTED) {
                List<Diag> diags = jshell.diagnostics(snippet).toList();
                List<Diag> errors = diags.stream().filter(Diag::isError).toList();
                throw new Failure(CellError.compile(errors.isEmpty() ? diags : errors, cell, piece.offset(), snippet.source()));
            }
            if (event.exception() != null) {
                throw new Failure(CellError.thrown(event.exception()));
            }
            if (snippet instanceof DeclarationSnippet d && (event.status() == Snippet.Status.RECOVERABLE_DEFINED
                    || event.status() == Snippet.Status.RECOVERABLE_NOT_DEFINED)) {
                List<String> missing = jshell.unresolvedDependencies(d).toList();
                if (!missing.isEmpty()) {
                    notes.println("note: " + d.kind().name().toLowerCase() + " " + d.name()
                            + " cannot be used until " + String.join(", ", missing) + " is declared");
                }
            }
            result = valueOf(jshell, engine, snippet);
        }
        return result;
    }

    /** The value object of an expression snippet (a temporary {@code $n}, or a bare variable name). */
    private static Value valueOf(JShell jshell, CapturingEngine engine, Snippet snippet) {
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
            return Value.NONE;
        }
        synchronized (engine) {
            jshell.varValue(var); // makes the engine read the field; see CapturingEngine
            return new Value(true, engine.lastValue());
        }
    }

    /** The running JDK's jshell DEFAULT startup script (on JDK 25, {@code import module java.base;}). */
    public static String defaultImports() {
        try {
            FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
            for (String location : DEFAULT_LOCATIONS) {
                Path p = jrt.getPath(location);
                if (Files.exists(p)) {
                    return Files.readString(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            // fall through to the classic list
        }
        return CLASSIC_DEFAULT;
    }

    /** The startup file as configured ({@value #PROPERTY}, else {@code $}{@value #ENV}), or {@code null}. */
    public static Path configuredStartup() {
        String value = System.getProperty(PROPERTY);
        if (value == null || value.isBlank()) {
            value = System.getenv(ENV);
        }
        return value == null || value.isBlank() ? null : Path.of(value);
    }

    /**
     * The snippets of {@code code}, in order, by JShell's own analysis; an incomplete tail is one
     * last snippet as written (JShell then rejects it with its diagnostic). Comments alone are none.
     */
    public static List<Piece> snippets(SourceCodeAnalysis analysis, String code) {
        List<Piece> pieces = new ArrayList<>();
        int offset = 0;
        String remaining = code;
        while (!remaining.isBlank()) {
            CompletionInfo info = analysis.analyzeCompletion(remaining);
            if (info.completeness() == Completeness.EMPTY) {
                break; // only comments left
            }
            boolean complete = info.completeness().isComplete();
            String rest = complete ? info.remaining() : "";
            pieces.add(new Piece(complete ? info.source() : remaining, offset));
            offset += remaining.length() - rest.length();
            remaining = rest;
        }
        return pieces;
    }
}
