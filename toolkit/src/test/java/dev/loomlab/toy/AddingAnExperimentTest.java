package dev.loomlab.toy;

import dev.loomlab.display.Tables;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomlab.api.Loomlab;
import dev.loomlab.cli.LoomlabCommand;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.util.Progress;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/**
 * ARCHITECTURE.md's checklist, followed for a toy experiment that lives only in the tests: the
 * experiment (its class and its services line), its CLI command (the generic
 * {@code loomlab experiment NAME}), and its notebook cell ({@code measure(...)}). Nothing else
 * in the toolkit was touched for it.
 */
class AddingAnExperimentTest {

    @Test
    void theExperimentIsFoundAndCarriesItsKnowledge() {
        var toy = Experiments.named("toy-echo");
        assertThat(toy).isInstanceOf(EchoExperiment.class);
        assertThat(toy.headline()).isEqualTo("nsPerEcho");
        assertThat(toy.hasBaseline()).isTrue();
    }

    @Test
    void itRunsHereOnEveryJvmKind() throws Exception {
        for (Kind kind : Kind.jvm()) {
            Measurement m = Experiments.runHere(ExperimentSpec.of("toy-echo", kind == Kind.PLATFORM ? 10 : 200).withKind(kind),
                    Progress.SILENT);
            assertThat(m.ok()).isTrue();
            assertThat(m.metric("nsPerEcho")).as(kind.label()).isPositive();
        }
    }

    @Test
    void itsNotebookCellRunsItInAFreshJvm() {
        Measurement m = Loomlab.measure(ExperimentSpec.of("toy-echo", 100));
        assertThat(m.outcome()).isEqualTo(Measurement.OK);
        assertThat(m.metric("nsPerEcho")).isPositive();
        assertThat(Tables.from(m.grid()).rowCount()).isEqualTo(2);
    }

    @Test
    void itsCommandPrintsOneMeasurementBesideItsBaseline() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var cli = LoomlabCommand.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        assertThat(cli.execute("experiment", "toy-echo", "--n", "100", "--json", "--forks", "1")).as(err.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("type").asText()).isEqualTo("measurement");
        assertThat(json.get("experiment").asText()).isEqualTo("toy-echo");
        assertThat(json.get("nsPerEcho").asDouble()).isPositive();
        assertThat(json.get("baseline").get("kind").asText()).isEqualTo("virtual");
    }

    @Test
    void anUnknownNameIsAUsageErrorListingTheKnownOnes() {
        StringWriter err = new StringWriter();
        var cli = LoomlabCommand.commandLine();
        cli.setErr(new PrintWriter(err, true));
        assertThat(cli.execute("experiment", "nosuch")).isEqualTo(LoomlabCommand.USAGE);
        assertThat(err.toString()).contains("unknown experiment \"nosuch\"", "toy-echo", "spawn");
    }
}
