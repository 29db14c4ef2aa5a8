package dev.loomlab.load;

import dev.loomlab.experiment.Kind;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.view.Grid;
import dev.loomlab.view.Plot;
import dev.loomlab.view.Palette;
import dev.loomlab.view.Series;
import dev.loomlab.view.Tabular;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The French article's reductions table on the JVM: for 1, 2, 4 … busy loops, the work each loop
 * did averaged over all loops, the first loop's alone, and the machine's total, beside the article's
 * reductions per second. Its lesson of method (reading only the first loop gave twice the truth) is
 * {@link #verdict()}, computed from the rows.
 *
 * @param result the load rows to read (rows without loops, or without rates, are left out)
 */
public record WorkPerLoop(LoadResult result) implements Tabular {

    /**
     * One line of the table, rates in millions per second (iterations for us, reductions for BEAM).
     *
     * @param runtime  "JVM platform", "BEAM (OTP 28; Apple M1) (published)"
     * @param loops    busy loops
     * @param perLoop  the total divided by every loop, the article's corrected reading
     * @param first    the first loop's own rate, the article's first reading
     * @param total    every loop together: what the machine did
     * @param ours     true for a row measured here
     */
    public record Line(String runtime, int loops, double perLoop, double first, double total, boolean ours) {

        /**
         * A measured row, aggregated from every loop's rate where the child reported them (the
         * average over all loops and the sum), else from the row's own summary figures; over several
         * fresh VMs, each figure the median of the VMs' own.
         */
        static Line of(LoadRow row) {
            if (!row.vms().isEmpty()) {
                List<Line> vms = row.vms().stream().map(Line::of).toList();
                return new Line(Kind.runtime(row.kind()), row.loops(), LoadRow.median(vms, Line::perLoop),
                        LoadRow.median(vms, Line::first), LoadRow.median(vms, Line::total), true);
            }
            List<Double> each = row.perLoopOpsPerSecond();
            double total = each.isEmpty() ? row.opsPerSecondTotal() : each.stream().mapToDouble(Double::doubleValue).sum();
            double perLoop = each.isEmpty() ? row.opsPerSecondPerLoop() : total / each.size();
            double first = each.isEmpty() ? row.firstLoopOpsPerSecond() : each.get(0);
            return new Line(Kind.runtime(row.kind()), row.loops(), perLoop / 1e6, first / 1e6, total / 1e6, true);
        }

        /** How much the first loop alone overstates the average: 1 when they agree. */
        public double firstOverAverage() {
            return first / perLoop;
        }
    }

    /** Our lines (rows with loops and a rate), then the article's, by runtime and loops. */
    public List<Line> lines() {
        List<Line> lines = new ArrayList<>();
        for (LoadRow row : result.rows()) {
            if (row.loops() > 0 && (!row.perLoopOpsPerSecond().isEmpty() || !Double.isNaN(row.opsPerSecondPerLoop()))) {
                lines.add(Line.of(row));
            }
        }
        lines.addAll(published(result.published()));
        return lines;
    }

    /** The article's reductions per second, one line per loop count (its first-loop reading only at 16). */
    static List<Line> published(List<PublishedFigure> figures) {
        Map<Long, double[]> byLoops = new LinkedHashMap<>();
        String runtime = "";
        for (PublishedFigure f : figures) {
            if (!f.source().equals("un-million") || f.n() == null || f.n() < 1) {
                continue;
            }
            int column = switch (f.metric()) {
                case "opsPerSecondPerLoop" -> 0;
                case "firstLoopOpsPerSecond" -> 1;
                case "opsPerSecondTotal" -> 2;
                default -> -1;
            };
            if (column >= 0) {
                runtime = f.runtime() + " (published)";
                byLoops.computeIfAbsent(f.n(), n -> new double[] {Double.NaN, Double.NaN, Double.NaN})[column] = f.value() / 1e6;
            }
        }
        List<Line> lines = new ArrayList<>();
        for (var e : byLoops.entrySet()) {
            double[] v = e.getValue();
            lines.add(new Line(runtime, e.getKey().intValue(), v[0], v[1], v[2], false));
        }
        return lines;
    }

    @Override
    public Grid grid() {
        return Grid.of("Work per busy loop and in all, millions per second (JVM: loop iterations; BEAM: reductions)", lines())
                .text("runtime", Line::runtime)
                .whole("loops", Line::loops)
                .number("per loop, averaged over all loops", Line::perLoop)
                .number("first loop alone", Line::first)
                .number("first / average", l -> Grid.ratio(l.first(), l.perLoop()))
                .number("machine total", Line::total)
                .build();
    }

    /** Per loop (all loops), first loop alone, and the machine's total as its own series, against loops; BEAM's beside. */
    public Plot chart() {
        List<Series> series = new ArrayList<>();
        Map<String, List<Line>> byRuntime = new LinkedHashMap<>();
        lines().forEach(l -> byRuntime.computeIfAbsent(l.runtime(), r -> new ArrayList<>()).add(l));
        for (var e : byRuntime.entrySet()) {
            boolean ours = e.getValue().get(0).ours();
            String who = ours ? e.getKey() : "BEAM (article)";
            Palette kind = ours ? Palette.of(e.getKey()) : Palette.BEAM_PUBLISHED;
            // one kind, one colour: the total thick (ours) or thin (published), per loop plain, the first loop dashed
            series.add(series(who + ": machine total", e.getValue(), Line::total).withKind(kind)
                    .styled(ours ? Series.Style.OURS : Series.Style.PUBLISHED));
            series.add(series(who + ": per loop, all loops", e.getValue(), Line::perLoop).withKind(kind)
                    .styled(ours ? Series.Style.PLAIN : Series.Style.PUBLISHED_POINTS));
            series.add(series(who + ": first loop alone", e.getValue(), Line::first).withKind(kind)
                    .styled(ours ? Series.Style.SECONDARY : Series.Style.PUBLISHED_OLDER));
        }
        return Plot.lines("Work per busy loop and the machine's total, against busy loops",
                "busy loops (log)", "millions per second (log)", true, true, series);
    }

    private static Series series(String name, List<Line> lines, ToDoubleFunction<Line> y) {
        List<Integer> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (Line l : lines) {
            double v = y.applyAsDouble(l);
            if (!Double.isNaN(v)) {
                xs.add(l.loops());
                ys.add(v);
            }
        }
        return new Series(name, xs, ys);
    }

    /** What this run's rows say, per runtime measured, beside the article's reading; computed, never written in advance. */
    public String verdict() {
        List<String> parts = new ArrayList<>();
        Map<String, List<Line>> ours = new LinkedHashMap<>();
        lines().stream().filter(Line::ours).forEach(l -> ours.computeIfAbsent(l.runtime(), r -> new ArrayList<>()).add(l));
        for (var e : ours.entrySet()) {
            parts.add(e.getKey() + ": " + reading(e.getValue()));
        }
        List<Line> beam = published(result.published());
        if (!beam.isEmpty()) {
            parts.add("BEAM (article): " + reading(beam));
        }
        return parts.isEmpty() ? "this run measured no busy loop's work" : "this run, " + String.join("; ", parts);
    }

    /** One runtime's reading: total from fewest to most loops, the average per loop, and the first loop against it. */
    static String reading(List<Line> lines) {
        Line least = lines.get(0);
        Line most = lines.get(lines.size() - 1);
        String s = String.format("the total went from %s M/s with %d loop%s to %s with %d (%s×), each loop's average from %s to %s",
                Grid.print(least.total()), least.loops(), least.loops() == 1 ? "" : "s", Grid.print(most.total()),
                most.loops(), Grid.printRatio(most.total() / least.total()), Grid.print(least.perLoop()), Grid.print(most.perLoop()));
        Line firstRead = lines.stream().filter(l -> !Double.isNaN(l.first()) && l.loops() > 1)
                .reduce((a, b) -> b).orElse(null);
        if (firstRead != null) {
            double over = firstRead.firstOverAverage();
            s += String.format("; with %d loops the first loop alone read %s, %s× the average (%s)", firstRead.loops(),
                    Grid.print(firstRead.first()), Grid.printRatio(over),
                    Math.abs(over - 1) <= 0.1 ? "close to the truth this time" : over > 1 ? "it overstates" : "it understates");
        }
        return s;
    }

    @Override
    public List<String> notes() {
        return List.of(verdict(), "a JVM loop iteration is one xorshift step and a BEAM reduction is roughly a function call: "
                + "compare how each column changes with the loops, not the absolute rates");
    }

    @Override
    public String toString() {
        return grid().toText() + "\n  " + verdict();
    }
}
