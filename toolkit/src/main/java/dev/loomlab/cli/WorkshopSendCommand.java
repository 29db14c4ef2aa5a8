package dev.loomlab.cli;

import dev.loomlab.workshop.Answer;
import dev.loomlab.workshop.Participant;
import dev.loomlab.workshop.ResultsSender;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code loomlab workshop send FILE --to URL --code C --name N}: one results.json to the teacher's page. */
@Command(name = "send", mixinStandardHelpOptions = true,
        description = {"Sends a results.json from loomlab report to the teacher's workshop page.",
                "Sending again from the same name and machine replaces your earlier result."})
final class WorkshopSendCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RESULTS.json", description = "the file, e.g. build/report/results.json")
    Path file;

    @Option(names = "--to", required = true, paramLabel = "URL", description = "the teacher's address, e.g. http://192.168.1.20:8077")
    String to;

    @Option(names = "--code", required = true, paramLabel = "CODE", description = "the join code the teacher shows")
    String code;

    @Option(names = "--name", required = true, paramLabel = "NAME", description = "your name, as the page shows it")
    String name;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(file + " does not exist: run ./loomlab report first (it writes build/report/results.json)");
        }
        return send(spec, file, to, code, name);
    }

    /**
     * Sends and prints one line: what the server answered, or, when it cannot be reached, that
     * the file is kept and the command that sends it later. 0 when stored, 1 otherwise.
     */
    static int send(CommandSpec spec, Path file, String to, String code, String name) {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Participant participant = new Participant(name);
        try {
            Answer answer = ResultsSender.send(to, code, participant, file, Duration.ofSeconds(20));
            if (answer.accepted()) {
                out.println("loomlab: sent to " + to + ": " + answer.text());
                out.flush();
                return 0;
            }
            err.println("loomlab: " + to + " refused the results (" + answer.status() + "): " + answer.text());
        } catch (IOException e) {
            err.println("loomlab: could not reach the teacher at " + to + " (" + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())
                    + "); your results are kept in " + file + "; send them later with: "
                    + ResultsSender.laterCommand(file, to, code, name));
        }
        err.flush();
        return LoomlabCommand.FAILED;
    }
}
