package dev.loomlab.experiment;

import dev.loomlab.display.Displayable;
import dev.loomlab.measure.Env;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The result of an experiment: what was measured, where, every run, and the summary figures.
 * Prints as a table in jshell, shows as one in a notebook ({@link #toTable()}, with the published
 * BEAM figure and the ratio beside ours), and round-trips through JSON ({@link MeasurementJson}).
 *
 * <p>Metric names are the CLI's JSON names: {@code bytesPerProcess}, {@code rssBytesPerProcess},
 * {@code nsPerSpawn} (spawn, hibernate), {@code nsPerHop} (ring), {@code nsPerMessage}
 * (broadcast), {@code roundTripNsP50}, {@code roundTripNsP99} (pingpong), and others per experiment.
 *
 * @param experiment the experiment's name
 * @param kind       what ran it ("process", "virtual", "platform", ...)
 * @param n          its size
 * @param m          its second size, 0 where unused
 * @param env        the JVM it ran in
 * @param outcome    "ok", or what stopped it: "starved", "out of memory", "failed: ..."
 * @param summaryOf  which runs {@link #metrics} summarizes, in words
 * @param metrics    the summary: the only run, or the median of the warm runs
 * @param runs       every run, the first marked cold
 * @param notes      what the numbers include and how they were read
 */
public record Measurement(String experiment, String kind, long n, long m, Env env, String outcome,
                          String summaryOf, Map<String, Double> metrics, List<Run> runs,
                          List<String> notes) implements Displayable {

    public Measurement {
        metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
        runs = List.copyOf(runs);
        notes = List.copyOf(notes);
    }

    /** Builds the summary from the runs: the single run, or the median of runs 2..K. */
    public static Measurement of(ExperimentSpec spec, Env env, List<Run> runs, List<String> notes) {
        Map<String, Double> summary;
        String summaryOf;
        if (runs.size() == 1) {
            summary = runs.get(0).metrics();
            summaryOf = "the only run (cold: the JIT had not warmed up)";
        } else {
            List<Run> warm = runs.subList(1, runs.size());
            summary = new LinkedHashMap<>();
            for (String name : runs.get(0).metrics().keySet()) {
                summary.put(name, median(warm.stream().mapToDouble(r -> r.metric(name)).toArray()));
            }
            summaryOf = "the median of the warm runs 2 to " + runs.size() + " (run 1 was cold)";
        }
        return new Measurement(spec.experiment(), spec.kind().label(), spec.n(), spec.m(), env, OK,
                summaryOf, summary, runs, notes);
    }

    /** The outcome of a row that ran and produced its metrics. */
    public static final String OK = "ok";
    /** The start of the outcome of a spec refused before anything started (above the cap, invalid). */
    public static final String NOT_RUN = "not run";

    /**
     * A row for a spec that produced no metrics: its outcome says what stopped it ("out of memory:
     * ...", "killed at its deadline: ...", "failed: ...", "not run: ..."). Every metric reads NaN;
     * the environment is the parent's, since the child's never came back.
     */
    public static Measurement failed(ExperimentSpec spec, String outcome) {
        return new Measurement(spec.experiment(), spec.kind().label(), spec.n(), spec.m(), Env.current(), outcome,
                "no run", Map.of(), List.of(), List.of());
    }

    /** True when the run produced its metrics. */
    public boolean ok() {
        return OK.equals(outcome);
    }

    /** A summary metric, or NaN if there is none by that name. */
    public double metric(String name) {
        return metrics.getOrDefault(name, Double.NaN);
    }

    /** {@code bytesPerProcess}, for jshell convenience. */
    public double bytesPerProcess() {
        return metric("bytesPerProcess");
    }

    /** {@code nsPerSpawn}, for jshell convenience. */
    public double nsPerSpawn() {
        return metric("nsPerSpawn");
    }

    /** The published BEAM figure for a metric at this size, if there is one. */
    public Optional<PublishedFigure> published(String metric) {
        return PublishedFigures.beside(experiment, metric, n, m == 0 ? null : m);
    }

    /** The summary metrics beside the published BEAM figures, with the ratio ours / theirs. */
    @Override
    public Table toTable() {
        StringColumn metric = StringColumn.create("metric");
        DoubleColumn ours = DoubleColumn.create("JVM (" + kind + ")");
        DoubleColumn theirs = DoubleColumn.create("BEAM published");
        DoubleColumn ratio = DoubleColumn.create("JVM / BEAM");
        StringColumn source = StringColumn.create("published at, source");
        for (Map.Entry<String, Double> e : metrics.entrySet()) {
            metric.append(e.getKey());
            ours.append(round(e.getValue()));
            Optional<PublishedFigure> p = published(e.getKey());
            if (p.isPresent()) {
                theirs.append(p.get().value());
                ratio.append(Math.round(e.getValue() / p.get().value() * 100) / 100.0);
                source.append((p.get().n() == null ? "" : String.format("n=%,d; ", p.get().n())) + p.get().source()
                        + (p.get().note().isEmpty() ? "" : "; " + p.get().note()));
            } else {
                theirs.appendMissing();
                ratio.appendMissing();
                source.append("");
            }
        }
        String title = String.format("%s, %s, n = %,d%s — %s%s", experiment, kind, n, m == 0 ? "" : ", m = " + m,
                outcome, "ok".equals(outcome) ? "; " + summaryOf : "");
        return Table.create(title, metric, ours, theirs, ratio, source);
    }

    /** The summary beside the published figures, then every run when there were several. */
    @Override
    public List<Table> tables() {
        return runs.size() > 1 ? List.of(toTable(), runsTable()) : List.of(toTable());
    }

    /** Every run, one row each, the cold one marked. */
    public Table runsTable() {
        IntColumn index = IntColumn.create("run");
        BooleanColumn cold = BooleanColumn.create("cold");
        List<DoubleColumn> columns = new ArrayList<>();
        List<String> names = runs.isEmpty() ? List.of() : new ArrayList<>(runs.get(0).metrics().keySet());
        for (String name : names) {
            columns.add(DoubleColumn.create(name));
        }
        for (Run run : runs) {
            index.append(run.index());
            cold.append(run.cold());
            for (int i = 0; i < names.size(); i++) {
                columns.get(i).append(round(run.metric(names.get(i))));
            }
        }
        Table table = Table.create(experiment + " " + kind + " runs in one JVM", index, cold);
        columns.forEach(table::addColumns);
        return table;
    }

    /** The JSON the CLI prints with {@code --json}. */
    public String toJson() {
        return MeasurementJson.write(this);
    }

    /** Reads what {@link #toJson()} wrote. */
    public static Measurement fromJson(String json) {
        return MeasurementJson.read(json);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(toTable().printAll());
        if (runs.size() > 1) {
            text.append('\n').append(runsTable().printAll());
        }
        for (String note : notes) {
            text.append("\n  note: ").append(note);
        }
        return text.toString();
    }

    static double round(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return value;
        }
        return Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 100) / 100.0;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
