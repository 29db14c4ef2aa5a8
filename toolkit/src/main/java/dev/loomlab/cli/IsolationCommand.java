package dev.loomlab.cli;

import dev.loomlab.view.Section;
import dev.loomlab.view.SectionJson;
import dev.loomlab.isolation.Isolation;
import dev.loomlab.util.Progress;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code loomlab isolation}: shared by reference on the JVM, copied on BEAM; and what a copy costs. */
@Command(name = "isolation", mixinStandardHelpOptions = true,
        description = {"A process's state is private on BEAM (a message is copied), shared on the JVM (a reference).",
                "In a fresh JVM: what a receiver sees when its sender changes what it sent, then the cost of a "
                        + "defensive copy against sending the reference, per list size. With --json: the cost table, the visibility "
                        + "in its notes."})
final class IsolationCommand implements Callable<Integer> {

    @Option(names = "--sizes", defaultValue = "10,100,1000,10000", split = ",", paramLabel = "LIST",
            description = "list sizes, in elements. Default: ${DEFAULT-VALUE}")
    List<Integer> sizes;

    @Option(names = "--batch", defaultValue = "2000", paramLabel = "M", description = "messages per batch. Default: ${DEFAULT-VALUE}")
    int batch;

    @Mixin
    JsonOption output = new JsonOption();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        Progress progress = output.progress(out);
        var result = Isolation.measure(sizes.stream().mapToInt(Integer::intValue).toArray(), batch, progress);
        Section visibility = result.visibility();
        Section cost = result.cost();
        if (output.json) {
            List<String> notes = new java.util.ArrayList<>(cost.notes());
            var seen = visibility.grid();
            for (int r = 0; r < seen.rowCount(); r++) {
                notes.add("sent as " + seen.get(r, "sent as") + ": the receiver saw " + seen.get(r, "the receiver saw"));
            }
            out.println(SectionJson.write(new Section(cost.grid(), null, notes)));
        } else {
            out.println(visibility);
            out.println();
            out.println(cost);
        }
        out.flush();
        return 0;
    }
}
