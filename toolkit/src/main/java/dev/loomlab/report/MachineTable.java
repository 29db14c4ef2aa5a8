package dev.loomlab.report;

import dev.loomlab.display.Figures;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
import dev.loomlab.view.Grid;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * One experiment's table: a row per kind, size and metric; a column of values per source (this
 * machine in a report, each participant's machine in a compare); then the published BEAM
 * figure for the same metric at the nearest size, and where it comes from. With one source it
 * also shows the ratio JVM / BEAM. Rows are matched on kind, n, m and metric, so machines that
 * ran at different caps get separate rows rather than a false comparison. A source with figures
 * summarised over fresh VMs (a report's {@linkplain ReportPlan#FORKED forked} rows) has a column
 * after its figures in every table: the 95% interval and the VMs it is made of, or "one VM"; such
 * a figure is the median of its VMs'.
 */
public final class MachineTable {

    /** The values of one source: a label and its rows of this experiment. */
    public record Source(String label, List<ReportRow> rows) {}

    private record Key(String kind, long n, long m, String metric) {}

    private MachineTable() {}

    /** The table for {@code experiment}; empty (no rows) if no source has a measurement of it. */
    public static Table of(String experiment, List<Source> sources) {
        Set<Key> keys = new LinkedHashSet<>();
        List<Map<Key, Double>> values = new ArrayList<>();
        List<Map<Key, String>> intervals = new ArrayList<>();
        for (Source source : sources) {
            Map<Key, Double> byKey = new LinkedHashMap<>();
            Map<Key, String> intervalByKey = new LinkedHashMap<>();
            for (ReportRow row : source.rows()) {
                if (!row.experiment().equals(experiment) || row.measurement() == null) {
                    continue;
                }
                Measurement m = row.measurement();
                m.metrics().forEach((metric, value) -> {
                    Key key = new Key(m.kind(), m.n(), m.m(), metric);
                    keys.add(key);
                    byKey.put(key, value);
                    intervalByKey.put(key, intervalCell(m, metric));
                });
            }
            values.add(byKey);
            intervals.add(intervalByKey);
        }
        StringColumn kind = StringColumn.create("kind");
        StringColumn size = StringColumn.create("n");
        StringColumn metric = StringColumn.create("metric");
        List<DoubleColumn> columns = new ArrayList<>();
        List<StringColumn> intervalColumns = new ArrayList<>(); // null for a source that measured every row in one VM
        for (int i = 0; i < sources.size(); i++) {
            String name = uniqueName(sources.get(i).label(), i);
            columns.add(DoubleColumn.create(name));
            // decided over all its rows, not this experiment's, so that every table of a source has the same columns (the merged CSV)
            boolean forked = sources.get(i).rows().stream().anyMatch(r -> r.measurement() != null && r.measurement().vms() > 1);
            intervalColumns.add(forked ? StringColumn.create(name + " " + INTERVAL) : null);
        }
        DoubleColumn published = DoubleColumn.create("BEAM published");
        DoubleColumn ratio = DoubleColumn.create("JVM / BEAM");
        StringColumn where = StringColumn.create("published at, source");
        for (Key key : keys) {
            kind.append(key.kind());
            size.append(String.format("%,d", key.n()) + (key.m() == 0 ? "" : " x " + key.m()));
            metric.append(key.metric());
            for (int i = 0; i < sources.size(); i++) {
                columns.get(i).append(Grid.round(values.get(i).getOrDefault(key, Double.NaN)));
                if (intervalColumns.get(i) != null) {
                    intervalColumns.get(i).append(intervals.get(i).getOrDefault(key, ""));
                }
            }
            Optional<PublishedFigure> p = PublishedFigures.beside(experiment, key.metric(), key.n(), key.m() == 0 ? null : key.m());
            published.append(p.map(PublishedFigure::value).orElse(Double.NaN));
            double ours = values.get(0).getOrDefault(key, Double.NaN);
            ratio.append(p.isPresent() ? Grid.round(ours / p.get().value()) : Double.NaN);
            where.append(p.map(MachineTable::describe).orElse(""));
        }
        Table table = Table.create(experiment, kind, size, metric);
        for (int i = 0; i < sources.size(); i++) {
            table.addColumns(columns.get(i));
            if (intervalColumns.get(i) != null) {
                table.addColumns(intervalColumns.get(i));
            }
        }
        table.addColumns(published);
        if (sources.size() == 1) {
            table.addColumns(ratio);
        }
        table.addColumns(where);
        return Figures.apply(table);
    }

    /** The suffix of a source's interval column: "alice 95% interval". */
    public static final String INTERVAL = "95% interval";

    private static final String ONE_VM = "one VM";

    /** "[1,100, 1,300] over 3 VMs" for a figure summarised over fresh VMs, "one VM" for one VM's. */
    public static String intervalCell(Measurement m, String metric) {
        return m.vms() > 1 ? Measurement.intervalText(m.interval(metric)) + " over " + m.vms() + " VMs" : ONE_VM;
    }

    private static String describe(PublishedFigure f) {
        return (f.n() == null ? "" : String.format("n=%,d; ", f.n())) + f.runtime() + "; " + f.source()
                + (f.note().isEmpty() ? "" : "; " + f.note());
    }

    /** Tablesaw refuses two columns of one name: a label that clashes with a fixed column gets a suffix. */
    private static String uniqueName(String label, int index) {
        return switch (label) {
            case "kind", "n", "metric", "BEAM published", "JVM / BEAM", "published at, source" -> label + " (" + (index + 1) + ")";
            default -> label;
        };
    }
}
