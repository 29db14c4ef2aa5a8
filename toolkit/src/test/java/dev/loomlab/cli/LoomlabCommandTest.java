package dev.loomlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.measure.WarmupPolicy;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The command line: each experiment in a fresh JVM at small n, JSON output, and bad input. */
class LoomlabCommandTest extends CliTestSupport {


    @Test
    void everyCommandListLineIsAWholeSentence() {
        List<CommandLine> commands = new ArrayList<>(List.of(new CommandLine(new LoomlabCommand())));
        for (int i = 0; i < commands.size(); i++) {
            commands.addAll(commands.get(i).getSubcommands().values());
        }
        for (CommandLine command : commands) {
            String[] description = command.getCommandSpec().usageMessage().description();
            assertThat(description).as(command.getCommandName()).isNotEmpty();
            assertThat(description[0]).as("the line %s shows in its parent's command list", command.getCommandName())
                    .matches(".*[.?]");
        }
    }

    @Test
    void spawnPrintsExactlyOneJsonObjectWithTheNamedMetricsAndTheBaseline() throws Exception {
        assertThat(run("spawn", "--n", "2000", "--json", "--forks", "1")).as(err.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("experiment").asText()).isEqualTo("spawn");
        assertThat(json.get("kind").asText()).isEqualTo("process");
        assertThat(json.get("n").asLong()).isEqualTo(2000);
        assertThat(json.get("env").get("jdkVersion").asText()).isNotEmpty();
        assertThat(json.get("bytesPerProcess").asDouble()).isPositive();
        assertThat(json.has("nsPerSpawn")).isTrue();
        assertThat(json.has("rssBytesPerProcess")).isTrue();
        assertThat(json.get("baseline").get("kind").asText()).isEqualTo("virtual");
        assertThat(json.get("ratiosToBaseline").has("bytesPerProcess")).isTrue();
    }

    @Test
    void everyExperimentRunsInAFreshJvmAtSmallN() throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        String[][] runs = {
                {"ring", "--n", "200", "--m", "2", "--json", "--no-baseline", "--warmup-budget", "2s", "--forks", "1"},
                {"broadcast", "--n", "500", "--json", "--no-baseline", "--warmup-budget", "2s", "--forks", "1"},
                {"pingpong", "--n", "2000", "--json", "--no-baseline", "--warmup-budget", "2s", "--forks", "1"},
                {"hibernate", "--n", "1000", "--json", "--warmup-budget", "2s", "--forks", "1"},
                {"spawn", "--n", "20", "--kind", "platform", "--json", "--warmup-budget", "2s", "--forks", "1"},
        };
        String[] metric = {"nsPerHop", "nsPerMessage", "roundTripNsP99", "bytesPerProcess", "nativeStackBytesPerProcess"};
        for (int i = 0; i < runs.length; i++) {
            out.getBuffer().setLength(0);
            assertThat(run(runs[i])).as(String.join(" ", runs[i]) + "\n" + err).isZero();
            JsonNode json = mapper.readTree(out.toString());
            assertThat(json.has(metric[i])).as(runs[i][0] + " has " + metric[i]).isTrue();
        }
    }

    @Test
    void forksSummariseOverFreshJvmsWithTheirIntervalAndKeepEveryRunByVm() throws Exception {
        assertThat(run("ring", "--n", "200", "--m", "1", "--repeat", "2", "--no-warmup", "--forks", "3", "--forks-budget", "0",
                "--json")).as(err.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("vms").asInt()).isEqualTo(3);
        JsonNode interval = json.get("intervals").get("nsPerHop");
        assertThat(interval.get("count").asInt()).isEqualTo(3);
        assertThat(interval.get("low").asDouble()).isLessThanOrEqualTo(interval.get("high").asDouble());
        assertThat(json.get("forks").get("perVm")).hasSize(3);
        assertThat(json.get("forks").get("stop").asText()).isEqualTo("the VMs asked for");
        List<Integer> vms = new ArrayList<>();
        json.get("runs").forEach(r -> vms.add(r.get("vm").asInt()));
        assertThat(vms).containsExactly(1, 1, 2, 2, 3, 3);
        assertThat(json.get("baseline").get("vms").asInt()).isEqualTo(3);
    }

    @Test
    void oneForkIsOneVmWithNoIntervalAndBadForksAreOneLine() throws Exception {
        assertThat(run("ring", "--n", "200", "--m", "1", "--repeat", "2", "--no-warmup", "--forks", "1", "--no-baseline", "--json"))
                .as(err.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("vms").asInt()).isEqualTo(1);
        assertThat(json.has("intervals")).isFalse();
        err.getBuffer().setLength(0);
        assertThat(run("ring", "--n", "200", "--forks", "0")).isEqualTo(LoomlabCommand.USAGE);
        assertThat(err.toString().lines().findFirst().orElse("")).isEqualTo("loomlab: --forks must be between 1 and 10, got 0: use 1 for one VM (no interval), 3 or more for an interval");
        err.getBuffer().setLength(0);
        assertThat(run("ring", "--n", "200", "--target-ci", "0")).isEqualTo(LoomlabCommand.USAGE);
        assertThat(err.toString()).contains("--target-ci");
        err.getBuffer().setLength(0);
        assertThat(run("report", "--cap", "200", "--forks", "0", "--plan")).isEqualTo(LoomlabCommand.USAGE);
        assertThat(err.toString().lines().findFirst().orElse("")).startsWith("loomlab: --forks must be between 1 and 10, got 0: use 1 for one VM");
    }

    @Test
    void carriersSetTheChildJvmsSchedulerParallelism() throws Exception {
        assertThat(run("ring", "--n", "200", "--m", "1", "--repeat", "2", "--no-warmup", "--forks", "1", "--no-baseline",
                "--carriers", "1", "--json")).as(err.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("env").get("carrierParallelism").asInt()).isEqualTo(1);
        err.getBuffer().setLength(0);
        assertThat(run("ring", "--n", "200", "--carriers", "0")).isEqualTo(LoomlabCommand.USAGE);
        assertThat(err.toString()).contains("--carriers takes 1 to 1024");
    }

    @Test
    void repeatShowsEveryRunWithTheFirstCold() {
        assertThat(run("spawn", "--n", "500", "--repeat", "2", "--no-warmup", "--no-baseline", "--forks", "1")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("runs in one JVM", "true", "false", "not checked for steadiness", "cold run");
    }

    @Test
    void byDefaultATimingIsWarmedUpAndSaysWhetherItBecameSteady() throws Exception {
        assertThat(run("ring", "--n", "200", "--m", "5", "--repeat", "2", "--warmup-budget", "2s", "--json", "--no-baseline", "--forks", "1"))
                .as(err.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("steady").isBoolean()).isTrue();
        assertThat(json.get("runs").get(0).get("phase").asText()).isEqualTo("cold");
        assertThat(json.get("runs").size()).isGreaterThanOrEqualTo(3);
        assertThat(json.get("spread").get("nsPerHop").has("min")).isTrue();
        assertThat(json.get("env").has("otherCpuShare")).isTrue();
        if (json.get("steady").asBoolean()) {
            assertThat(json.get("summaryOf").asText()).startsWith("steady");
        } else {
            assertThat(json.get("summaryOf").asText()).matches("^(NOT STEADY|MEASURED RUNS DISAGREE).*");
        }
    }

    @Test
    void aSizeAboveTheCapExplainsHowToLiftIt() {
        assertThat(run("spawn", "--n", "1000000")).isEqualTo(2);
        assertThat(err.toString()).contains("above the cap of 100,000", "--no-cap", "roughly");
    }

    @Test
    void badInputIsAUsageErrorWithOneLine() {
        assertThat(run("spawn", "--n", "-3")).isEqualTo(2);
        assertThat(err.toString()).contains("at least 1");
        assertThat(run("sprawn")).isEqualTo(2);
        assertThat(run("spawn", "--kind", "green")).isEqualTo(2);
        assertThat(err.toString()).contains("unknown kind \"green\"");
        assertThat(run("spawn", "--bogus")).isEqualTo(2);
        assertThat(run("ring", "--m", "0")).isEqualTo(2);
        assertThat(run("spawn", "--deadline", "soon")).isEqualTo(2);
        assertThat(err.toString()).contains("is not a duration");
    }

    @Test
    void aChildThatOverrunsItsDeadlineIsKilledAndReported() {
        assertThat(run("pingpong", "--n", "100000000", "--deadline", "1500ms", "--no-baseline", "--forks", "1")).isEqualTo(1);
        assertThat(err.toString()).contains("did not finish within 1.5s and was killed", "--deadline");
    }

    @Test
    void helpExplainsTheExperiments() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).contains("spawn", "ring", "broadcast", "pingpong", "hibernate");
        out.getBuffer().setLength(0);
        assertThat(run("spawn", "--help")).isZero();
        assertThat(out.toString()).contains("--kind", "--repeat", "--no-cap", "--json");
        // the warm-up's numbers in the help are the default policy's, not a copy of them
        String help = out.toString().replaceAll("\\s+", " ");
        WarmupPolicy policy = WarmupPolicy.DEFAULT;
        assertThat(help).contains("until the last " + policy.window() + " agree within " + Math.round(policy.tolerance() * 100) + "%",
                "once " + (policy.minWarmup() + policy.window()) + " runs were made");
    }

    @Test
    void everyCommandsHelpRendersWithoutAFormatWarning() {
        // a lone % in a description is a format directive to picocli, which then warns on standard error
        List<CommandLine> commands = new ArrayList<>(List.of(LoomlabCommand.commandLine()));
        java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
        java.io.PrintStream stderr = System.err;
        System.setErr(new java.io.PrintStream(warnings, true));
        try {
            for (int i = 0; i < commands.size(); i++) {
                commands.addAll(commands.get(i).getSubcommands().values());
                assertThat(commands.get(i).getUsageMessage()).isNotEmpty();
            }
        } finally {
            System.setErr(stderr);
        }
        assertThat(warnings.toString()).doesNotContain("picocli WARN");
    }

    @Test
    void everyCommandThatPrintsAResultTakesTheOneJsonOption() {
        List<String> withJson = new ArrayList<>();
        List<CommandLine> commands = new ArrayList<>(List.of(LoomlabCommand.commandLine()));
        for (int i = 0; i < commands.size(); i++) {
            CommandLine command = commands.get(i);
            commands.addAll(command.getSubcommands().values());
            var json = command.getCommandSpec().findOption("--json");
            if (json != null) {
                withJson.add(command.getCommandName());
                assertThat(json.description()).as(command.getCommandName())
                        .containsExactly("print exactly one JSON object on standard output, nothing else");
            }
        }
        assertThat(withJson).contains("spawn", "experiment", "state", "tasks", "load", "supervise", "isolation", "gc-pauses");
    }
}
