package dev.loomlab.articles;

import dev.loomlab.beam.BeamHere;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Verdict;
import dev.loomlab.measure.Interval;
import dev.loomlab.view.Grid;
import dev.loomlab.view.Section;
import dev.loomlab.view.Sectioned;
import dev.loomlab.view.Tabular;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The Japanese article's §7.3 on the JVM: does one process cost more inside a container? Idle
 * processes at n, each setting over its own fresh JVMs, taken in turn: no limit, a 512 MB container, and 512 MB with
 * one CPU, the container simulated with JVM flags ({@code -XX:MaxRAM}, which sizes the heap as a
 * memory limit would, and {@code -XX:ActiveProcessorCount}); {@link Karui#containerWeight()} measures
 * each of {@link #SETTINGS}. The article found its BEAM's memory per
 * process within 1.3% across its limits; {@link #verdict()} gives ours for this run.
 *
 * @param rows one per setting, the unlimited first
 */
public record ContainerWeight(List<Row> rows) implements Sectioned {

    /** The article's spread of memory per process across its container limits, in percent. */
    public static final double ARTICLE_SPREAD_PERCENT = 1.3;

    /**
     * One setting.
     *
     * @param setting what was simulated, in words
     * @param flags   the child JVM's flags
     * @param m       its measurement
     */
    public record Row(String setting, List<String> flags, Measurement m) {}

    /**
     * A setting to measure.
     *
     * @param setting what is simulated, in words
     * @param flags   the child JVM's flags that simulate it
     */
    public record Setting(String setting, List<String> flags) {}

    /** The three settings, the unlimited first. */
    public static final List<Setting> SETTINGS = List.of(
            new Setting("no limit", List.of()),
            new Setting("512 MB container (simulated: -XX:MaxRAM=512m)", List.of("-XX:MaxRAM=512m")),
            new Setting("512 MB and 1 CPU (simulated: -XX:MaxRAM=512m -XX:ActiveProcessorCount=1)",
                    List.of("-XX:MaxRAM=512m", "-XX:ActiveProcessorCount=1")));

    /** The unlimited run, the baseline of the others. */
    public Measurement baseline() {
        return rows.get(0).m();
    }

    /** Percent change of bytes per process against the unlimited run; NaN where either failed. */
    public double changePercent(Row row) {
        double base = baseline().ok() ? baseline().bytesPerProcess() : Double.NaN;
        double ours = row.m().ok() ? row.m().bytesPerProcess() : Double.NaN;
        return (ours / base - 1) * 100;
    }

    /**
     * The bytes per process under each setting, beside the unlimited run and the article, in 6 columns;
     * the heap and resident-memory readings in its details.
     */
    @Override
    public Section section() {
        return Section.narrowed(full(), null, notes(), List.of(), "setting", "summary", "bytes per process",
                "max heap", "change vs no limit, %", "BEAM (article)");
    }

    private Grid full() {
        return Grid.of(String.format("Memory per idle process under a container-like limit (n = %,d, fresh JVMs per setting, "
                        + "taken in turn: median [95%% interval])", baseline().n()), rows)
                .text("setting", Row::setting)
                .text("summary", r -> r.m().ok() ? r.m().steadiness() + r.m().steadinessOn("bytesPerProcess") : r.m().outcome())
                .text("bytes per process", r -> BeamHere.cell(r.m(), "bytesPerProcess"))
                .number("heap bytes per process (after GC)", r -> r.m().metric("heapBytesPerProcess"))
                .number("RSS bytes per process", r -> r.m().metric("rssBytesPerProcess"))
                .text("max heap", r -> r.m().env() == null ? "" : dev.loomlab.measure.Units.bytes(r.m().env().maxHeapBytes()))
                .number("change vs no limit, %", this::changePercent)
                .text("BEAM (article)", r -> r == rows.get(0) ? "" : "within " + ARTICLE_SPREAD_PERCENT + "% across its limits")
                .build();
    }

    /** The largest change under a limit, this run, beside the article's 1.3%. */
    public String verdict() {
        double worst = Double.NaN;
        for (Row r : rows.subList(1, rows.size())) {
            double c = Math.abs(changePercent(r));
            if (!Double.isNaN(c) && (Double.isNaN(worst) || c > worst)) {
                worst = c;
            }
        }
        if (Double.isNaN(worst)) {
            return "this run could not compare the settings: a run failed (see the summary column)";
        }
        double noise = runToRunPercent(baseline());
        String against = acrossVms().orElse(Double.isNaN(noise)
                ? "; the unlimited run has no run-to-run range to set that against (" + baseline().steadiness()
                        + baseline().steadinessOn("bytesPerProcess") + ")"
                : noise == 0
                ? "; the unlimited run's measured runs all read the same bytes, so they give no range to set that against, "
                        + "and each setting is one fresh JVM: fresh JVMs differ by more than the runs inside one, so rerun "
                        + "the cell before reading the change as the limit's"
                : worst <= noise
                ? String.format("; that is within the unlimited run's own run-to-run range (%s%%), so no effect of the limit is seen",
                Grid.print(noise))
                : String.format("; that is beyond the unlimited run's own run-to-run range (%s%%)", Grid.print(noise)));
        return String.format("this run, bytes per process under a limit differed from the unlimited run by at most %s%% "
                        + "(the article's BEAM: within %s%%, %s)%s", Grid.print(worst), Grid.print(ARTICLE_SPREAD_PERCENT),
                worst <= ARTICLE_SPREAD_PERCENT ? "ours within the same bound" : "ours beyond it", against);
    }

    /**
     * "; every setting's 95% interval across fresh JVMs overlaps the unlimited run's, so no effect of the limit is seen",
     * or the settings whose interval lies apart from it; empty when a row has no interval (one VM).
     */
    private Optional<String> acrossVms() {
        Interval base = baseline().interval("bytesPerProcess");
        List<Row> limited = rows.subList(1, rows.size());
        if (!base.has() || !limited.stream().allMatch(r -> r.m().interval("bytesPerProcess").has())) {
            return Optional.empty();
        }
        List<String> apart = limited.stream().filter(r -> Verdict.relation(r.m().interval("bytesPerProcess"), base)
                != Verdict.Relation.NOT_DISTINGUISHABLE).map(Row::setting).toList();
        return Optional.of(apart.isEmpty()
                ? "; every setting's 95% interval across fresh JVMs overlaps the unlimited run's, so no effect of the limit is seen"
                : "; the 95% interval across fresh JVMs lies apart from the unlimited run's for " + String.join(" and for ", apart)
                        + ": there the limit changed the bytes per process");
    }

    /** The measured runs' range of bytes per process as a percentage of their median; NaN without several runs. */
    static double runToRunPercent(Measurement m) {
        var spread = m.spread().get("bytesPerProcess");
        return spread == null || spread.count() < 2 ? Double.NaN : spread.relativeRange() * 100;
    }

    @Override
    public List<String> notes() {
        List<String> notes = new ArrayList<>(List.of(verdict(),
                "the container is simulated with JVM flags: -XX:MaxRAM sizes the heap as a 512 MB memory limit would, "
                        + "-XX:ActiveProcessorCount the carriers as one CPU would; the JVM reads a real cgroup the same way (section 7.1, 7.2)",
                "RSS bytes per process (in the details) is the growth of the whole process's resident memory divided by n: "
                        + "heap the JVM committed before the spawn holds the processes without growing it, so it can read far "
                        + "below bytes per process"));
        if (rows.stream().anyMatch(r -> r.m().env() != null && r.m().env().busy())) {
            notes.add("the machine was busy during at least one run: its timings are noisy; bytes much less so");
        }
        return notes;
    }

    @Override
    public String toString() {
        return Tabular.text(this); // narrow, as every section prints; the verdict is its first note
    }
}
