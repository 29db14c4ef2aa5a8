package dev.loomlab.load;

import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Verdict;
import dev.loomlab.measure.Interval;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.view.Grid;
import dev.loomlab.view.Section;
import dev.loomlab.view.Sectioned;
import dev.loomlab.view.Tabular;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The French article's 54×: the round trip under busy loops against the idle one (1.6 → 85.8 µs
 * with 16 loops on 8 schedulers), per kind, from the idle row and the row with the most loops.
 * Both are warm: each load row warms its echo and client until steady before the loops start. A
 * kind that starved or did not finish has no ratio; its line says so, because frozen is the result.
 *
 * @param result the load rows to read
 */
public record IdleAgainstLoaded(LoadResult result) implements Sectioned {

    /**
     * One kind's comparison; latencies in µs, NaN where not measured.
     *
     * @param runtime   "JVM virtual", "BEAM here", or the article's runtime
     * @param loops     busy loops in the loaded row
     * @param carriers  carriers (schedulers) in the loaded row
     * @param idle      median round trip with no loops, with its interval across the row's fresh VMs (none for
     *                  one VM; no figure for the article's, which published means)
     * @param loaded    the same with {@code loops} loops
     * @param idleMean  mean with no loops (the article published means)
     * @param loadedMean mean with {@code loops} loops
     * @param outcome   "answered", or what the loaded (or idle) row did instead
     */
    public record Line(String runtime, int loops, int carriers, Interval idle, Interval loaded,
                       double idleMean, double loadedMean, String outcome) {

        /** Median round trip with no loops. */
        public double idleP50() {
            return idle.median();
        }

        /** Median round trip with {@code loops} loops. */
        public double loadedP50() {
            return loaded.median();
        }

        /** loaded / idle, medians. */
        public double ratioP50() {
            return loadedP50() / idleP50();
        }

        /** loaded / idle, means (the article's 85.8 / 1.6). */
        public double ratioMean() {
            return loadedMean / idleMean;
        }

        /** How the loaded median's interval lies against the idle one's: slower only where they do not overlap. */
        public Verdict.Relation relation() {
            return Verdict.relation(loaded, idle);
        }

        /** True when both rows completed, so the ratios mean something. */
        public boolean answered() {
            return ANSWERED.equals(outcome);
        }
    }

    static final String ANSWERED = "answered";

    /** One line per kind that has an idle row and a loaded row, then the article's. */
    public List<Line> lines() {
        List<Line> lines = new ArrayList<>();
        for (LoadKind kind : result.spec().kinds()) {
            lineFor(kind).ifPresent(lines::add);
        }
        published(result.published()).ifPresent(lines::add);
        return lines;
    }

    /** The kind's idle row against its row with the most loops, or empty if it lacks either. */
    Optional<Line> lineFor(LoadKind kind) {
        List<LoadRow> rows = result.rows().stream().filter(r -> r.kind().equals(kind.label())).toList();
        Optional<LoadRow> idle = rows.stream().filter(r -> r.loops() == 0).findFirst();
        Optional<LoadRow> loaded = rows.stream().filter(r -> r.loops() > 0).reduce((a, b) -> b.loops() >= a.loops() ? b : a);
        if (idle.isEmpty() || loaded.isEmpty()) {
            return Optional.empty();
        }
        LoadRow i = idle.get();
        LoadRow l = loaded.get();
        String outcome = !i.completed() ? "idle row: " + i.verdict()
                : !l.completed() ? l.verdict() : ANSWERED;
        return Optional.of(new Line(kind.runtime(), l.loops(), l.parallelism(), i.interval(LoadRow::roundTripMicrosP50),
                l.interval(LoadRow::roundTripMicrosP50), i.roundTripMicrosMean(), l.roundTripMicrosMean(), outcome));
    }

    /** The article's pair: idle and 16 loops on 8 schedulers, averages over 20 runs. */
    static Optional<Line> published(List<PublishedFigure> figures) {
        Optional<PublishedFigure> idle = find(figures, 0);
        Optional<PublishedFigure> loaded = figures.stream().filter(f -> f.source().equals("un-million")
                && f.metric().equals("roundTripMicrosP50") && f.n() != null && f.n() > 0).findFirst();
        if (idle.isEmpty() || loaded.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Line(idle.get().runtime() + " (published)", loaded.get().n().intValue(), 8, Interval.of(),
                Interval.of(), idle.get().value(), loaded.get().value(), ANSWERED));
    }

    private static Optional<PublishedFigure> find(List<PublishedFigure> figures, long n) {
        return figures.stream().filter(f -> f.source().equals("un-million") && f.metric().equals("roundTripMicrosP50")
                && f.n() != null && f.n() == n).findFirst();
    }

    /**
     * The ratio per kind in 7 columns: the medians idle and loaded, the ratio of the medians and of
     * the means (the article published means), and the result; the carriers and the means themselves
     * too in its details.
     */
    @Override
    public Section section() {
        return Section.narrowed(full(), null, notes(), List.of(), "runtime", "loops", "idle p50 µs", "loaded p50 µs",
                "loaded / idle (p50)", "loaded / idle (mean)", "result");
    }

    private Grid full() {
        return Grid.of("Round trip under the most busy loops run against idle, both warm: loaded / idle (the article ran 2 loops per scheduler)", lines())
                .text("runtime", Line::runtime)
                .whole("loops", Line::loops)
                .whole("carriers", Line::carriers)
                .text("idle p50 µs", l -> Measurement.figureCell(l.idle()))
                .text("loaded p50 µs", l -> l.answered() ? Measurement.figureCell(l.loaded()) : "")
                .number("loaded / idle (p50)", l -> l.answered() ? Grid.ratio(l.loadedP50(), l.idleP50()) : Double.NaN)
                .number("idle mean µs", Line::idleMean)
                .number("loaded mean µs", l -> l.answered() ? l.loadedMean() : Double.NaN)
                .number("loaded / idle (mean)", l -> l.answered() ? Grid.ratio(l.loadedMean(), l.idleMean()) : Double.NaN)
                .text("result", Line::outcome)
                .build();
    }

    /** One sentence per kind, computed from this run, and the article's beside them. */
    public String verdict() {
        List<String> parts = new ArrayList<>();
        for (Line l : lines()) {
            parts.add(sentence(l));
        }
        return parts.isEmpty() ? "this run has no kind with both an idle and a loaded row" : String.join("; ", parts);
    }

    /**
     * "JVM platform: 12× slower with 4 loops (p50 3.1 → 37 µs)" (with "the intervals do not overlap" over fresh VMs),
     * "… not distinguishable from idle (the intervals overlap)", or "JVM virtual: starved …, frozen, not slower".
     */
    static String sentence(Line l) {
        if (!l.answered()) {
            boolean starved = l.outcome().startsWith("STARVED");
            return String.format("%s with %d loops: %s%s", l.runtime(), l.loops(), l.outcome(),
                    starved ? ", frozen rather than slower, so no ratio" : ", so no ratio");
        }
        boolean p50 = !Double.isNaN(l.idleP50());
        double ratio = p50 ? l.ratioP50() : l.ratioMean();
        String head = String.format("%s: %s× %s with %d loops (%s %s → %s µs)", l.runtime(), Grid.printRatio(ratio),
                ratio >= 1 ? "slower" : "the idle time", l.loops(), p50 ? "p50" : "mean",
                Grid.print(p50 ? l.idleP50() : l.idleMean()), Grid.print(p50 ? l.loadedP50() : l.loadedMean()));
        return head + switch (l.relation()) {
            case ABOVE, BELOW -> ", the intervals across fresh VMs do not overlap";
            case NOT_DISTINGUISHABLE -> ", not distinguishable from idle: the intervals across fresh VMs overlap";
            case NO_INTERVAL -> "";
        };
    }

    @Override
    public List<String> notes() {
        return List.of(verdict(), "both rows are warm: each row's JVM warmed its echo and client until steady before the loops "
                + "started; the article's figures are means over 20 runs, so compare its ratio with the mean ratio (the means themselves are in the details)");
    }

    @Override
    public String toString() {
        return Tabular.text(this); // narrow, as every section prints; the verdict is its first note
    }
}
