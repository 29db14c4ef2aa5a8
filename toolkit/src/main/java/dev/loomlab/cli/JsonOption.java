package dev.loomlab.cli;

import dev.loomlab.util.Progress;
import java.io.PrintWriter;
import picocli.CommandLine.Option;

/**
 * {@code --json}, for every command that prints a result (a picocli mixin): with it, exactly one
 * JSON object of the results schema on standard output and nothing else; without it, text, with
 * what the command is doing on lines of its own.
 */
final class JsonOption {

    @Option(names = "--json", description = "print exactly one JSON object on standard output, nothing else")
    boolean json;

    /** Where a command says what it is doing: nowhere with {@code --json}, else a {@code "  | "} line on {@code out}. */
    Progress progress(PrintWriter out) {
        return json ? Progress.SILENT : line -> out.println("  | " + line);
    }
}
