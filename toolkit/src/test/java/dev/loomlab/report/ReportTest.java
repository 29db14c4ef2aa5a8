package dev.loomlab.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomlab.cli.LoomlabCommand;
import dev.loomlab.experiment.Experiment;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.MeasurementJson;
import dev.loomlab.util.Progress;
import dev.loomlab.measure.Cap;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The full report at a tiny cap: every section is there, every file is written and
 * {@code results.json} parses with its required fields; a failed run is marked and the report
 * goes on. Compare is tested on this report's real results.json ({@link CompareTest}).
 */
class ReportTest {

    @TempDir
    static Path dir;
    static Path report;
    static int exitCode;
    static String output;

    @BeforeAll
    static void runTheReportOnce() {
        report = dir.resolve("report");
        StringWriter out = new StringWriter();
        var cli = LoomlabCommand.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(out, true));
        exitCode = cli.execute("report", "--cap", "200", "--out", report.toString(), "--label", "alice");
        output = out.toString();
    }

    @AfterAll
    static void restoreCap() {
        Cap.set(Cap.DEFAULT);
    }

    @Test
    void everyExperimentHasItsSectionTableCsvAndChart() throws Exception {
        assertThat(exitCode).as(output).isZero();
        String html = Files.readString(report.resolve("index.html"));
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<h2>Environment</h2>", "<h2>Runs</h2>",
                "BEAM published", "Sources of the published figures");
        assertThat(report.resolve("environment.csv")).exists();
        assertThat(report.resolve("runs.csv")).exists();
        int charts = 0;
        for (Experiment e : Experiments.all()) {
            assertThat(html).as("section of " + e.name()).contains("<h2>" + e.name() + "</h2>");
            if (Files.exists(report.resolve(e.name() + ".csv"))) {
                charts++;
                // ring, broadcast and pingpong ran over fresh VMs: alice has an interval column in every table
                assertThat(Files.readString(report.resolve(e.name() + ".csv"))).startsWith("kind,n,metric,alice,alice 95% interval,BEAM published");
            }
        }
        assertThat(charts).as("experiments with a table").isGreaterThanOrEqualTo(5);
        assertThat(html.split("data:image/png;base64,", -1)).as("embedded charts, load's too").hasSize(charts + 2);
        assertThat(html).doesNotContain("src=\"http", "href=\"http"); // opens offline
    }

    @Test
    void resultsJsonHasEveryRowWithItsEnvironmentAndVersions() throws Exception {
        JsonNode root = new ObjectMapper().readTree(Files.readString(report.resolve("results.json")));
        assertThat(root.get("schemaVersion").asInt()).isEqualTo(MeasurementJson.SCHEMA_VERSION);
        assertThat(root.get("toolkitVersion").asText()).isNotBlank();
        assertThat(root.get("label").asText()).isEqualTo("alice");
        assertThat(root.get("cap").asInt()).isEqualTo(200);
        assertThat(root.get("complete").asBoolean()).isTrue();
        assertThat(root.get("env").get("jdkVersion").asText()).isNotBlank();
        assertThat(root.get("env").get("processors").asInt()).isPositive();
        JsonNode rows = root.get("rows");
        assertThat(rows.size()).isGreaterThanOrEqualTo(13); // 5 experiments x 3 kinds, hibernate's 2 raw kinds skipped
        for (JsonNode row : rows) {
            assertThat(row.has("experiment") && row.has("kind") && row.has("n") && row.has("outcome")).as(row.toString()).isTrue();
            if (row.get("outcome").asText().equals("ok")) {
                JsonNode m = row.get("measurement");
                assertThat(m.get("schemaVersion").asInt()).isEqualTo(MeasurementJson.SCHEMA_VERSION);
                assertThat(m.get("env").get("jdkVersion").asText()).isNotBlank();
                assertThat(m.get("runs").size()).isPositive();
            }
        }
        assertThat(rows.findValuesAsText("kind")).contains("process", "virtual", "platform", "beam");
        for (JsonNode row : rows) {
            JsonNode m = row.get("measurement");
            if (m != null && ReportPlan.FORKED.stream().anyMatch(e -> e.name().equals(row.get("experiment").asText()))) {
                assertThat(m.get("vms").asInt()).as(row.toString()).isEqualTo(ReportPlan.DEFAULT_FORKS);
                assertThat(m.has("intervals")).as("each metric's interval across the VMs").isTrue();
            }
        }
        if (dev.loomlab.beam.Erlang.installed().isPresent()) {
            assertThat(rows.findValues("measurement").stream().filter(m -> m.get("kind").asText().equals("beam")))
                    .as("BEAM here rows with figures").isNotEmpty();
        }
        assertThat(ResultsFile.read(report.resolve("results.json")).rows()).hasSize(rows.size());
    }

    @Test
    void progressIsShownAsItGoesAndRefusedKindsAreSkippedWithTheReason() {
        assertThat(output).containsPattern("\\[1(-\\d+)?/\\d+\\] ")
                .contains("ok in", "skip   hibernate virtual", "--kind process", "report written");
    }

    @Test
    void anExperimentsKindsTakeTheirFreshVmsInTurn() {
        // ring is forked (ReportPlan.FORKED): the process kind's second JVM comes after the virtual kind's first
        int virtualFirst = output.indexOf("ring virtual n=200: fresh JVM 1");
        int processSecond = output.indexOf("ring process n=200: fresh JVM 2");
        assertThat(virtualFirst).as(output).isPositive();
        assertThat(processSecond).as(output).isGreaterThan(virtualFirst);
        assertThat(output).contains("ring process n=200 m=1 ok in");
    }

    @Test
    void loadAndSuperviseHaveTheirSectionsTablesCsvsAndJson() throws Exception {
        String html = Files.readString(report.resolve("index.html"));
        String load = html.substring(html.indexOf("<h2>load</h2>"), html.indexOf("<h2>supervise</h2>"));
        assertThat(load).contains("<table", "data:image/png;base64,").doesNotContain("class=\"failed\"");
        String supervise = html.substring(html.indexOf("<h2>supervise</h2>"), html.indexOf("<h2>Sources of the published figures</h2>"));
        assertThat(supervise.split("<table", -1)).as("figures and log").hasSize(3);
        for (String csv : List.of("load.csv", "supervise.csv", "supervise-log.csv")) {
            assertThat(report.resolve(csv)).as(csv).isNotEmptyFile();
        }
        JsonNode root = new ObjectMapper().readTree(Files.readString(report.resolve("results.json")));
        int loadKinds = ReportPlan.loadAt(200, 1).kinds().size(); // 5 JVM kinds, and BEAM here when Erlang is installed
        assertThat(root.get("load").get("rows").size()).isEqualTo(loadKinds * 2); // loops 0 and 2 x processors
        assertThat(root.get("load").get("spec").get("rounds").asInt()).isEqualTo(100);
        assertThat(root.get("load").get("spec").get("vms").asInt()).as("the load rows take --forks VMs").isEqualTo(ReportPlan.DEFAULT_FORKS);
        assertThat(root.get("load").get("rows").get(0).get("vms").size()).isEqualTo(ReportPlan.DEFAULT_FORKS);
        assertThat(root.get("supervise").get("gaveUp").asBoolean()).isTrue();
        assertThat(root.get("supervise").get("log").size()).isPositive();
        assertThat(output).contains("load " + loadKinds + " kinds", "supervise ", "gave up (as expected)");
    }

    @Test
    void onlyIncludesOrLeavesOutLoadAndSupervise() {
        assertThat(ReportPlan.at(200, java.util.Set.of("spawn"), List.of(dev.loomlab.experiment.Kind.VIRTUAL), Duration.ofMinutes(1)))
                .satisfies(p -> assertThat(p.load()).isNull())
                .satisfies(p -> assertThat(p.supervise()).isFalse());
        ReportPlan extras = ReportPlan.at(200, java.util.Set.of("load", "supervise"), List.of(dev.loomlab.experiment.Kind.VIRTUAL),
                Duration.ofMinutes(1));
        assertThat(extras.entries()).isEmpty();
        assertThat(extras.load()).isNotNull();
        assertThat(extras.supervise()).isTrue();
        assertThat(extras.runnable()).isEqualTo(2);
        assertThat(ReportPlan.loadAt(200_000, 1).rounds()).isGreaterThan(ReportPlan.loadAt(200, 1).rounds());
    }

    @Test
    void aFailedLoadIsMarkedAndTheReportGoesOn() throws Exception {
        Path out = dir.resolve("load-failed");
        ReportPlan plan = new ReportPlan(List.of(), ReportPlan.loadAt(200, 1), true);
        ExtraRuns.LoadRun broken = (spec, progress) -> {
            throw new IllegalStateException("no child JVM could start");
        };

        ResultsFile results = Report.run(plan, out, "broken", 200, Progress.SILENT, broken);

        assertThat(results.extras().loadFailure()).contains("no child JVM could start");
        assertThat(results.extras().supervise()).as("supervise ran after it").isNotNull();
        assertThat(Files.readString(out.resolve("index.html"))).contains("<h2>load</h2>", "class=\"failed\"",
                "no child JVM could start", "<h2>supervise</h2>");
        JsonNode root = new ObjectMapper().readTree(Files.readString(out.resolve("results.json")));
        assertThat(root.get("load").get("failed").asText()).contains("no child JVM could start");
        assertThat(root.has("supervise")).isTrue();
        assertThat(ResultsFile.read(out.resolve("results.json")).rows()).isEmpty();
    }

    @Test
    void aFailedRunIsMarkedAndTheReportGoesOn() throws Exception {
        Path out = dir.resolve("partial");
        ExperimentSpec tooShort = ExperimentSpec.of("pingpong", 200).withDeadline(Duration.ofMillis(1));
        ExperimentSpec fine = ExperimentSpec.of("spawn", 200);
        ReportPlan plan = new ReportPlan(List.of(new ReportPlan.Entry(tooShort, null), new ReportPlan.Entry(fine, null)));

        ResultsFile results = Report.run(plan, out, "partial", 200, Progress.SILENT);

        assertThat(results.rows()).hasSize(2);
        assertThat(results.rows().get(0).isFailed()).isTrue();
        assertThat(results.rows().get(0).outcome()).contains("killed at its deadline");
        assertThat(results.rows().get(1).isOk()).isTrue();
        assertThat(Files.readString(out.resolve("index.html"))).contains("class=\"failed\"", "killed at its deadline");
        assertThat(ResultsFile.read(out.resolve("results.json")).rows()).hasSize(2);
    }
}
