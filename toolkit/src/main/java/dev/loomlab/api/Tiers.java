package dev.loomlab.api;

import dev.loomlab.beam.BeamHere;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.measure.Cap;
import dev.loomlab.measure.LinearFit;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.util.Progress;
import dev.loomlab.view.Grid;
import dev.loomlab.view.Palette;
import dev.loomlab.view.Plot;
import dev.loomlab.view.Section;
import dev.loomlab.view.Sectioned;
import dev.loomlab.view.Series;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The French article's tier table: idle units of one kind spawned at each size, each tier over its
 * own fresh JVMs ({@link FreshJvm#TABLE_FORKS}: a tier never profits from the one before, and its
 * figure carries its interval across them), each tier's cold runs beside its summary, beside the
 * article's tiers; when asked, each tier also spawned over fresh BEAM VMs on this machine, in turn with
 * its JVMs, its columns, ratios and plot series beside the JVM's. The notes
 * fit the heap against n by least squares, BEAM here's first. Built by {@link Loomlab#tiers} and {@link Loomlab#tiersWithBeamHere}.
 *
 * @param kind  what was spawned
 * @param tiers one measurement per size, in order (a failed tier is a failed measurement)
 * @param beam  one BEAM-here measurement per tier, or none (not ok when it failed or Erlang is missing)
 */
public record Tiers(Kind kind, List<Measurement> tiers, List<Measurement> beam) implements Sectioned {

    /** Tolerance for "linear": every tier within 10 % of the fitted line. */
    public static final double LINEAR_TOLERANCE = 0.10;

    public Tiers {
        tiers = List.copyOf(tiers);
        beam = List.copyOf(beam);
    }

    /** The JVM tiers alone. */
    public Tiers(Kind kind, List<Measurement> tiers) {
        this(kind, tiers, List.of());
    }

    /**
     * Measures each size in order, over fresh JVMs, {@code repeat} measured runs per JVM so the cold
     * first run shows beside the warm ones, moving {@code progress}'s count as each tier finishes. With
     * {@code beamHere}, each tier is also spawned over fresh BEAM VMs, as many measured runs in each,
     * the tier's JVM and BEAM VMs taken in turn ({@link BeamHere#comparedRows}).
     *
     * @throws IllegalArgumentException if the kind is BEAM's (a JVM kind is measured, BEAM here set beside it), if
     *                                  there are no sizes, or if one is above the cap
     */
    public static Tiers measure(Kind kind, int[] sizes, int repeat, boolean beamHere, Progress progress) {
        if (kind == Kind.BEAM) {
            throw new IllegalArgumentException("tiers measure a JVM kind beside the article: for BEAM here beside it, use "
                    + "tiersWithBeamHere(Kind.PROCESS, ...)");
        }
        if (sizes.length == 0) {
            throw new IllegalArgumentException("no sizes to measure: every size is above the cap (" + Cap.current() + ")");
        }
        for (int n : sizes) {
            Cap.check("n", n, kind.bytesPerUnitEstimate());
        }
        List<Measurement> tiers = new ArrayList<>();
        List<Measurement> beam = new ArrayList<>();
        for (int n : sizes) {
            ExperimentSpec spec = ExperimentSpec.of(Experiments.SPAWN, n).withKind(kind).withRepeat(repeat).withForks(FreshJvm.TABLE_FORKS);
            List<Measurement> rows = BeamHere.comparedRows(beamHere ? List.of(spec, spec.withKind(Kind.BEAM)) : List.of(spec), progress);
            Measurement tier = rows.get(0);
            tiers.add(tier);
            beam.addAll(rows.subList(1, rows.size()));
            progress.step(tiers.size(), sizes.length, String.format("tier %,d: %s", n, tier.ok() ? "measured" : tier.outcome()));
        }
        return new Tiers(kind, tiers, beam);
    }

    /** A metric of the cold first runs of a tier, the median over its JVMs (NaN for a failed tier). */
    public static double cold(Measurement tier, String metric) {
        return tier.cold(metric);
    }

    /** BEAM here's figure at tier i, NaN when it did not run there. */
    private double beamHere(int i, java.util.function.ToDoubleFunction<Measurement> figure) {
        return i < beam.size() && beam.get(i).ok() ? figure.applyAsDouble(beam.get(i)) : Double.NaN;
    }

    /** The tier whose n is nearest {@code n} (a reader's cell is set beside it), or an error when there is none. */
    public Measurement nearest(long n) {
        return tiers.stream().min(java.util.Comparator.comparingLong(m -> Math.abs(m.n() - n)))
                .orElseThrow(() -> new IllegalStateException("no tier was measured"));
    }

    /** The fit of heap against n, BEAM here's first when it ran, then the JVM's; then the tiers that did not run. */
    @Override
    public List<String> notes() {
        List<String> notes = new ArrayList<>();
        List<Measurement> beamRan = beam.stream().filter(Measurement::ok).toList();
        if (!beam.isEmpty()) {
            notes.add(beamRan.isEmpty() ? "BEAM here: " + beam.get(0).outcome() : verdict("BEAM here", beamRan));
        }
        notes.add(verdict());
        tiers.stream().filter(m -> !m.ok()).forEach(m -> notes.add(String.format("n = %,d: %s", m.n(), m.outcome())));
        beam.stream().filter(b -> !b.ok() && !beamRan.isEmpty()).forEach(b -> notes.add(String.format("BEAM here, n = %,d: %s", b.n(), b.outcome())));
        return notes;
    }

    /**
     * The bytes per process by tier (the JVM's cold and summarised, BEAM here's when it ran, the
     * article's), with the chart and the notes; every column (the spawn times, ours cold and steady,
     * BEAM here's and the article's, each tier's spawn loop in ms) in its details.
     */
    @Override
    public Section section() {
        if (beam.isEmpty()) {
            return Section.narrowed(full(), chart(), notes(), List.of(), "processes", "JVM bytes/process, cold run", "JVM bytes/process",
                    "BEAM bytes/process", "BEAM tier used");
        }
        List<Integer> rows = java.util.stream.IntStream.range(0, tiers.size()).boxed().toList();
        Grid beamHere = Grid.of("", rows)
                .text("BEAM here bytes/process", i -> i < beam.size() ? BeamHere.cell(beam.get(i), "bytesPerProcess") : "")
                .number("BEAM here ns/spawn", i -> Grid.nearest(beamHere(i, Measurement::nsPerSpawn)))
                .number("JVM / BEAM here, bytes", i -> Grid.ratio(tiers.get(i).bytesPerProcess(), beamHere(i, Measurement::bytesPerProcess)))
                .number("JVM / BEAM here, ns", i -> Grid.ratio(tiers.get(i).nsPerSpawn(), beamHere(i, Measurement::nsPerSpawn)))
                .build();
        Grid jvm = full();
        Grid full = jvm.plus(beamHere.columns()).titled(jvm.title() + "; BEAM here: fresh BEAM VMs per tier, same machine");
        return Section.narrowed(full, chart(), notes(), List.of(), "processes", "JVM bytes/process, cold run", "JVM bytes/process",
                "BEAM here bytes/process", "BEAM bytes/process", "JVM / BEAM here, bytes", "BEAM tier used");
    }

    /**
     * Every column of the tier table: bytes and ns per spawn, ours cold and steady, the article's,
     * the spawn loop in ms, each tier's protocol label.
     */
    Grid full() {
        return Grid.of("Idle " + kind.label() + " units, fresh JVMs per tier (median [95% interval]), beside the article's tiers"
                        + protocolWords(), tiers)
                .whole("processes", m -> (int) m.n())
                .number("JVM bytes/process, cold run", m -> Grid.nearest(cold(m, "bytesPerProcess")))
                .text("JVM bytes/process", m -> BeamHere.cell(m, "bytesPerProcess"))
                .number("BEAM bytes/process", m -> m.published("bytesPerProcess").map(PublishedFigure::value).orElse(Double.NaN))
                .number("JVM ns/spawn, cold run", m -> Grid.nearest(cold(m, "nsPerSpawn")))
                .number("JVM ns/spawn", m -> Grid.nearest(m.nsPerSpawn()))
                .number("BEAM ns/spawn", m -> m.published("nsPerSpawn").map(PublishedFigure::value).orElse(Double.NaN))
                .number("JVM spawn ms", m -> Grid.nearest(m.metric("totalMillis") * 10) / 10.0)
                .text("BEAM tier used", m -> m.published("bytesPerProcess")
                        .map(p -> p.n() == m.n() ? "same n" : String.format("nearest: %,d", p.n())).orElse(""))
                .text("JVM protocol", m -> m.ok() ? m.steadiness() + m.steadinessOn(Measurement.WHOLE_RUN) : m.outcome())
                .build();
    }

    /**
     * "; JVM columns: after each JVM's warm-up, tiers whose JVMs were all steady on nsPerSpawn: 2 of 4 (the JVM protocol
     * column, in the details, says which): ...", counted over every tier; "" for tiers of one cold run each.
     */
    private String protocolWords() {
        if (tiers.isEmpty() || tiers.stream().allMatch(m -> m.runs().size() <= 1)) {
            return "";
        }
        long steady = tiers.stream().filter(Measurement::steady).count();
        boolean budgetRanOut = tiers.stream().anyMatch(m -> Measurement.NOT_STEADY.equals(m.steadiness()));
        return String.format("; JVM columns: after each JVM's warm-up, %s%s: each JVM's median of its measured runs%s, "
                        + "then the median across the tier's JVMs, beside the median of their cold runs",
                steady == tiers.size() ? "every JVM of every tier steady" + tiers.get(0).steadinessOn(Measurement.WHOLE_RUN)
                        : String.format("tiers whose JVMs were all steady%s: %d of %d", tiers.get(0).steadinessOn(Measurement.WHOLE_RUN),
                        steady, tiers.size()),
                steady == tiers.size() ? "" : " (the JVM protocol column, in the details, says which)",
                budgetRanOut ? ", or its last run where the warm-up budget ran out" : "");
    }

    /**
     * Heap against n across the tiers that ran, by least squares: the slope is the bytes per
     * additional process, the intercept the fixed overhead that makes small tiers' averages look
     * heavier. Needs two tiers or more.
     */
    public LinearFit fit() {
        return fit(tiers);
    }

    private static LinearFit fit(List<Measurement> measured) {
        List<Measurement> ran = measured.stream().filter(Measurement::ok).toList();
        double[] x = ran.stream().mapToDouble(Measurement::n).toArray();
        double[] heap = ran.stream().mapToDouble(m -> m.bytesPerProcess() * m.n()).toArray();
        return LinearFit.of(x, heap);
    }

    /** The sentence for this run: marginal and fixed cost, and whether the heap grew linearly with n. */
    public String verdict() {
        return verdict("JVM " + kind.label(), tiers);
    }

    /** The same sentence for {@code who}'s tiers (BEAM here's, beside the JVM's). */
    public static String verdict(String who, List<Measurement> measured) {
        List<Measurement> ran = measured.stream().filter(Measurement::ok).toList();
        if (ran.stream().map(Measurement::n).distinct().count() < 2) {
            return who + ": one tier only: a slope needs two sizes or more";
        }
        LinearFit fit = fit(ran);
        StringBuilder residuals = new StringBuilder();
        for (int i = 0; i < ran.size(); i++) {
            residuals.append(String.format("%s%,d: %+,.0f bytes", i == 0 ? "" : ", ", ran.get(i).n(), fit.residuals()[i]));
        }
        return who + ", heap against processes, this run: " + fit.verdict("bytes per additional process", LINEAR_TOLERANCE)
                + "; residuals " + residuals
                + (ran.stream().allMatch(Measurement::steady) ? "" : "; some tiers' timings were not steady");
    }

    /**
     * Bytes per process (left axis, solid) and ns per spawn (right axis, dashed) against n, log-log,
     * ours, BEAM here's (the tiers it ran) and the article's tiers; the cold runs as markers alone.
     */
    public Plot chart() {
        List<Measurement> beamHere = beam.stream().filter(Measurement::ok).toList();
        Palette ours = Palette.of(kind.label());
        String who = "JVM " + kind.label();
        List<Long> ns = tiers.stream().map(Measurement::n).toList();
        List<Series> bytes = new ArrayList<>();
        List<Series> spawn = new ArrayList<>();
        bytes.add(Series.of(ours, who + " bytes/process", ns, tiers.stream().map(Measurement::bytesPerProcess).toList()));
        bytes.add(Series.of(ours, who + " bytes/process, cold run", ns, tiers.stream().map(m -> cold(m, "bytesPerProcess")).toList())
                .styled(Series.Style.MARKERS));
        spawn.add(Series.of(ours, who + " ns/spawn", ns, tiers.stream().map(Measurement::nsPerSpawn).toList())
                .styled(Series.Style.SECONDARY));
        spawn.add(Series.of(ours, who + " ns/spawn, cold run", ns, tiers.stream().map(m -> cold(m, "nsPerSpawn")).toList())
                .styled(Series.Style.MARKERS));
        if (!beamHere.isEmpty()) {
            List<Long> bn = beamHere.stream().map(Measurement::n).toList();
            bytes.add(Series.of(Palette.BEAM_HERE, "BEAM here bytes/process", bn, beamHere.stream().map(Measurement::bytesPerProcess).toList()));
            spawn.add(Series.of(Palette.BEAM_HERE, "BEAM here ns/spawn", bn, beamHere.stream().map(Measurement::nsPerSpawn).toList())
                    .styled(Series.Style.SECONDARY));
        }
        List<PublishedFigure> beamBytes = Experiments.SPAWN.published("bytesPerProcess").stream()
                .filter(f -> f.source().equals("un-million") && f.n() != null && f.n() > 1).toList();
        List<PublishedFigure> beamNs = Experiments.SPAWN.published("nsPerSpawn").stream()
                .filter(f -> f.source().equals("un-million") && f.n() != null).toList();
        bytes.add(Series.of(Palette.BEAM_PUBLISHED, "BEAM bytes/process (article)", beamBytes.stream().map(PublishedFigure::n).toList(),
                beamBytes.stream().map(PublishedFigure::value).toList()).styled(Series.Style.PUBLISHED));
        spawn.add(Series.of(Palette.BEAM_PUBLISHED, "BEAM ns/spawn (article)", beamNs.stream().map(PublishedFigure::n).toList(),
                beamNs.stream().map(PublishedFigure::value).toList()).styled(Series.Style.SECONDARY));
        return Plot.lines("What one idle process costs, by tier", "processes (log)", true, true,
                "bytes per process (solid lines, log)", bytes, "ns per spawn (dashed lines, log)", spawn);
    }

    /** The section as jshell prints it; without BEAM here, then the one line that says how to set it beside the tiers. */
    @Override
    public String toString() {
        return section().toString() + (kind == Kind.BEAM || !beam.isEmpty() ? "" : "  " + beamHereHint() + "\n");
    }

    /** "BEAM here is left out of this table: tiersWithBeamHere(Kind.PROCESS, Cap.tiers(1_000, 10_000)) sets it beside ...". */
    String beamHereHint() {
        String sizes = tiers.stream().map(m -> String.format("%,d", m.n()).replace(',', '_')).collect(Collectors.joining(", "));
        return "BEAM here is left out of this table: tiersWithBeamHere(Kind." + kind.name() + ", Cap.tiers(" + sizes
                + ")) sets it beside each tier, its VMs in turn with the JVM's, with its own plot series; it needs Erlang (erl)";
    }
}
