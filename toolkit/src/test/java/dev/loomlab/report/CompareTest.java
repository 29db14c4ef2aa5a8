package dev.loomlab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.cli.LoomlabCommand;
import dev.loomlab.measure.Cap;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Compare on two real reports from two "machines", and on files it must refuse. */
class CompareTest {

    @TempDir
    static Path dir;
    static Path alice;
    static Path bob;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void twoMachinesReport() {
        alice = report("alice", "--only", "spawn,ring", "--kinds", "process,virtual,beam");
        bob = report("bob", "--only", "spawn,pingpong", "--kinds", "process,beam");
    }

    @AfterAll
    static void restoreCap() {
        Cap.set(Cap.DEFAULT);
    }

    private static Path report(String label, String... more) {
        Path out = dir.resolve(label);
        var cli = LoomlabCommand.commandLine();
        StringWriter sink = new StringWriter();
        cli.setOut(new PrintWriter(sink, true));
        cli.setErr(new PrintWriter(sink, true));
        List<String> args = new ArrayList<>(List.of("report", "--cap", "200", "--out", out.toString(), "--label", label));
        args.addAll(List.of(more));
        assertThat(cli.execute(args.toArray(String[]::new))).as(sink.toString()).isZero();
        return out.resolve("results.json");
    }

    private int compare(String... args) {
        var cli = LoomlabCommand.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        String[] all = new String[args.length + 1];
        all[0] = "compare";
        System.arraycopy(args, 0, all, 1, args.length);
        return cli.execute(all);
    }

    @Test
    void twoMachinesAreMergedOneColumnEachBesideThePublishedFigures() throws Exception {
        Path html = dir.resolve("compare.html");
        assertThat(compare(alice.toString(), bob.toString(), "--html", html.toString())).as(err.toString()).isZero();
        assertThat(out.toString()).contains("Machines", "alice", "bob", "BEAM published", "spawn", "ring", "pingpong");
        // both spawned in one VM each: the verdict names no winner
        assertThat(out.toString()).contains("  verdict: spawn process n=200, ").contains("each measured in one VM: no interval to say which is");
        Compare merged = Compare.load(List.of(alice, bob));
        var spawn = merged.tables().get(merged.experiments().indexOf("spawn"));
        assertThat(spawn.columnNames()).containsSubsequence("kind", "n", "metric", "alice", "bob", "BEAM published");
        int row = spawn.stringColumn("metric").indexOf("bytesPerProcess");
        assertThat(spawn.doubleColumn("alice").get(row)).isPositive();
        assertThat(spawn.doubleColumn("bob").get(row)).isPositive();
        String page = Files.readString(html);
        assertThat(page).contains("<h2>spawn</h2>", "<h2>ring</h2>", "<h2>pingpong</h2>", "alice", "bob");
        assertThat(page.split("data:image/png;base64,", -1)).as("one chart per experiment").hasSize(4);
    }

    @Test
    void theMergedCsvHoldsEveryExperimentAndMarksArePrinted() throws Exception {
        Path csv = dir.resolve("compare.csv");
        assertThat(compare(alice.toString(), bob.toString(), "--csv", csv.toString())).as(err.toString()).isZero();
        List<String> lines = Files.readAllLines(csv);
        // both ran a forked experiment (ring, pingpong): each has its interval column
        assertThat(lines.get(0)).startsWith("experiment,kind,n,metric,alice,alice 95% interval,bob,bob 95% interval,BEAM published");
        assertThat(lines).anyMatch(l -> l.startsWith("spawn,process")).anyMatch(l -> l.startsWith("ring,virtual"))
                .anyMatch(l -> l.startsWith("pingpong,process"));
        // whatever marks the two files carry (not steady, busy machine, cold) are printed, each on its own line
        Compare merged = Compare.load(List.of(alice, bob));
        for (String experiment : merged.experiments()) {
            for (RunMarks.Mark mark : merged.marks(experiment)) {
                assertThat(out.toString()).contains("mark: " + mark.line());
            }
        }
        // only alice ran ring: no mark of ring can name bob
        assertThat(merged.marks("ring")).extracting(RunMarks.Mark::machine).doesNotContain("bob");
    }

    @Test
    void beamHereRowsAreShownPerMachine() {
        org.junit.jupiter.api.Assumptions.assumeTrue(dev.loomlab.beam.Erlang.installed().isPresent(),
                dev.loomlab.beam.Erlang::missing);
        Compare merged = Compare.load(List.of(alice, bob));
        var spawn = merged.tables().get(merged.experiments().indexOf("spawn"));
        int row = -1;
        for (int i = 0; i < spawn.rowCount(); i++) {
            if (spawn.stringColumn("kind").get(i).equals("beam") && spawn.stringColumn("metric").get(i).equals("bytesPerProcess")) {
                row = i;
            }
        }
        assertThat(row).as("a BEAM here row for bytesPerProcess").isNotNegative();
        assertThat(spawn.doubleColumn("alice").get(row)).isPositive();
        assertThat(spawn.doubleColumn("bob").get(row)).isPositive();
    }

    @Test
    void aFileFromAnotherSchemaOrNotAResultsFileIsRefusedWithTheReason() throws Exception {
        Path future = dir.resolve("future.json");
        Files.writeString(future, Files.readString(alice).replaceFirst("\"schemaVersion\" : 2", "\"schemaVersion\" : 99"));
        Path garbage = dir.resolve("garbage.json");
        Files.writeString(garbage, "this is not json {");
        Path missing = dir.resolve("missing.json");
        Path single = dir.resolve("single.json");
        Files.writeString(single, "{\"schemaVersion\": 2, \"experiment\": \"spawn\", \"kind\": \"process\", \"n\": 10}");

        assertThat(compare(alice.toString(), future.toString(), garbage.toString(), single.toString(), missing.toString())).isZero();
        assertThat(err.toString()).contains("refused " + future, "schema version 99", "rerun ./loomlab report",
                "refused " + garbage, "not JSON", "refused " + single, "lacks the field \"label\"",
                "refused " + missing + " does not exist: give the results.json that ./loomlab report wrote");
        assertThat(out.toString()).contains("alice");

        err.getBuffer().setLength(0);
        assertThat(compare(garbage.toString())).isEqualTo(LoomlabCommand.USAGE);
        assertThat(err.toString()).contains("no file could be merged");
    }

    @Test
    void aRowThatCannotBeReadIsLeftOutWithANote() throws Exception {
        Path odd = dir.resolve("odd.json");
        String json = Files.readString(bob);
        int at = json.indexOf("\"measurement\"");
        int version = json.indexOf("\"schemaVersion\" : 2", at);
        Files.writeString(odd, json.substring(0, version) + "\"schemaVersion\" : 7" + json.substring(version + 19));

        ResultsFile file = ResultsFile.read(odd);
        assertThat(file.notes()).singleElement().asString().contains("row 1 left out", "schema version 7");
        assertThat(file.rows()).hasSize(ResultsFile.read(bob).rows().size() - 1);
    }
}
