package dev.loomlab.kernel;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.List;
import java.util.Set;
import dev.loomlab.fresh.CapturingEngine;
import dev.loomlab.fresh.JShellCells;
import jdk.jshell.JShell;
import jdk.jshell.SourceCodeAnalysis;
import jdk.jshell.SourceCodeAnalysis.CompletionInfo;
import jdk.jshell.SourceCodeAnalysis.Completeness;

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

    /**
     * What a cell left as its value: its last snippet, if that was an expression; and a line to
     * print after the value ({@code %time}'s wall time), or "".
     */
    public record Result(boolean hasValue, Object value, String after) {
        static final Result NONE = new Result(false, null);

        public Result(boolean hasValue, Object value) {
            this(hasValue, value, "");
        }

        Result after(String line) {
            return new Result(hasValue, value, line);
        }
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

        @Override
        public void load(Path file) throws CellException {
            try {
                eval(Files.readString(file));
            } catch (IOException e) {
                throw CellException.magic("%load: " + file + " could not be read: " + e.getMessage());
            }
        }
    };
    /** The thread running a cell in a fresh VM, which {@link #stop()} interrupts; null otherwise. */
    private volatile Thread vmCell;

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

    /** Runs a cell: its leading magics (see {@link Magics}), then its Java snippets or its cell magic. */
    public Result eval(String cell) throws CellException {
        Magics.Prepared prepared = Magics.apply(cell, magicTarget);
        Magics.CellMagic magic = prepared.cellMagic();
        if (magic != null) {
            return switch (magic.name()) {
                case "time" -> timed(() -> eval(magic.body()));
                case "fresh" -> inFreshVm(() -> FreshCells.fresh(magic.args(), magic.body(), this::evalCode));
                case "erl" -> inFreshVm(() -> FreshCells.erl(magic.args(), magic.body(), this::evalCode));
                case "loadFromPOM" -> {
                    Magics.loadFromPom(magic.body(), magicTarget);
                    yield Result.NONE;
                }
                default -> throw Magics.unknownCellMagic(magic.name());
            };
        }
        return prepared.timed() ? timed(() -> evalCode(prepared.code())) : evalCode(prepared.code());
    }

    /** A cell that can fail as a cell does. */
    private interface CellWork {
        Result run() throws CellException;
    }

    /** {@code %time} and {@code %%time}: the cell's result, with its wall time to print after it. */
    private static Result timed(CellWork work) throws CellException {
        long start = System.nanoTime();
        Result result = work.run();
        return result.after("Wall time: " + wallTime(Duration.ofNanos(System.nanoTime() - start)));
    }

    /** As IPython prints it: {@code 850 µs}, {@code 12.3 ms}, {@code 1.23 s}, {@code 2min 5s}. */
    static String wallTime(Duration d) {
        double ns = d.toNanos();
        if (ns < 1e6) {
            return String.format(Locale.ROOT, "%.0f µs", ns / 1e3);
        }
        if (ns < 1e9) {
            return String.format(Locale.ROOT, ns < 1e8 ? "%.3g ms" : "%.0f ms", ns / 1e6);
        }
        if (ns < 60e9) {
            return String.format(Locale.ROOT, "%.2f s", ns / 1e9);
        }
        long s = d.toSeconds();
        return s / 60 + "min " + s % 60 + "s";
    }

    /** Runs a cell in a fresh VM on this thread; {@link #stop()} interrupts it, which kills the VM. */
    private Result inFreshVm(CellWork work) throws CellException {
        cellNumber++;
        stopRequested = false;
        vmCell = Thread.currentThread();
        running = true;
        try {
            return work.run();
        } finally {
            running = false;
            vmCell = null;
            Thread.interrupted(); // a stop that came as the VM ended must not reach the next cell
        }
    }

    /** Runs the Java snippets of {@code code} (no magics left). */
    private Result evalCode(String code) throws CellException {
        cellNumber++;
        stopRequested = false;
        running = true;
        try {
            Result last = Result.NONE;
            for (JShellCells.Piece piece : JShellCells.snippets(analysis, code)) {
                last = evalSnippet(piece, code);
            }
            return last;
        } finally {
            running = false;
        }
    }

    private Result evalSnippet(JShellCells.Piece piece, String cell) throws CellException {
        if (stopRequested) {
            throw CellException.interrupted();
        }
        JShellCells.Value value;
        try {
            value = JShellCells.eval(jshell, engine, cell, piece, System.err);
        } catch (JShellCells.Failure f) {
            if (stopRequested) {
                throw CellException.interrupted();
            }
            throw CellException.of(f.error());
        }
        if (stopRequested) {
            throw CellException.interrupted();
        }
        return value.present() ? new Result(true, value.value()) : Result.NONE;
    }

    /** Completion at {@code cursor}: JShell's suggestions for the snippet holding the cursor. */
    public Completion complete(String cell, int cursor) {
        String code = Magics.blank(cell);
        cursor = Math.max(0, Math.min(cursor, code.length()));
        int offset = snippetStart(code, cursor);
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

    /** Where the snippet holding {@code cursor} starts: the complete snippets that end before it are skipped. */
    private int snippetStart(String code, int cursor) {
        int offset = 0;
        String remaining = code;
        while (true) {
            CompletionInfo info = analysis.analyzeCompletion(remaining);
            if (!info.completeness().isComplete() || info.completeness() == Completeness.EMPTY) {
                return offset;
            }
            int consumed = remaining.length() - info.remaining().length();
            if (offset + consumed >= cursor || info.remaining().isBlank()) {
                return offset;
            }
            offset += consumed;
            remaining = info.remaining();
        }
    }

    /**
     * Shift-Tab's documentation of what is at {@code cursor}: for each element JShell finds there
     * (the method named under the cursor, every overload; else a type, or the call the cursor is
     * in), its signature and, when JShell can read its source, its Javadoc; "" when it finds
     * nothing. JShell reads Javadoc from the JDK's {@code lib/src.zip}; the toolkit's comes from
     * the sources the kernel jar carries ({@link ToolkitJavadoc}).
     */
    public String documentation(String cell, int cursor) {
        String code = Magics.blank(cell);
        cursor = Math.max(0, Math.min(cursor, code.length()));
        int offset = snippetStart(code, cursor);
        // JShell documents the call the cursor is in, or a type name; a method name alone, as
        // Jupyter sends it (cursor in or after the name), is read as the call it starts
        int end = cursor;
        while (end < code.length() && Character.isJavaIdentifierPart(code.charAt(end))) {
            end++;
        }
        String upToName = code.substring(offset, end);
        List<SourceCodeAnalysis.Documentation> docs = analysis.documentation(upToName + "(", upToName.length() + 1, true);
        if (docs.isEmpty()) {
            docs = analysis.documentation(upToName, upToName.length(), true); // a type, or the call the cursor is in
        }
        if (docs.isEmpty()) {
            docs = analysis.documentation(code.substring(offset, cursor), cursor - offset, true);
        }
        StringBuilder text = new StringBuilder();
        for (SourceCodeAnalysis.Documentation doc : docs) {
            if (!text.isEmpty()) {
                text.append("\n\n");
            }
            text.append(doc.signature());
            String javadoc = doc.javadoc() != null && !doc.javadoc().isBlank() ? doc.javadoc().strip()
                    : ToolkitJavadoc.of(doc.signature()).orElse("");
            if (!javadoc.isEmpty()) {
                text.append("\n").append(javadoc);
            }
        }
        return text.toString();
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
        Thread vm = vmCell;
        if (vm != null) {
            vm.interrupt(); // ChildJvm kills the VM it waits for
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
