package dev.loomlab.fresh;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.loomlab.display.Display;
import dev.loomlab.jvm.ChildSide;
import dev.loomlab.util.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import jdk.jshell.JShell;

/**
 * The fresh JVM's side of {@link FreshJava}: {@code FreshJavaMain SPEC RESULT} by the one child
 * protocol ({@link ChildSide}). It starts JShell in this JVM ({@link CapturingEngine}), evaluates
 * jshell's {@code DEFAULT} startup and the startup file the spec names, then the code snippet by
 * snippet. What the code prints reaches the parent line by line on standard error, each line
 * prefixed ({@value #OUT} for standard output, {@value #ERR} for standard error). At the end it
 * writes its result file once, atomically: the last value's MIME bundle, or the first snippet's
 * failure as a {@link CellError}; then it halts, so no thread the code started keeps it alive.
 */
public final class FreshJavaMain {

    /** The prefix of a line the code printed to standard output. */
    static final String OUT = "out ";
    /** The prefix of a line the code printed to standard error. */
    static final String ERR = "err ";

    /** The spec: the code to run, and the startup file to run first ({@code null} for none). */
    record Spec(String code, String startup) {}

    /** The result file: the value's bundle, kind and literal, or the error ({@code null} if none). */
    record Written(Map<String, String> bundle, FreshRun.Kind kind, String text, CellError error) {

        FreshRun run() {
            return error != null ? FreshRun.failed(error) : FreshRun.value(bundle, kind, text);
        }
    }

    private FreshJavaMain() {}

    public static void main(String[] args) {
        String specText = ChildSide.open(args, FreshJavaMain.class.getName());
        PrintStream protocol = System.err;
        Lines outLines = new Lines(protocol, OUT);
        Lines errLines = new Lines(protocol, ERR);
        PrintStream out = new PrintStream(outLines, true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(errLines, true, StandardCharsets.UTF_8);
        try {
            Spec spec = Json.MAPPER.readValue(specText, Spec.class);
            System.setOut(out);
            System.setErr(err);
            System.setIn(InputStream.nullInputStream());
            Written written;
            CapturingEngine engine = new CapturingEngine();
            try (JShell jshell = JShell.builder().executionEngine(engine, null).in(InputStream.nullInputStream())
                    .out(out).err(err).build()) {
                startup(jshell, engine, "jshell DEFAULT", JShellCells.defaultImports(), err);
                if (spec.startup() != null) {
                    Path file = Path.of(spec.startup());
                    if (Files.isRegularFile(file)) {
                        startup(jshell, engine, file.toString(), Files.readString(file), err);
                    } else {
                        err.println("note: startup file " + file + " not found; ran with jshell's default imports only");
                    }
                }
                written = run(jshell, engine, spec.code(), err);
                out.flush();
                err.flush();
                outLines.drain();
                errLines.drain();
            }
            ChildSide.write(Json.MAPPER.writeValueAsString(written));
            ChildSide.halt(0);
        } catch (IOException | RuntimeException | Error e) {
            outLines.drain();
            errLines.drain();
            System.setErr(protocol);
            ChildSide.fail("the fresh JVM could not run the cell: " + e, 1);
        }
    }

    /** Runs the code; its last value, or the first failure. */
    private static Written run(JShell jshell, CapturingEngine engine, String code, PrintStream notes)
            throws JsonProcessingException {
        JShellCells.Value last = JShellCells.Value.NONE;
        try {
            for (JShellCells.Piece piece : JShellCells.snippets(jshell.sourceCodeAnalysis(), code)) {
                last = JShellCells.eval(jshell, engine, code, piece, notes);
            }
        } catch (JShellCells.Failure f) {
            return new Written(Map.of(), FreshRun.Kind.NONE, "", f.error());
        }
        if (!last.present()) {
            return new Written(Map.of(), FreshRun.Kind.NONE, "", null);
        }
        Object value = last.value();
        FreshRun.Kind kind = switch (value) {
            case Long l -> FreshRun.Kind.INTEGER;
            case Integer i -> FreshRun.Kind.INTEGER;
            case Short s -> FreshRun.Kind.INTEGER;
            case Byte b -> FreshRun.Kind.INTEGER;
            case Double d -> FreshRun.Kind.DECIMAL;
            case Float f -> FreshRun.Kind.DECIMAL;
            case String s -> FreshRun.Kind.STRING;
            case null, default -> FreshRun.Kind.OTHER;
        };
        String text = kind == FreshRun.Kind.OTHER ? "" : String.valueOf(value);
        return new Written(Display.mimeBundle(value), kind, text, null);
    }

    private static void startup(JShell jshell, CapturingEngine engine, String name, String code, PrintStream notes) {
        try {
            for (JShellCells.Piece piece : JShellCells.snippets(jshell.sourceCodeAnalysis(), code)) {
                JShellCells.eval(jshell, engine, code, piece, notes);
            }
        } catch (JShellCells.Failure f) {
            notes.println("note: startup " + name + ": " + f.getMessage().lines().findFirst().orElse(""));
        }
    }

    /**
     * A stream cut into lines, each sent as one prefixed line on the protocol stream as soon as
     * its newline is written; {@link #drain} sends a last unfinished line.
     */
    static final class Lines extends OutputStream {
        private final PrintStream protocol;
        private final String prefix;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        Lines(PrintStream protocol, String prefix) {
            this.protocol = protocol;
            this.prefix = prefix;
        }

        @Override
        public synchronized void write(int b) {
            if (b == '\n') {
                send();
            } else {
                line.write(b);
            }
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            for (int i = off; i < off + len; i++) {
                write(b[i]);
            }
        }

        /** Sends what is left of an unfinished line. */
        synchronized void drain() {
            if (line.size() > 0) {
                send();
            }
        }

        private void send() {
            String text = line.toString(StandardCharsets.UTF_8);
            line.reset();
            synchronized (protocol) {
                protocol.println(prefix + (text.endsWith("\r") ? text.substring(0, text.length() - 1) : text));
                protocol.flush();
            }
        }
    }
}
