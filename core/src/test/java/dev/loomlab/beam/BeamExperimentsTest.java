package dev.loomlab.beam;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.experiment.Experiments;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The Erlang side names its experiments as strings; they must be the Java registry's names. */
class BeamExperimentsTest {

    /** The experiments {@code loomlab_beam.erl} dispatches on: its {@code run("…"} and {@code once("…"} clauses. */
    private static Set<String> erlangNames() throws IOException {
        String source;
        try (InputStream in = BeamExperiments.class.getResourceAsStream("loomlab_beam.erl")) {
            assertThat(in).as("loomlab_beam.erl on the class path").isNotNull();
            source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Set<String> names = new TreeSet<>();
        Matcher m = Pattern.compile("(?m)^(?:run|once)\\(\"([\\w-]+)\"").matcher(source);
        while (m.find()) {
            names.add(m.group(1));
        }
        names.remove("load"); // the load rows, run by OtherRuntimeLoad, not an Experiment
        return names;
    }

    @Test
    void everyBeamExperimentIsARegisteredExperimentWithAnErlangClause() throws IOException {
        Set<String> erlang = erlangNames();
        for (String name : BeamExperiments.names()) {
            assertThat(Experiments.named(name).name()).isEqualTo(name);
            assertThat(erlang).as("an Erlang clause for " + name).contains(name);
        }
    }

    @Test
    void everyErlangClauseIsABeamExperiment() throws IOException {
        assertThat(BeamExperiments.names()).containsAll(erlangNames());
    }

    @Test
    void theTypedReferencesAreTheRegistrysExperiments() {
        assertThat(Experiments.named("ring")).isSameAs(Experiments.RING);
        assertThat(Experiments.named("ring-hibernated")).isSameAs(Experiments.RING_HIBERNATED);
        assertThat(Experiments.all()).contains(Experiments.SPAWN, Experiments.BROADCAST, Experiments.PINGPONG,
                Experiments.HIBERNATE, Experiments.STATE, Experiments.LIMIT, Experiments.TASKS);
    }
}
