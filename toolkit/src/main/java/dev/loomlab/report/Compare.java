package dev.loomlab.report;

import dev.loomlab.display.Tables;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Verdict;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Merges several machines' {@code results.json} (a workshop's participants) into one table per
 * experiment, one column per machine, with the published figures beside them. A file that
 * cannot be read, or that comes from another schema version, is refused with the reason and
 * left out; rows it cannot read are left out with a note. Nothing is averaged across machines.
 *
 * @param files   the files merged, in the order given
 * @param refused one line per file left out: which and why
 */
public record Compare(List<ResultsFile> files, List<String> refused) {

    public Compare {
        files = List.copyOf(files);
        refused = List.copyOf(refused);
    }

    /** Reads every file; a bad one is refused, not fatal. */
    public static Compare load(List<Path> paths) {
        List<ResultsFile> files = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        for (Path path : paths) {
            try {
                files.add(ResultsFile.read(path));
                names.add(path.getFileName().toString());
            } catch (IllegalArgumentException e) {
                refused.add("refused " + e.getMessage());
            }
        }
        return merge(files, names, refused);
    }

    /**
     * Merges files already read (the workshop's stored results). A label that appears twice gets
     * its file's name as a suffix, so that every machine keeps its own column.
     *
     * @param names   one name per file, for those suffixes
     * @param refused lines about files left out, shown with the comparison
     */
    public static Compare merge(List<ResultsFile> files, List<String> names, List<String> refused) {
        List<ResultsFile> merged = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        for (int i = 0; i < files.size(); i++) {
            ResultsFile file = files.get(i);
            String label = file.label();
            if (!labels.add(label)) {
                label = label + " (" + names.get(i) + ")";
                labels.add(label);
            }
            merged.add(label.equals(file.label()) ? file : file.withLabel(label));
        }
        return new Compare(merged, refused);
    }

    /** Notes on rows left out of files that were otherwise merged, and on caps that differ. */
    public List<String> notes() {
        List<String> notes = new ArrayList<>(files.stream().flatMap(f -> f.notes().stream()).toList());
        Set<Integer> caps = new java.util.TreeSet<>(files.stream().map(ResultsFile::cap).toList());
        if (caps.size() > 1) {
            notes.add("the machines ran at different caps " + caps + ": their rows line up only where n is equal; "
                    + "ask everyone to run ./loomlab report with the same --cap");
        }
        List<String> incomplete = files.stream().filter(f -> !f.complete()).map(ResultsFile::label).toList();
        if (!incomplete.isEmpty()) {
            notes.add("these reports did not finish, so some of their rows are missing: " + String.join(", ", incomplete));
        }
        return notes;
    }

    /** One source per machine, for {@link MachineTable} and {@link ExperimentChart}. */
    public List<MachineTable.Source> sources() {
        return files.stream().map(f -> new MachineTable.Source(f.label(), f.rows())).toList();
    }

    /** Every experiment any machine ran, in order of first appearance. */
    public List<String> experiments() {
        Set<String> names = new LinkedHashSet<>();
        files.forEach(f -> names.addAll(ReportFiles.experiments(f.rows())));
        return List.copyOf(names);
    }

    /** One table per experiment, one column per machine. */
    public List<Table> tables() {
        return experiments().stream().map(e -> MachineTable.of(e, sources())).toList();
    }

    /** The marks (cold runs, ...) on each machine's rows of {@code experiment}; see {@link RunMarks}. */
    public List<RunMarks.Mark> marks(String experiment) {
        return files.stream().flatMap(f -> RunMarks.of(f.label(), experiment, f.rows()).stream()).toList();
    }

    /**
     * What the figures of {@code experiment} allow to say between machines: for its headline
     * metric, every other machine against the first one given, on each row both measured, through
     * {@link Verdict#compareMachines}: "faster" or "slower" only when the intervals across their
     * fresh VMs do not overlap, and no winner where a side is one VM's. Empty with one machine.
     */
    public List<String> verdicts(String experiment) {
        Optional<String> metric = ExperimentChart.headline(experiment, sources());
        if (files.size() < 2 || metric.isEmpty()) {
            return List.of();
        }
        ResultsFile reference = files.get(0);
        List<String> lines = new ArrayList<>();
        for (ReportRow row : reference.rows()) {
            Measurement theirs = row.measurement();
            if (!row.experiment().equals(experiment) || theirs == null || Double.isNaN(theirs.metric(metric.get()))) {
                continue;
            }
            for (ResultsFile other : files.subList(1, files.size())) {
                other.rows().stream()
                        .filter(r -> r.experiment().equals(experiment) && r.kind().equals(row.kind()) && r.n() == row.n() && r.m() == row.m())
                        .map(ReportRow::measurement)
                        .filter(ours -> ours != null && !Double.isNaN(ours.metric(metric.get())))
                        .findFirst()
                        .ifPresent(ours -> lines.add(row.describe() + ", " + metric.get() + ": " + Verdict.compareMachines(metric.get(),
                                theirs.interval(metric.get()), theirs.vms(), reference.label(), ours.interval(metric.get()), ours.vms(),
                                other.label())));
            }
        }
        return lines;
    }

    /**
     * Every experiment's table in one, an {@code experiment} column first: the merged CSV. Rows of
     * an experiment a machine did not run are empty in its column.
     */
    public Table merged() {
        Table all = null;
        for (Table table : tables()) {
            Table copy = table.copy();
            copy.insertColumn(0, StringColumn.create("experiment", java.util.Collections.nCopies(copy.rowCount(), table.name())));
            if (all == null) {
                all = copy.setName("loomlab compare: every experiment");
            } else {
                all.append(copy);
            }
        }
        return all != null ? all : Table.create("loomlab compare: every experiment", StringColumn.create("experiment"));
    }

    /** {@link #merged()} as CSV text. */
    public String mergedCsv() {
        java.io.StringWriter csv = new java.io.StringWriter();
        merged().write().csv(csv);
        return csv.toString();
    }

    /** The settings of every machine side by side: JDK, GC, heap, processors, cap, toolkit. */
    public Table machines() {
        StringColumn setting = StringColumn.create("setting");
        List<StringColumn> columns = new ArrayList<>();
        for (ResultsFile f : files) {
            Table env = Tables.from(f.env().grid());
            if (setting.isEmpty()) {
                setting.append(env.stringColumn(0));
                setting.append("report cap").append("toolkit").append("started").append("complete");
            }
            StringColumn column = StringColumn.create(f.label());
            column.append(env.stringColumn(1));
            column.append(String.format("%,d", f.cap())).append(f.toolkitVersion()).append(f.createdAt())
                    .append(f.complete() ? "yes" : "no (stopped early)");
            columns.add(column);
        }
        Table table = Table.create("Machines", setting);
        columns.forEach(table::addColumns);
        return table;
    }

    /** The whole comparison as one offline HTML page: machines, then each experiment's table and chart. */
    public String html() {
        return html("loomlab compare: " + files.size() + " machines", List.of());
    }

    /** The same page under another title (the workshop's). */
    public String html(String title) {
        return html(title, List.of());
    }

    /** The same, with more tables and their verdicts at the end (load and supervise, side by side: {@link ExtraComparison}). */
    public String html(List<ExtraComparison.Part> more) {
        return html("loomlab compare: " + files.size() + " machines", more);
    }

    /** The page under {@code title}, with {@code more} tables and their verdicts at the end. */
    public String html(String title, List<ExtraComparison.Part> more) {
        HtmlPage page = new HtmlPage(title);
        page.note("Each column is one machine's report; nothing is averaged. Compare shapes and ratios: "
                + "machines differ in cores, memory and load, and BEAM's figures come from the articles' machines. "
                + "A verdict calls one machine faster only where their 95% intervals across fresh VMs do not overlap.");
        refused.forEach(page::failure);
        notes().forEach(page::note);
        page.heading(2, "Machines");
        page.table(machines());
        for (String experiment : experiments()) {
            ReportFiles.section(page, null, experiment, sources());
            marks(experiment).forEach(m -> page.note(m.line()));
            verdicts(experiment).forEach(v -> page.note("verdict: " + v));
        }
        for (ExtraComparison.Part part : more) {
            page.heading(2, part.table().name());
            page.table(part.table());
            part.verdicts().forEach(v -> page.note("verdict: " + v));
        }
        return page.render();
    }
}
