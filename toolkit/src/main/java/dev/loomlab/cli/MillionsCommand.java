package dev.loomlab.cli;

import dev.loomlab.display.SectionJson;
import dev.loomlab.measure.Cap;
import dev.loomlab.runs.HibernatedMillions;
import dev.loomlab.measure.MachineMemory;
import dev.loomlab.util.Progress;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code loomlab millions --no-cap}: a million and five million hibernated processes, each in a fresh JVM. */
@Command(name = "millions", mixinStandardHelpOptions = true,
        description = {"The French article's 1M and 5M hibernated processes, measured: each n in a fresh JVM with a heap sized",
                "for it and the process limit BEAM's +P n would give. A memory check runs first: a row that cannot fit says",
                "what it would need and is not started. Above the cap, lift it on purpose with --no-cap."})
final class MillionsCommand implements Callable<Integer> {

    @Option(names = "--n", defaultValue = "1000000,5000000", split = ",", paramLabel = "N",
            description = "hibernated processes, one fresh JVM each. Default: ${DEFAULT-VALUE}")
    List<Integer> ns;

    @Option(names = "--no-cap", description = "lift the cap on purpose (needed above " + Cap.DEFAULT + ")")
    boolean noCap;

    @Option(names = "--json", description = "print exactly one JSON object on standard output")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (noCap) {
            Cap.lift();
        }
        for (int n : ns) {
            Cap.check("--n", n, 600);
        }
        var out = spec.commandLine().getOut();
        Progress progress = json ? Progress.SILENT : line -> out.println("  | " + line);
        var section = new HibernatedMillions(ns, MachineMemory::available).run(progress);
        out.println(json ? SectionJson.write(section) : section.toString());
        out.flush();
        return 0;
    }
}
