package dev.loomlab.fresh;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import jdk.jshell.Diag;
import jdk.jshell.EvalException;
import jdk.jshell.JShellException;
import jdk.jshell.UnresolvedReferenceException;

/**
 * A failed cell in the shape of a Jupyter error: {@code ename}, {@code evalue} and the traceback
 * lines a front end prints. The kernel's errors and a fresh VM's are built here, so both read the
 * same: {@code CompileError} (line in the cell, source line, caret), or the exception's class name
 * with the cell's frames and causes.
 */
public record CellError(String ename, String evalue, List<String> traceback) {

    /** Frames from here down are JShell's and reflection's plumbing, not the user's. */
    private static final Set<String> PLUMBING = Set.of(
            "jdk.internal.reflect.", "java.lang.reflect.Method", "jdk.jshell.", "java.lang.Thread");
    private static final int MAX_FRAMES = 12;

    public CellError {
        evalue = evalue == null ? "" : evalue;
        traceback = List.copyOf(traceback);
    }

    /** An error of one line: {@code ename: evalue}. */
    public static CellError of(String ename, String evalue) {
        return new CellError(ename, evalue, List.of(ename + ": " + evalue));
    }

    /**
     * JShell rejected a snippet: each diagnostic with its line number in the cell, the source line
     * and a caret under the problem. {@code offset} is where the snippet starts in {@code cell}.
     */
    public static CellError compile(List<Diag> diags, String cell, int offset, String snippetSource) {
        List<String> lines = new ArrayList<>();
        String first = "the cell does not compile";
        for (Diag d : diags) {
            int pos = (int) Math.min(cell.length(), Math.max(0, offset + Math.max(0, d.getStartPosition())));
            int end = (int) Math.min(cell.length(), Math.max(pos, offset + d.getEndPosition()));
            int lineStart = cell.lastIndexOf('\n', pos - 1) + 1;
            int lineEnd = cell.indexOf('\n', pos);
            if (lineEnd < 0) {
                lineEnd = cell.length();
            }
            int lineNo = (int) cell.substring(0, lineStart).chars().filter(c -> c == '\n').count() + 1;
            List<String> message = d.getMessage(null).lines()
                    .filter(l -> !l.strip().equals("location: class")) // JShell's wrapper class has no name
                    .toList();
            String headline = "line " + lineNo + ": " + (message.isEmpty() ? "error" : message.getFirst());
            if (lines.isEmpty()) {
                first = headline;
                headline = "CompileError: " + headline;
            }
            lines.add(headline);
            message.stream().skip(1).forEach(lines::add);
            lines.add("    " + cell.substring(lineStart, lineEnd));
            int width = Math.max(1, Math.min(end, lineEnd) - pos);
            lines.add("    " + " ".repeat(pos - lineStart) + "^" + "~".repeat(width - 1));
        }
        if (lines.isEmpty()) {
            lines.add("CompileError: JShell rejected " + snippetSource.strip());
        }
        return new CellError("CompileError", first, lines);
    }

    /** An exception thrown by the cell's code, with the frames of the user's code and the causes. */
    public static CellError thrown(JShellException e) {
        List<String> lines = new ArrayList<>();
        String ename = className(e);
        String evalue = e instanceof UnresolvedReferenceException u
                ? "the cell calls " + u.getSnippet().source().strip().lines().findFirst().orElse("")
                  + ", which cannot run until what it references is declared"
                : e.getMessage();
        Throwable t = e;
        boolean first = true;
        while (t != null) {
            String name = t instanceof JShellException j ? className(j) : t.getClass().getName();
            String header = t.getMessage() == null ? name : name + ": " + t.getMessage();
            lines.add(first ? header : "Caused by: " + header);
            appendFrames(t.getStackTrace(), lines);
            first = false;
            t = t.getCause();
        }
        return new CellError(ename, evalue, lines);
    }

    private static String className(JShellException e) {
        if (e instanceof EvalException ev) {
            return ev.getExceptionClassName();
        }
        return e.getClass().getSimpleName();
    }

    private static void appendFrames(StackTraceElement[] frames, List<String> lines) {
        int shown = 0;
        for (StackTraceElement frame : frames) {
            String cls = frame.getClassName();
            if (PLUMBING.stream().anyMatch(cls::startsWith)) {
                break;
            }
            if (shown == MAX_FRAMES) {
                lines.add("    ...");
                break;
            }
            lines.add("    at " + describe(frame));
            shown++;
        }
    }

    /** JShell names snippet frames with an empty class and file {@code #id}: show them as jshell does. */
    private static String describe(StackTraceElement f) {
        if (f.getClassName().isEmpty() || f.getClassName().startsWith("REPL.")) {
            String where = f.getFileName() == null ? "" : f.getFileName() + ":" + f.getLineNumber();
            String method = f.getMethodName();
            return method.isEmpty() || method.equals("do_it$") ? "(" + where + ")" : method + " (" + where + ")";
        }
        return f.toString();
    }

    /** The traceback, one line each, as a terminal shows it. */
    @Override
    public String toString() {
        return String.join("\n", traceback);
    }
}
