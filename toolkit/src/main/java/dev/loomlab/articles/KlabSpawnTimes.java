package dev.loomlab.articles;

import dev.loomlab.beam.BeamHere;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.Kind;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.view.Grid;
import dev.loomlab.view.Section;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * KLab's spawn times beside ours: the article printed "spawn time" for 1,000 processes (32-bit
 * VM), for 40,000 (+P 40030) and for 1,000 with {@code +h 1} (64-bit VM). Each was one run of a
 * fresh VM, so our cold run (the first in a fresh VM) is the like-for-like figure, with the one
 * after the warm-up beside it, BEAM here's first. The article printed no unit; the dataset reads it as microseconds for the whole
 * batch, and says so.
 */
final class KlabSpawnTimes {

    /** One line of the table: a published figure or one of ours, per spawn in microseconds. */
    record Row(String who, int n, double coldMicros, double steadyMicros, String protocol, double klabMicros, String note) {}

    private KlabSpawnTimes() {}

    /** KLab's published batch times, as printed (µs for the whole batch). */
    static List<PublishedFigure> published() {
        return Experiments.SPAWN.published("spawnTimeMicros").stream().filter(f -> f.source().equals(Klab.SOURCE)).toList();
    }

    /** KLab's time per spawn at n on its default 32-bit VM, µs, NaN if not published. */
    static double klabPerSpawnMicros(int n) {
        return published().stream().filter(f -> f.n() != null && f.n() == n && f.runtime().contains("32-bit"))
                .mapToDouble(f -> f.value() / n).findFirst().orElse(Double.NaN);
    }

    /** How a kind's row is named: BEAM here, or the JVM here with the kind. */
    private static String who(Kind kind) {
        return kind == Kind.BEAM ? "BEAM here" : "JVM here: " + kind.label();
    }

    /** Our row from a spawn measurement: its cold run and its summary, per spawn in µs, beside KLab at the same n. */
    static Row ours(String who, int n, Measurement m) {
        if (!m.ok()) {
            return new Row(who, n, Double.NaN, Double.NaN, m.outcome(), klabPerSpawnMicros(n), "");
        }
        String protocol = m.runs().size() == 1 ? "one cold run" : (m.steady() ? "steady" : m.steadiness())
                + m.steadinessOn("nsPerSpawn"); // names the judged metric if it is not the time
        return new Row(who, n, m.cold("nsPerSpawn") / 1e3, m.runs().size() == 1 ? Double.NaN : m.metric("nsPerSpawn") / 1e3,
                protocol, klabPerSpawnMicros(n), "");
    }

    /**
     * The section: KLab's three rows, then ours at {@code n} and at {@code larger}, BEAM here first
     * where it ran, each kind's measurement in the order given.
     */
    static Section of(int n, Map<Kind, Measurement> atN, int larger, Map<Kind, Measurement> atLarger) {
        List<Row> rows = new ArrayList<>();
        for (PublishedFigure f : published()) {
            rows.add(new Row(f.runtime() + " (KLab 2008)", f.n().intValue(), f.value() / f.n(), Double.NaN, "one run, published",
                    Double.NaN, f.note()));
        }
        atN.forEach((kind, m) -> rows.add(ours(who(kind), n, m)));
        atLarger.forEach((kind, m) -> rows.add(ours(who(kind), larger, m)));
        var table = Grid.of("Spawn time per process, µs: KLab's published batches (one fresh VM each) beside ours "
                        + "(the first run of a fresh VM is the cold one, as KLab's; after the warm-up, the protocol says whether it was steady)", rows)
                .text("who", Row::who)
                .whole("n", Row::n)
                .number("µs per spawn, cold / as published", r -> Grid.round(r.coldMicros()))
                .number("µs per spawn, after warm-up", r -> Grid.round(r.steadyMicros()))
                .text("protocol", Row::protocol)
                .number("KLab 32-bit at this n, µs", Row::klabMicros)
                .number("cold / KLab", r -> Grid.ratio(r.coldMicros(), r.klabMicros()))
                .text("note", Row::note)
                .build();
        List<String> notes = new ArrayList<>();
        for (Row r : rows) {
            if (!Double.isNaN(r.klabMicros()) && !Double.isNaN(r.coldMicros())) {
                notes.add(String.format("%s at %,d: %s µs per spawn cold, %s KLab's %s µs on the 2008 T2000 (%s×)%s",
                        r.who(), r.n(), Grid.print(r.coldMicros()), r.coldMicros() < r.klabMicros() ? "below" : "above",
                        Grid.print(r.klabMicros()), Grid.printRatio(r.coldMicros() / r.klabMicros()), Double.isNaN(r.steadyMicros()) ? ""
                                : String.format("; after its warm-up (%s), %s µs", r.protocol(), Grid.print(r.steadyMicros()))));
            }
        }
        for (Map.Entry<Integer, Map<Kind, Measurement>> size : List.of(Map.entry(n, atN), Map.entry(larger, atLarger))) {
            Measurement process = size.getValue().get(Kind.PROCESS);
            Measurement beam = size.getValue().get(Kind.BEAM);
            if (process != null && beam != null) {
                notes.add(BeamHere.verdict(String.format("a spawn at %,d, after the warm-up", size.getKey()),
                        process, beam, "nsPerSpawn", Double.NaN));
            }
        }
        notes.add("KLab printed \"spawn time\" without a unit; read as microseconds for the whole batch, the per-spawn "
                + "figure is that over n. Our spawn time is the spawn loop alone, as the article timed spawn");
        notes.add("the note column, how each of KLab's outputs was read, is in the details");
        return Section.narrowed(table, null, notes, List.of(), "who", "n", "µs per spawn, cold / as published", "µs per spawn, after warm-up",
                "protocol", "KLab 32-bit at this n, µs", "cold / KLab");
    }
}
