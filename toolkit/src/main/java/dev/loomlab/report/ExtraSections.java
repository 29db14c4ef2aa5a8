package dev.loomlab.report;

import dev.loomlab.display.Charts;

import dev.loomlab.display.Tables;

import dev.loomlab.load.LoadResult;
import dev.loomlab.supervise.SupervisionReport;
import java.nio.file.Path;
import tech.tablesaw.api.Table;

/**
 * The page's sections for {@code load} and {@code supervise}: each result's own tables (and, for
 * load, its chart embedded as a PNG) with a CSV per table ({@code load.csv}, {@code supervise.csv},
 * {@code supervise-log.csv}), or the marked reason it failed. Nothing for what did not run.
 */
final class ExtraSections {

    private ExtraSections() {}

    static void write(HtmlPage page, Path dir, ReportExtras extras) {
        if (extras.load() != null || extras.loadFailure() != null) {
            page.heading(2, "load");
            if (extras.load() != null) {
                load(page, dir, extras.load());
            } else {
                page.failure("load: " + extras.loadFailure());
            }
        }
        if (extras.supervise() != null || extras.superviseFailure() != null) {
            page.heading(2, "supervise");
            if (extras.supervise() != null) {
                supervise(page, dir, extras.supervise());
            } else {
                page.failure("supervise: " + extras.superviseFailure());
            }
        }
    }

    private static void load(HtmlPage page, Path dir, LoadResult result) {
        Table table = Tables.from(result.grid());
        page.table(table);
        ReportFiles.writeCsv(dir.resolve("load.csv"), table);
        try {
            var chart = Charts.of(result.plot());
            page.image(chart.getTitle(), ExperimentChart.pngBase64(chart));
        } catch (RuntimeException | LinkageError | InternalError | java.awt.AWTError e) { // as for the other charts
            page.failure("the chart could not be drawn: " + e);
        }
        result.notes().forEach(page::note);
    }

    private static void supervise(HtmlPage page, Path dir, SupervisionReport result) {
        Table table = Tables.from(result.grid());
        Table log = Tables.from(result.logGrid());
        page.table(table);
        page.table(log);
        ReportFiles.writeCsv(dir.resolve("supervise.csv"), table);
        ReportFiles.writeCsv(dir.resolve("supervise-log.csv"), log);
        result.notes().forEach(page::note);
    }
}
