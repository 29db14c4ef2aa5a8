package dev.loomlab.cli;

import dev.loomlab.measure.Cap;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.AfterEach;

/** Runs the command line in this JVM with its output captured, and restores the cap afterwards. */
abstract class CliTestSupport {

    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    @AfterEach
    void restoreCap() {
        Cap.set(Cap.DEFAULT);
    }

    /** The exit code; what it printed is in {@link #out} and {@link #err}. */
    int run(String... args) {
        var cli = LoomlabCommand.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }
}
