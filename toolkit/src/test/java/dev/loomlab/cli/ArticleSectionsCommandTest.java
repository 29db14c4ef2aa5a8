package dev.loomlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.NoLeaks;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The commands of the articles' missing sections: their bad input, and small runs in JSON. */
@ExtendWith(NoLeaks.class)
class ArticleSectionsCommandTest extends CliTestSupport {

    @Test
    void gcPausesWithAnUnknownCollectorIsAUsageErrorNamingThoseThatExist() {
        assertThat(run("gc-pauses", "--gc", "g1,cms", "--n", "100")).isEqualTo(LoomlabCommand.USAGE);
        assertThat(err.toString().lines().findFirst()).get().asString()
                .startsWith("loomlab: unknown garbage collector \"cms\"").contains("g1, zgc, serial");
    }

    @Test
    void gcPausesAboveTheCapSaysHowToLiftIt() {
        assertThat(run("gc-pauses", "--n", "5000", "--cap", "1000")).isEqualTo(LoomlabCommand.USAGE);
        assertThat(err.toString()).contains("above the cap").contains("--no-cap");
    }

    @Test
    void gcPausesPrintsOneJsonObjectWithARowPerCollectorAndNAndDrawsItsChartWhenAsked(@TempDir Path dir) throws Exception {
        Path chart = dir.resolve("pauses.png");
        assertThat(run("gc-pauses", "--gc", "serial", "--n", "100", "--seconds", "300ms", "--warmup", "100ms",
                "--rate", "10000", "--json", "--chart", chart.toString())).as(err.toString()).isZero();
        String json = out.toString().trim();
        assertThat(json).startsWith("{").endsWith("}");
        assertThat(json).contains("\"collector\" : \"serial\"").contains("\"pause max µs\"").contains("\"RT p99 µs\"");
        assertThat(err.toString()).contains("loomlab: chart written to " + chart);
        assertThat(Files.readAllBytes(chart)).startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
    }

    @Test
    void aNarrowedTablePrintsNarrowWithALineNamingTheRestAndEveryColumnWithDetails() {
        String[] small = {"gc-pauses", "--gc", "serial", "--n", "100", "--seconds", "300ms", "--warmup", "100ms", "--rate", "10000"};
        assertThat(run(small)).as(err.toString()).isZero();
        assertThat(out.toString()).contains("GC pauses while N processes churn", "more columns in .details() (--details on the command line): ")
                .doesNotContain("| RT p50 µs  |"); // a column of the details, named on that line only
        out.getBuffer().setLength(0);
        String[] everyColumn = java.util.Arrays.copyOf(small, small.length + 1);
        everyColumn[small.length] = "--details";
        assertThat(run(everyColumn)).as(err.toString()).isZero();
        assertThat(out.toString()).contains("GC pauses while N processes churn", "| RT p50 µs  |").doesNotContain("more columns in .details()");
    }

    @Test
    void aChartAskedOfASectionWithoutOneIsAUsageError(@TempDir Path dir) {
        assertThat(run("process-limit", "10000000", "--chart", dir.resolve("none.png").toString())).isEqualTo(LoomlabCommand.USAGE);
        assertThat(err.toString()).contains("loomlab: process-limit draws no chart, so --chart ");
        assertThat(dir.resolve("none.png")).doesNotExist();
    }

    @Test
    void dirtyCallWithAnUnknownSiteIsAUsageError() {
        assertThat(run("dirty-call", "--site", "dirty")).isEqualTo(LoomlabCommand.USAGE);
        assertThat(err.toString()).startsWith("loomlab: unknown call site \"dirty\"");
    }

    @Test
    void millionsAboveTheCapAsksForTheCapToBeLiftedOnPurpose() {
        assertThat(run("millions", "--n", "1000000")).isEqualTo(LoomlabCommand.USAGE);
        assertThat(err.toString()).contains("above the cap").contains("--no-cap");
    }

    @Test
    void processLimitShowsBeamsRoundingInJson() {
        assertThat(run("process-limit", "10000000", "--json")).isZero();
        assertThat(out.toString()).contains("\"BEAM runs with\" : \"16,777,216\"").contains("\"the toolkit runs with\" : \"10,000,000\"");
    }
}
