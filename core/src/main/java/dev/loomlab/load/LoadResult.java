package dev.loomlab.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.loomlab.view.Grid;
import dev.loomlab.view.Plot;
import dev.loomlab.view.Tabular;
import dev.loomlab.measure.Env;
import dev.loomlab.measure.Interval;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The load experiment's result: every row (kind × loop count, each over its own fresh JVMs), the
 * setting, and the published BEAM figures for the same question. Shows as one table, ours first,
 * then BEAM's ({@link LoadTable}); prints as that table with notes; {@code --json} prints
 * {@link #toJson()}.
 *
 * @param spec         what was asked
 * @param env          the first child JVM's setting (or this JVM's, if no child reported)
 * @param envFromChild whether {@code env} is a child's
 * @param rows         in the order run: by kind, then loop count
 * @param pinning      how the children were pinned to CPUs ({@link CpuPinning.Pin#description()}), "" when not asked
 */
public record LoadResult(LoadSpec spec, Env env, boolean envFromChild, List<LoadRow> rows, String pinning) implements Tabular {

    public LoadResult {
        rows = List.copyOf(rows);
        pinning = pinning == null ? "" : pinning;
    }

    /** A result whose children were not pinned, or whose pinning was not recorded. */
    public LoadResult(LoadSpec spec, Env env, boolean envFromChild, List<LoadRow> rows) {
        this(spec, env, envFromChild, rows, "");
    }

    /** The row for a kind and loop count, if it was run. */
    public Optional<LoadRow> row(LoadKind kind, int loops) {
        return rows.stream().filter(r -> r.kind().equals(kind.label()) && r.loops() == loops).findFirst();
    }

    /**
     * What each extra busy loop adds to the median round trip of {@code kind}, in µs, from its row with
     * {@code fromLoops} to its row with {@code toLoops}: one slope per pass of fresh VMs (each VM's two
     * medians), as their median and 95% interval; one VM a row gives one slope, no interval, and a row
     * that is missing or has no median gives none (NaN).
     */
    public Interval slope(LoadKind kind, int fromLoops, int toLoops) {
        Optional<LoadRow> from = row(kind, fromLoops);
        Optional<LoadRow> to = row(kind, toLoops);
        if (from.isEmpty() || to.isEmpty() || fromLoops == toLoops) {
            return Interval.of();
        }
        List<LoadRow> both = List.of(from.get(), to.get());
        return from.get().vms().isEmpty() || to.get().vms().isEmpty()
                ? Interval.of(LoadSlopes.slope(both))
                : Interval.ofDifferences(LoadSlopes.vmSlopes(both).stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** True if any row starved. */
    public boolean anyStarved() {
        return rows.stream().anyMatch(LoadRow::starved);
    }

    /** True if any child JVM failed or had to be killed (starved and incomplete rows are results, not failures). */
    public boolean anyFailed() {
        return rows.stream().anyMatch(r -> r.status().equals(LoadRow.FAILED) || r.status().equals(LoadRow.KILLED));
    }

    /**
     * Schedulers behind each source's figures, as the articles state them: the French article ran
     * 16 loops "sur huit cœurs" (Apple M1, one scheduler per core); the German one forced {@code +S 1}.
     */
    private static final Map<String, Integer> SCHEDULERS = Map.of("un-million", 8, "unter-last", 1);

    /**
     * The published BEAM figures for the same question and setting: the German article's ({@code +S 1})
     * beside a run on one carrier, the French article's (8 schedulers) beside a run on more, so that
     * no row of another article's setting sits in the table.
     */
    public List<PublishedFigure> published() {
        boolean oneCarrier = spec.parallelism() == 1;
        return PublishedFigures.of("load").stream()
                .filter(f -> Integer.valueOf(1).equals(schedulers(f.source())) == oneCarrier).toList();
    }

    /** The schedulers a published load figure's source ran with, or null when the dataset does not say. */
    static Integer schedulers(String source) {
        return SCHEDULERS.get(source);
    }

    /** What the numbers include and what they mean on the JVM, from what was run and what happened. */
    public List<String> notes() {
        return LoadNotes.of(this);
    }

    /** The round trips: our rows, then the published BEAM rows. */
    @Override
    public Grid grid() {
        return LoadTable.of(this);
    }

    /** The busy loops' work in the same rows, with the published notes, one click away. */
    @Override
    public List<Grid> details() {
        return List.of(LoadTable.work(this));
    }

    /** Round trip (p50, p99) against busy loops, per kind, beside BEAM's published points. */
    public Plot plot() {
        return LoadCharts.roundTrips(this);
    }

    /** Work per loop, averaged over all loops and for the first loop alone, against loops ({@link #reductions()} adds the total). */
    public Plot workPlot() {
        return LoadCharts.workPerLoop(this);
    }

    /** The French article's reductions table: per loop over all loops, first loop alone, total; beside the article's. */
    public WorkPerLoop reductions() {
        return new WorkPerLoop(this);
    }

    /** The article's 54×: loaded / idle round trip per kind that completed, beside BEAM's 1.6 → 85.8 µs. */
    public IdleAgainstLoaded idleAgainstLoaded() {
        return new IdleAgainstLoaded(this);
    }

    /** Which kinds starved under the loops this time, which did not finish, which answered: a sentence computed from the rows. */
    public String starvationVerdict() {
        return Starvation.verdict(this);
    }

    /** Microseconds each extra busy loop adds to the median round trip, per kind, beside BEAM's 14 µs. */
    public LoadSlopes slopes() {
        return new LoadSlopes(this);
    }

    /** The German article's anomaly asked of this run: is the median higher with no load than with one busy loop? */
    public IdleAnomaly idleAnomaly() {
        return new IdleAnomaly(this);
    }

    /** Exactly one JSON object: schemaVersion, env, spec, rows, published, notes. */
    public String toJson() {
        return LoadJson.tree(this).toPrettyString();
    }

    /** Reads what {@link #toJson()} wrote. */
    public static LoadResult fromJson(String json) {
        JsonNode root = LoadJson.parse(json);
        JsonNode s = root.path("spec");
        List<LoadKind> kinds = new ArrayList<>();
        s.path("kinds").forEach(k -> kinds.add(LoadKind.parse(k.asText())));
        List<Integer> loops = new ArrayList<>();
        s.path("loops").forEach(l -> loops.add(l.asInt()));
        LoadSpec spec = new LoadSpec(kinds, loops, s.path("rounds").asInt(), Duration.ofMillis(s.path("deadlineMillis").asLong()),
                s.path("parallelism").asInt(0), List.of(), s.path("pinnedCpus").asInt(0), s.path("vms").asInt(1));
        List<LoadRow> rows = new ArrayList<>();
        root.path("rows").forEach(r -> rows.add(LoadJson.readRow(r)));
        try {
            return new LoadResult(spec, LoadJson.childEnv(root), true, rows, root.path("pinning").asText(""));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("this load result's env is malformed: " + e.getOriginalMessage(), e);
        }
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        text.append(envFromChild ? "child JVM: " : "this JVM: ").append(env.oneLine()).append('\n');
        text.append(grid().toText());
        for (String note : notes()) {
            text.append("\n  note: ").append(note);
        }
        return text.toString();
    }
}
