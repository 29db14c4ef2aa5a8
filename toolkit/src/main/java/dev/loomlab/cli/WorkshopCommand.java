package dev.loomlab.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code loomlab workshop serve|send}: the teacher's live page, and sending results to it. */
@Command(name = "workshop", mixinStandardHelpOptions = true,
        description = {"A workshop's live page: every participant's machine side by side.",
                "The teacher serves it, participants send their results.json to it "
                        + "(./loomlab report --send URL --code CODE --name NAME runs the report and sends it)."},
        subcommands = {WorkshopServeCommand.class, WorkshopSendCommand.class},
        footer = {"", "Examples:", "  loomlab workshop serve --public --port 8077",
                "  loomlab report --cap 20000 --send http://192.168.1.20:8077 --code K7QX3M --name alice",
                "  loomlab workshop send build/report/results.json --to http://192.168.1.20:8077 --code K7QX3M --name alice"})
final class WorkshopCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name what to do: serve (the teacher) or send (a participant)");
    }
}
