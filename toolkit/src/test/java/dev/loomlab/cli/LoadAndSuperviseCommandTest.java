package dev.loomlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** {@code loomlab load} and {@code loomlab supervise}: one JSON object, starvation as a row, exit codes. */
class LoadAndSuperviseCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        var cli = LoomlabCommand.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    @Test
    void loadPrintsOneJsonObjectWhoseLoadedRowIsStarved() throws Exception {
        assertThat(run("load", "--kind", "virtual", "--parallelism", "1", "--loops", "0,1", "--rounds", "200",
                "--deadline", "2s", "--forks", "1", "--json")).as(err.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("schemaVersion").asInt()).isEqualTo(dev.loomlab.util.Json.SCHEMA_VERSION);
        assertThat(json.get("experiment").asText()).isEqualTo("load");
        assertThat(json.get("env").get("carrierParallelism").asInt()).isEqualTo(1);
        assertThat(json.get("published").size()).isGreaterThanOrEqualTo(3); // the German article's +S 1 figures, beside one carrier
        json.get("published").forEach(p -> assertThat(p.get("source").asText()).isEqualTo("unter-last"));
        JsonNode idle = json.get("rows").get(0);
        JsonNode loaded = json.get("rows").get(1);
        for (String field : new String[] {"kind", "loops", "parallelism", "roundTripMicrosP50", "roundTripMicrosP99",
                "roundTripMicrosMax", "starved", "opsPerSecondPerLoop", "opsPerSecondTotal", "firstLoopOpsPerSecond"}) {
            assertThat(loaded.has(field)).as(field).isTrue();
        }
        assertThat(idle.get("starved").asBoolean()).isFalse();
        assertThat(idle.get("roundTripMicrosP50").asDouble()).isPositive();
        assertThat(loaded.get("starved").asBoolean()).isTrue();
        assertThat(loaded.get("roundTripMicrosP50").isNull()).isTrue();
        assertThat(loaded.get("waitedMillis").asLong()).isGreaterThanOrEqualTo(2_000);
        assertThat(loaded.get("opsPerSecondPerLoop").asDouble()).isPositive();
    }

    @Test
    void parallelismAboveTheCoresIsAllowedWithANote() throws Exception {
        String above = String.valueOf(Runtime.getRuntime().availableProcessors() + 1);
        assertThat(run("load", "--kind", "virtual", "--loops", "0", "--rounds", "50", "--parallelism", above, "--forks", "2", "--json"))
                .as(err.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("rows").get(0).get("parallelism").asInt()).isEqualTo(Integer.parseInt(above));
        assertThat(json.get("rows").get(0).get("vms")).as("each row's fresh VMs, in turn").hasSize(2);
        assertThat(json.get("notes").toString()).contains("--parallelism " + above + " is above the");
    }

    @Test
    void badLoadInputIsAUsageError() {
        assertThat(run("load", "--loops", "-1")).isEqualTo(2);
        assertThat(err.toString()).contains("--loops must be 0 or more");
        assertThat(run("load", "--rounds", "0")).isEqualTo(2);
        assertThat(err.toString()).contains("--rounds must be at least 1");
        assertThat(run("load", "--kind", "green")).isEqualTo(2);
        assertThat(err.toString()).contains("unknown kind \"green\"", "virtual, platform, process, yielding, parking, offloaded");
        assertThat(run("load", "--parallelism", "0")).isEqualTo(2);
        assertThat(run("load", "--loops", "1,x")).isEqualTo(2);
        assertThat(run("load", "--deadline", "soon")).isEqualTo(2);
        assertThat(run("load", "--forks", "0")).isEqualTo(2);
        assertThat(err.toString()).contains("--forks must be 1 to 20 fresh VMs per row, got 0");
    }

    @Test
    void superviseExitsNonZeroWithTheReasonWhenTheSupervisorGivesUp() {
        assertThat(run("supervise")).isEqualTo(1);
        assertThat(err.toString()).contains("the supervisor gave up: reached_max_restart_intensity");
        assertThat(out.toString()).contains("started counter", "restarted counter", "counter answers 0 after the restart",
                "is the same process", "supervisor gave up: reached_max_restart_intensity", "stopped neighbour");
    }

    @Test
    void superviseWithinItsIntensityEndsNormally() throws Exception {
        assertThat(run("supervise", "--kills", "1", "--json")).as(err.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("gaveUp").asBoolean()).isFalse();
        assertThat(json.get("reason").asText()).isEqualTo("shutdown");
        assertThat(json.get("restartCounterValue").asLong()).isZero();
        assertThat(json.get("neighbourSamePid").asBoolean()).isTrue();
        assertThat(run("supervise", "--max-restarts", "-1")).isEqualTo(2);
        assertThat(run("supervise", "--kills", "-2")).isEqualTo(2);
    }
}
