package dev.loomlab.cli;

import dev.loomlab.measure.Env;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code loomlab env}: the setting every measurement prints first. */
@Command(name = "env", mixinStandardHelpOptions = true, description = "the JDK, GC, heap, processors, carriers and limits.")
final class EnvCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().getOut().println(Env.current());
    }
}
