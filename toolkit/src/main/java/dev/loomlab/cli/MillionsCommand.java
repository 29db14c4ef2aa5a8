package dev.loomlab.cli;

import dev.loomlab.view.Section;
import dev.loomlab.measure.Cap;
import dev.loomlab.articles.HibernatedMillions;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.measure.MachineMemory;
import dev.loomlab.util.Progress;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code loomlab millions --no-cap}: a million and five million hibernated processes, each in a fresh JVM. */
@Command(name = "millions", mixinStandardHelpOptions = true,
        description = {"The French article's 1M and 5M hibernated processes, measured.",
                "Each n in a fresh JVM with a heap sized for it and the process limit BEAM's +P n would give. "
                        + "A memory check runs first: a row that cannot fit says what it would need and is not started. "
                        + "Above the cap, lift it on purpose with --no-cap."})
final class MillionsCommand extends SectionCommand {

    @Option(names = "--n", defaultValue = "1000000,5000000", split = ",", paramLabel = "N",
            description = "hibernated processes, one fresh JVM each. Default: ${DEFAULT-VALUE}")
    List<Integer> ns;

    @Mixin
    CapOptions cap = new CapOptions();



    @Override
    Section section(Progress progress) {
        cap.apply();
        for (int n : ns) {
            Cap.check("--n", n, 600);
        }
        return new HibernatedMillions(ns, MachineMemory::available).run(Experiments.HIBERNATE, progress);
    }
}
