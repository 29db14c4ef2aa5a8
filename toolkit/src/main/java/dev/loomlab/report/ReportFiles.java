package dev.loomlab.report;

import dev.loomlab.display.Tables;
import dev.loomlab.util.AtomicFiles;
import dev.loomlab.published.PublishedFigures;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tech.tablesaw.api.Table;

/**
 * Writes a report's files into one directory, each atomically: {@code results.json}, one CSV per
 * table ({@code environment.csv}, {@code runs.csv}, {@code <experiment>.csv}, and those of load
 * and supervise, see {@link ExtraSections}) and
 * {@code index.html}, which holds every table and every chart in one offline file.
 */
public final class ReportFiles {

    private ReportFiles() {}

    /** Writes everything; returns the page. */
    public static Path write(Path dir, ResultsFile results) {
        results.write(dir.resolve("results.json"));
        List<MachineTable.Source> sources = List.of(new MachineTable.Source(results.label(), results.rows()));
        HtmlPage page = new HtmlPage("loomlab report: " + results.label());
        page.paragraph("Every measurement of the toolkit at a cap of " + String.format("%,d", results.cap())
                + " processes, each in a fresh JVM, beside the figures the articles published for BEAM. "
                + "Started " + results.createdAt() + " with toolkit " + results.toolkitVersion()
                + (results.complete() ? "." : "; the report did not finish, so some experiments are missing."));
        page.note("These numbers are data about one machine on one day. Compare shapes and ratios "
                + "(process against virtual threads, JVM against BEAM) rather than absolutes; BEAM's figures "
                + "come from other machines (see the source column).");

        page.heading(2, "Environment");
        Table env = Tables.from(results.env().grid()).setName("Environment of the JVM that ran the report");
        page.table(env);
        results.rows().stream().filter(ReportRow::isOk).findFirst().ifPresent(r ->
                page.table(Tables.from(r.measurement().env().grid()).setName("Environment of a child JVM (" + r.describe() + ")")));
        writeCsv(dir.resolve("environment.csv"), env);

        page.heading(2, "Runs");
        Table runs = runs(results.rows());
        page.table(runs);
        writeCsv(dir.resolve("runs.csv"), runs);

        for (String experiment : experiments(results.rows())) {
            section(page, dir, experiment, sources);
        }
        ExtraSections.write(page, dir, results.extras());
        page.heading(2, "Sources of the published figures");
        page.list(PublishedFigures.all().stream().map(f -> f.source()).distinct()
                .map(s -> s + ": " + PublishedFigures.sourceTitle(s)).toList());
        Path index = dir.resolve("index.html");
        AtomicFiles.write(index, page.render());
        return index;
    }

    /** One experiment: its table beside the published figures, its chart, its notes and failures. */
    static void section(HtmlPage page, Path csvDir, String experiment, List<MachineTable.Source> sources) {
        page.heading(2, experiment);
        Table table = MachineTable.of(experiment, sources);
        if (table.rowCount() > 0) {
            page.table(table);
            if (csvDir != null) {
                writeCsv(csvDir.resolve(experiment + ".csv"), table);
            }
            try {
                ExperimentChart.of(experiment, sources).ifPresent(chart -> page.image(chart.getTitle(), ExperimentChart.pngBase64(chart)));
            } catch (RuntimeException | LinkageError | InternalError | java.awt.AWTError e) { // a chart that cannot be drawn (no fonts, odd data) must not lose the report
                page.failure("the chart could not be drawn: " + e);
            }
        }
        Set<String> notes = new LinkedHashSet<>();
        List<String> problems = new ArrayList<>();
        for (MachineTable.Source source : sources) {
            for (ReportRow row : source.rows()) {
                if (!row.experiment().equals(experiment)) {
                    continue;
                }
                String who = (sources.size() > 1 ? source.label() + ": " : "") + row.describe() + ": " + row.outcome();
                if (row.isOk()) {
                    notes.addAll(row.measurement().notes());
                } else if (row.isSkipped()) {
                    notes.add(who);
                } else {
                    problems.add(who);
                }
            }
        }
        problems.forEach(page::failure);
        notes.forEach(page::note);
    }

    /** Every row: what ran, how it ended, how long its JVM took. */
    static Table runs(List<ReportRow> rows) {
        return Tables.of("Runs, each in a fresh JVM", rows)
                .text("experiment", ReportRow::experiment)
                .text("kind", ReportRow::kind)
                .text("n", row -> String.format("%,d", row.n()) + (row.m() == 0 ? "" : " x " + row.m()))
                .text("outcome", ReportRow::outcome)
                .number("seconds", row -> row.elapsedMillis() == 0 ? Double.NaN : row.elapsedMillis() / 1000.0)
                .build();
    }

    /** The experiments in these rows, in order of first appearance. */
    static List<String> experiments(List<ReportRow> rows) {
        return rows.stream().map(ReportRow::experiment).distinct().toList();
    }

    static void writeCsv(Path file, Table table) {
        StringWriter csv = new StringWriter();
        table.write().csv(csv);
        AtomicFiles.write(file, csv.toString());
    }
}
