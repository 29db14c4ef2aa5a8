package dev.loomlab.experiment;

import dev.loomlab.view.Grid;
import dev.loomlab.view.Tabular;
import dev.loomlab.measure.CrossCoreRoundTrip;
import dev.loomlab.measure.Env;
import dev.loomlab.measure.ForkPolicy;
import dev.loomlab.measure.ForkProtocol;
import dev.loomlab.measure.Interval;
import dev.loomlab.measure.Spread;
import dev.loomlab.measure.SteadyState;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The result of an experiment: what was measured, where, every run, and the summary figures.
 * Prints as a table in jshell, shows as one in a notebook ({@link #grid()}, with the published
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
 * @param metrics    the summary: the median of the measured runs once steady, the last run when
 *                   not steady, or the only (cold) run
 * @param runs       every run, the first marked cold, each with its protocol phase
 * @param notes      what the numbers include and how they were read
 * @param steadiness {@value #STEADY}, {@value #SCATTERED} (steady warm-up, but the measured runs
 *                   disagreed), {@value #NOT_STEADY} (the warm-up budget ran out first) or
 *                   {@value #NOT_CHECKED} (a fixed number of runs), of the metric the protocol
 *                   judged ({@link #judged()}); over several VMs, the least steady of theirs
 * @param spread     per metric, the spread of the runs the summary is made of (over several VMs:
 *                   of the VMs' figures)
 * @param forks      the fresh VMs the summary is made of: {@link Forks#NONE} for one VM; over
 *                   several, {@link #metrics} is the median of the VMs' figures and
 *                   {@link #interval} their 95% interval
 */
public record Measurement(String experiment, String kind, long n, long m, Env env, String outcome,
                          String summaryOf, Map<String, Double> metrics, List<Run> runs,
                          List<String> notes, String steadiness, Map<String, Spread> spread, Forks forks) implements Tabular {

    public static final String STEADY = "steady";
    public static final String SCATTERED = "measured runs disagree";
    public static final String NOT_STEADY = "not steady";
    public static final String NOT_CHECKED = "not checked";
    /** From the most steady to the least: a summary over several VMs takes the last its VMs reached. */
    private static final List<String> STEADINESS_ORDER = List.of(STEADY, NOT_CHECKED, SCATTERED, NOT_STEADY);

    public Measurement {
        metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
        runs = List.copyOf(runs);
        notes = List.copyOf(notes);
        steadiness = steadiness == null ? NOT_CHECKED : steadiness;
        spread = Collections.unmodifiableMap(new LinkedHashMap<>(spread == null ? Map.of() : spread));
        forks = forks == null ? Forks.NONE : forks;
    }

    /** A measurement of one VM. */
    public Measurement(String experiment, String kind, long n, long m, Env env, String outcome, String summaryOf,
                       Map<String, Double> metrics, List<Run> runs, List<String> notes, String steadiness,
                       Map<String, Spread> spread) {
        this(experiment, kind, n, m, env, outcome, summaryOf, metrics, runs, notes, steadiness, spread, Forks.NONE);
    }

    /** A measurement whose steadiness was not checked. */
    public Measurement(String experiment, String kind, long n, long m, Env env, String outcome, String summaryOf,
                       Map<String, Double> metrics, List<Run> runs, List<String> notes) {
        this(experiment, kind, n, m, env, outcome, summaryOf, metrics, runs, notes, NOT_CHECKED, Map.of());
    }

    /** Builds the summary from a fixed number of runs: the single run, or the median of runs 2..K. */
    public static Measurement of(ExperimentSpec spec, Env env, List<Run> runs, List<String> notes) {
        return of(spec, env, runs, NOT_CHECKED, notes);
    }

    /**
     * Builds the summary from runs the warm-up protocol labelled: the median (with its spread) of the
     * measured runs when steady; the last run, labelled, when not steady; the cold run when it is the only one.
     */
    public static Measurement of(ExperimentSpec spec, Env env, List<Run> runs, String steadiness, List<String> notes) {
        List<Run> summarized = runs.stream().filter(Run::measured).toList();
        String on = " on " + judged(runs);
        String summaryOf;
        if (runs.size() == 1) {
            summarized = runs;
            summaryOf = "the only run, cold: the JIT had not warmed up";
        } else if (steadiness.equals(NOT_STEADY)) {
            summarized = runs.subList(runs.size() - 1, runs.size());
            summaryOf = "NOT STEADY" + on + ": the last of " + runs.size() + " runs; the warm-up budget ran out before the runs agreed";
        } else if (steadiness.equals(SCATTERED)) {
            summaryOf = String.format("MEASURED RUNS DISAGREE%s: the median of %d measured runs, after %d warm-up runs (run 1 cold); "
                    + "the warm-up agreed, the measured runs did not", on, summarized.size(), runs.size() - summarized.size());
        } else if (steadiness.equals(STEADY)) {
            summaryOf = String.format("steady%s: the median of %d measured runs, after %d warm-up runs (run 1 cold)",
                    on, summarized.size(), runs.size() - summarized.size());
        } else {
            summaryOf = "the median of runs 2 to " + runs.size() + " (run 1 cold), not checked for steadiness";
        }
        Map<String, Double> summary = new LinkedHashMap<>();
        Map<String, Spread> spread = new LinkedHashMap<>();
        for (String name : runs.get(0).metrics().keySet()) {
            Spread s = Spread.of(summarized.stream().mapToDouble(r -> r.metric(name)).toArray());
            summary.put(name, s.median());
            spread.put(name, s);
        }
        List<String> allNotes = new ArrayList<>(notes);
        if (env.busy()) {
            allNotes.add("taken on a busy machine: " + env.loadWords() + "; timings may be slower and noisier than on a quiet one");
        }
        return new Measurement(spec.experiment(), spec.kind().label(), spec.n(), spec.m(), env, OK,
                summaryOf, summary, runs, allNotes, steadiness, spread);
    }

    /** The steadiness a warm-up protocol's outcome is written as. */
    public static String steadiness(SteadyState.Outcome outcome) {
        return switch (outcome) {
            case STEADY -> STEADY;
            case SCATTERED -> SCATTERED;
            case NOT_STEADY -> NOT_STEADY;
            default -> NOT_CHECKED;
        };
    }

    /**
     * The summary over several fresh VMs, each measured under the warm-up protocol: per metric, the
     * median of the VMs' figures, with their {@linkplain Interval interval}; every run kept, marked
     * with its VM; the steadiness the least steady VM reached.
     *
     * @param vms    the VMs' measurements, in the order they ran, every one {@link #ok()}
     * @param policy the fork policy they ran under
     * @param stop   why no further VM was started
     */
    public static Measurement forked(ExperimentSpec spec, List<Measurement> vms, ForkPolicy policy, ForkProtocol.Stop stop) {
        if (vms.isEmpty() || vms.stream().anyMatch(vm -> !vm.ok())) {
            throw new IllegalArgumentException("a summary over fresh VMs needs VMs that all measured");
        }
        Measurement first = vms.get(0);
        List<Forks.Vm> figures = new ArrayList<>();
        List<Run> runs = new ArrayList<>();
        String steadiness = STEADY;
        for (int i = 0; i < vms.size(); i++) {
            Measurement vm = vms.get(i);
            figures.add(new Forks.Vm(i + 1, vm.steadiness(), vm.metrics()));
            for (Run run : vm.runs()) {
                runs.add(run.inVm(i + 1));
            }
            if (STEADINESS_ORDER.indexOf(vm.steadiness()) > STEADINESS_ORDER.indexOf(steadiness)) {
                steadiness = vm.steadiness();
            }
        }
        Forks forks = new Forks(policy.describe(), stop.words(), figures);
        Map<String, Double> summary = new LinkedHashMap<>();
        Map<String, Spread> spread = new LinkedHashMap<>();
        for (String name : first.metrics().keySet()) {
            spread.put(name, Spread.of(figures.stream().mapToDouble(vm -> vm.metric(name)).toArray()));
            summary.put(name, forks.interval(name).median());
        }
        long steadyVms = figures.stream().filter(vm -> STEADY.equals(vm.steadiness())).count();
        String summaryOf = String.format("the median of %d fresh %s (%d of them steady%s), with the %s; stopped: %s",
                vms.size(), Kind.BEAM.label().equals(first.kind()) ? "BEAM VMs" : "JVMs", steadyVms,
                first.steadinessOn(WHOLE_RUN), Interval.METHOD, stop.words());
        Optional<String> moved = CrossCoreRoundTrip.moved(figures.stream().mapToDouble(vm -> vm.metrics()
                .getOrDefault("crossCoreRoundTripNs", Double.NaN)).toArray());
        if (moved.isPresent()) {
            summaryOf += "; THE HOST MOVED (crossCoreRoundTripNs, in the notes)";
        }
        List<String> notes = new ArrayList<>(first.notes());
        notes.add("fresh VMs: " + policy.describe() + "; " + stop.words());
        moved.ifPresent(notes::add);
        return new Measurement(first.experiment(), first.kind(), first.n(), first.m(), first.env(), OK, summaryOf,
                summary, runs, notes, steadiness, spread, forks);
    }

    /**
     * The metric the warm-up protocol judged steadiness on, its {@link #steadiness} being that
     * metric's: the first metric of a run ("" when there is no run, or nothing was judged: a fixed
     * number of runs). Another metric of the same runs may agree or disagree on its own ({@link #spread}).
     */
    public String judged() {
        return NOT_CHECKED.equals(steadiness) ? "" : judged(runs);
    }

    /** The "metric" of a label that stands for the whole run: {@link #steadinessOn} then names the judged one. */
    public static final String WHOLE_RUN = "";

    /**
     * What a steadiness label set beside {@code metric} must add: " on X" when the protocol judged
     * another metric X (always, for {@link #WHOLE_RUN}), "" when it judged {@code metric} or nothing.
     */
    public String steadinessOn(String metric) {
        String judged = judged();
        return judged.isEmpty() || judged.equals(metric) ? "" : " on " + judged;
    }

    private static String judged(List<Run> runs) {
        return runs.isEmpty() ? "" : runs.get(0).metrics().keySet().stream().findFirst().orElse("");
    }

    /** True when the summary is a steady state reached by the warm-up protocol (in every VM). */
    public boolean steady() {
        return STEADY.equals(steadiness);
    }

    /** How many fresh VMs the summary is made of. */
    public int vms() {
        return forks.count();
    }

    /**
     * A metric's interval across the fresh VMs; with one VM an interval of one figure, which
     * {@linkplain Interval#has() has} no ends.
     */
    public Interval interval(String name) {
        return forks.vms().isEmpty() ? Interval.of(metric(name)) : forks.interval(name);
    }

    /** The cold (first) run's figure for a metric, or NaN; over several VMs, the median of their cold runs. */
    public double cold(String name) {
        return Spread.of(runs.stream().filter(Run::cold).mapToDouble(r -> r.metric(name)).toArray()).median();
    }

    /** The comparison sentence for a metric, computed from this run (see {@link Verdict}). */
    public String verdict(String metric, String what) {
        return Verdict.of(this, metric, what);
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

    /** The published figure nearest ours, comparable or not; the table labels it with its own n. */
    private Optional<PublishedFigure> nearestPublished(String metric) {
        return PublishedFigures.nearest(experiment, metric, n, m == 0 ? null : m);
    }

    /** The published BEAM figure for a metric at a size comparable with this one, if there is one ({@link PublishedFigures#beside}). */
    public Optional<PublishedFigure> published(String metric) {
        return PublishedFigures.beside(experiment, metric, n, m == 0 ? null : m);
    }

    /**
     * The summary metrics beside the published BEAM figures, with the ratio ours / theirs (no such
     * columns for an experiment with no published BEAM figure); the spread of the summarized runs
     * and the cold first run beside them when there were several.
     */
    @Override
    public Grid grid() {
        boolean several = runs.size() > 1;
        boolean forked = !forks.vms().isEmpty();
        String label = forked ? "median of " + vms() + " VMs" + (steady() ? ", steady" : ", " + steadiness)
                : !several ? "cold" : steady() ? "steady" : NOT_STEADY.equals(steadiness) ? "NOT steady, last run"
                : SCATTERED.equals(steadiness) ? "measured runs disagree" : "median";
        boolean beam = Kind.BEAM.label().equals(kind);
        List<String> names = new ArrayList<>(metrics.keySet());
        String title = String.format("%s, %s, n = %,d%s — %s%s%s", experiment, kind, n, m == 0 ? "" : ", m = " + m,
                outcome, "ok".equals(outcome) ? "; " + summaryOf : "", env != null && env.busy() ? "; BUSY MACHINE" : "");
        var grid = Grid.of(title, names)
                .text("metric", name -> name)
                .number(beam ? "BEAM here (" + label + ")" : Kind.PEKKO.label().equals(kind) ? Kind.runtime(kind) + " (" + label + ")"
                        : "JVM (" + kind + ", " + label + ")", name -> Grid.round(metrics.get(name)));
        if (forked) {
            grid.text("95% interval", name -> intervalText(interval(name)));
        } else if (several) {
            grid.text("min – max", name -> {
                Spread s = spread.get(name);
                return s == null || s.count() < 2 ? "" : String.format("%s – %s", Grid.print(s.min()), Grid.print(s.max()));
            });
        }
        if (several) {
            grid.number(forked ? "cold run (median)" : "cold run", name -> Grid.round(cold(name)));
        }
        Map<String, Optional<PublishedFigure>> published = new LinkedHashMap<>();
        names.forEach(name -> published.put(name, nearestPublished(name)));
        if (published.values().stream().noneMatch(Optional::isPresent)) {
            return grid.build(); // no BEAM figure was published for this experiment: no three empty columns
        }
        return grid.number("BEAM published", name -> published.get(name).map(PublishedFigure::value).orElse(Double.NaN))
                .number(beam ? "BEAM here / published" : "JVM / BEAM", name -> published.get(name)
                        .map(p -> PublishedFigures.comparable(p, n) ? Math.round(metrics.get(name) / p.value() * 100) / 100.0
                                : Double.NaN).orElse(Double.NaN))
                .text("published at, source", name -> published.get(name).map(p -> PublishedFigures.label(p, n)).orElse(""))
                .build();
    }

    /** An interval as a table cell: "[low, high]", or "one VM: no interval". */
    public static String intervalText(Interval interval) {
        return interval.has() ? String.format("[%s, %s]", Grid.print(interval.low()), Grid.print(interval.high())) : "one VM: no interval";
    }

    /** A table cell: the interval's median, then the interval when it has one ("12.3 [11.9, 12.8]"); "" for no figure. */
    public static String figureCell(Interval interval) {
        if (Double.isNaN(interval.median())) {
            return "";
        }
        String figure = Grid.print(interval.median());
        return interval.has() ? figure + " " + intervalText(interval) : figure;
    }

    /** Every run, grouped by VM, when there were several. */
    @Override
    public List<Grid> details() {
        return runs.size() > 1 ? List.of(runsGrid()) : List.of();
    }

    /** Every run, one row each, the cold one marked. */
    public Grid runsGrid() {
        List<String> names = runs.isEmpty() ? List.of() : new ArrayList<>(runs.get(0).metrics().keySet());
        boolean forked = !forks.vms().isEmpty();
        String where = forked ? vms() + " fresh " + (Kind.BEAM.label().equals(kind) ? "BEAM VMs" : "JVMs")
                : "one " + (Kind.BEAM.label().equals(kind) ? "BEAM VM" : "JVM");
        var grid = Grid.of(experiment + " " + kind + " runs in " + where + " (" + steadiness + ")", runs);
        if (forked) {
            grid.whole("vm", Run::vm);
        }
        grid.whole("run", Run::index)
                .flag("cold", Run::cold)
                .text("phase", Run::phase);
        for (String name : names) {
            grid.number(name, run -> Grid.round(run.metric(name)));
        }
        return grid.build();
    }

    /** The JSON the CLI prints with {@code --json}. */
    public String toJson() {
        return MeasurementJson.write(this);
    }

    /** Reads what {@link #toJson()} wrote. */
    public static Measurement fromJson(String json) {
        return MeasurementJson.read(json);
    }

    /** Its tables and notes as jshell prints them, then, where BEAM here is left out, {@link #beamHereHint()}. */
    @Override
    public String toString() {
        return Tabular.text(this) + beamHereHint().map(h -> "  " + h + "\n").orElse("");
    }

    /**
     * One line for a JVM measurement whose experiment BEAM also runs here ({@link OtherRuntime} for
     * {@link Kind#BEAM} accepts its spec): its table sets ours beside the published figure only, so
     * it says how to get BEAM here beside it: "BEAM here is left out of this table: beamHere(
     * ExperimentSpec.of(Experiments.RING, 10_000).withM(1)) sets it beside ...". Empty otherwise.
     */
    public Optional<String> beamHereHint() {
        if (Kind.BEAM.label().equals(kind) || !"ok".equals(outcome)) {
            return Optional.empty();
        }
        ExperimentSpec spec = m > 0 ? ExperimentSpec.of(experiment, n).withM(m) : ExperimentSpec.of(experiment, n);
        boolean beamRunsIt = OtherRuntime.forKind(Kind.BEAM).map(beam -> {
            try {
                beam.validate(spec.withKind(Kind.BEAM));
                return true;
            } catch (IllegalArgumentException notThere) {
                return false;
            }
        }).orElse(false);
        if (!beamRunsIt) {
            return Optional.empty();
        }
        String call = "ExperimentSpec.of(" + Experiments.reference(experiment) + ", " + String.format("%,d", n).replace(',', '_') + ")"
                + (m > 0 ? ".withM(" + m + ")" : "");
        return Optional.of("BEAM here is left out of this table: beamHere(" + call + ") sets it beside, in jshell or a notebook "
                + "(on the command line: --kind beam); it needs Erlang (erl)");
    }
}
