package dev.loomlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** Notebook 02's commands: state, kinds, threads-limit, containers; JSON output and bad input. */
class KaruiCommandsTest extends CliTestSupport {


    @Test
    void stateWithOneSizeIsTheSameSectionShapeWithItsMeasurementInside() throws Exception {
        assertThat(run("state", "--n", "300", "--m", "100", "--json", "--no-baseline", "--forks", "1")).as(err.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("type").asText()).isEqualTo("section");
        JsonNode m = json.get("measurements").get(0);
        assertThat(m.get("experiment").asText()).isEqualTo("state");
        assertThat(m.get("bytesPerProcess").asDouble()).isPositive();
    }

    @Test
    void stateOverSizesIsOneJsonReport() throws Exception {
        assertThat(run("state", "--n", "200", "--sizes", "10,100", "--json")).as(err.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("type").asText()).isEqualTo("section");
        assertThat(json.get("rows")).hasSize(3);
        // the JVM's three and BEAM here's three (rows that say how to install Erlang where it is missing)
        assertThat(json.get("measurements")).hasSize(6);
        assertThat(json.get("measurements").get(3).get("kind").asText()).isEqualTo("beam");
        assertThat(json.get("title").asText()).startsWith("State held by a process");
    }

    @Test
    void kindsIsOneJsonReport() throws Exception {
        assertThat(run("kinds", "--n", "300", "--platform-n", "10", "--json")).as(err.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("rows")).hasSize(7); // three JVM kinds, BEAM here, three published
    }

    @Test
    void badInputIsUsageWithAClearMessage() {
        assertThat(run("state", "--m", "-1")).isEqualTo(LoomlabCommand.USAGE);
        assertThat(err.toString()).contains("list size (--m)");
        assertThat(run("threads-limit", "--ceiling", "5")).isEqualTo(LoomlabCommand.USAGE);
        assertThat(err.toString()).contains("between 64 and 4096");
        assertThat(run("containers", "everything")).isEqualTo(LoomlabCommand.USAGE);
        assertThat(err.toString()).contains("use cpu, memory, off-heap, cap or supervise");
        assertThat(run("kinds", "--n", "200000")).isEqualTo(LoomlabCommand.USAGE);
        assertThat(err.toString()).contains("above the cap");
    }
}
