package dev.loomlab.gc;

import dev.loomlab.view.Plot;
import dev.loomlab.view.Section;
import dev.loomlab.view.Series;
import dev.loomlab.view.Grid;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The table, chart and computed verdict of a {@link GcPauses} run. */
final class GcPauseSection {

    private GcPauseSection() {}

    static Section of(GcPauses plan, List<GcPauseRow> rows) {
        String setting = String.format("N processes churn their state (%d objects each, %,d messages/s, %s each row, %s)",
                plan.slots(), plan.rate(), plan.measure().toMillis() + " ms", plan.heapFlag());
        var everyColumn = Grid.of("Every figure of the same rows", rows)
                .text("collector", r -> r.collector().label())
                .whole("processes", GcPauseRow::n)
                .number("GC pauses", GcPauseRow::pauses)
                .number("pause p50 µs", r -> Grid.round(r.pauseP50Us()))
                .number("pause p99 µs", r -> Grid.round(r.pauseP99Us()))
                .number("pause max µs", r -> Grid.round(r.pauseMaxUs()))
                .number("% of time paused", r -> Grid.round(r.pausedPercent()))
                .number("round trips", GcPauseRow::roundTrips)
                .number("RT p50 µs", r -> Grid.round(r.rtP50Us()))
                .number("RT p99 µs", r -> Grid.round(r.rtP99Us()))
                .number("RT max µs", r -> Grid.round(r.rtMaxUs()))
                .number("RTs during a pause", GcPauseRow::rtDuringPause)
                .number("slowest RT in a pause µs", r -> Grid.round(r.rtDuringPauseMaxUs()))
                .number("RT p99 outside pauses µs", r -> Grid.round(r.rtOutsideP99Us()))
                .text("JVM's GC notifications", GcPauseRow::notified)
                .text("outcome", GcPauseRow::outcome)
                .build();
        var table = everyColumn.select("GC pauses while " + setting + ": every thread stopped, and the round trips that waited",
                "collector", "processes", "pause max µs", "% of time paused", "RT p99 outside pauses µs", "slowest RT in a pause µs",
                "outcome");
        List<String> notes = new ArrayList<>(notes(rows));
        notes.add("BEAM (the article): " + GcPauses.BEAM);
        return new Section(table, chart(plan, rows), notes, List.of(), List.of(everyColumn));
    }

    private static Plot chart(GcPauses plan, List<GcPauseRow> rows) {
        List<Series> series = new ArrayList<>();
        for (Collector c : plan.collectors()) {
            List<GcPauseRow> mine = rows.stream().filter(r -> r.collector() == c && r.measured()).toList();
            List<Integer> x = mine.stream().map(GcPauseRow::n).toList();
            series.add(new Series(c.label() + ": longest pause", x, mine.stream().map(GcPauseRow::pauseMaxUs).toList(),
                    Series.Style.OURS, c.ordinal()));
            series.add(new Series(c.label() + ": slowest round trip", x, mine.stream().map(GcPauseRow::rtMaxUs).toList(),
                    Series.Style.PUBLISHED_OLDER, c.ordinal()));
        }
        return Plot.lines("Every thread stopped: the longest collector pause and the slowest round trip, by N",
                "processes holding state", "µs", true, true, series);
    }

    /** The verdict, computed from the rows: no figure here is typed by hand. */
    static List<String> notes(List<GcPauseRow> rows) {
        List<String> notes = new ArrayList<>();
        rows.stream().filter(GcPauseRow::measured).filter(r -> r.pauses() > 0)
                .max(Comparator.comparingDouble(GcPauseRow::pauseMaxUs))
                .ifPresent(r -> notes.add(String.format("The longest pause of the run: %s at %,d processes, %s µs, every thread"
                        + " stopped; BEAM's per-process collection has no such pause.", r.collector().label(), r.n(), Grid.print(r.pauseMaxUs()))));
        for (GcPauseRow r : rows) {
            if (r.measured() && r.rtDuringPause() > 0) {
                notes.add(String.format("%s, %,d processes: %s round trip%s overlapped a pause, the slowest %s µs, against a p99 of"
                                + " %s µs outside pauses (%s×).", r.collector().label(), r.n(), Grid.print(r.rtDuringPause()),
                        r.rtDuringPause() == 1 ? "" : "s", Grid.print(r.rtDuringPauseMaxUs()),
                        Grid.print(r.rtOutsideP99Us()), Grid.printRatio(r.rtDuringPauseMaxUs() / r.rtOutsideP99Us())));
            } else if (!r.measured()) {
                notes.add(String.format("%s, %,d processes: no figures, %s.", r.collector().label(), r.n(), r.outcome()));
            }
        }
        notes.add("Pauses are the JVM's own safepoint log (-Xlog:safepoint, nanoseconds, collector operations only);"
                + " the notifications column counts com.sun.management GC notifications, whose whole-millisecond durations are too coarse for ZGC.");
        notes.add("A round trip 'during a pause' overlapped one in time; the rest is the same run's baseline.");
        return notes;
    }
}
