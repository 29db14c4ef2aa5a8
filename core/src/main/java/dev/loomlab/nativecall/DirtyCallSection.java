package dev.loomlab.nativecall;

import dev.loomlab.view.Plot;
import dev.loomlab.view.Section;
import dev.loomlab.view.Grid;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The table, chart and computed verdict of a {@link DirtyCall} run. */
final class DirtyCallSection {

    /** What the article says of each case (erl_nif's documentation, EXLA's dirty jobs). */
    static String beam(CallSite site) {
        return switch (site) {
            case NONE -> "";
            case CARRIER -> "undeclared dirty NIF: \"degrades responsiveness of the VM\" (erl_nif docs, quoted)";
            case OFFLOADED -> "declared dirty NIF: runs on the dirty schedulers (EXLA: ERL_NIF_DIRTY_JOB_CPU_BOUND)";
        };
    }

    private DirtyCallSection() {}

    static Section of(DirtyCall plan, List<DirtyCallRow> rows) {
        String setting = String.format("one carrier (usleep %d ms every %d ms, %d ms measured)",
                plan.call().toMillis(), plan.gap().toMillis(), plan.window().toMillis());
        var everyColumn = Grid.of("Every figure of the same rows", rows)
                .text("where the call runs", r -> r.site().words())
                .number("native calls", DirtyCallRow::calls)
                .number("call mean µs", r -> Grid.round(r.callMeanUs()))
                .number("round trips", DirtyCallRow::roundTrips)
                .number("RT p50 µs", r -> Grid.round(r.rtP50Us()))
                .number("RT p99 µs", r -> Grid.round(r.rtP99Us()))
                .number("RT max µs", r -> Grid.round(r.rtMaxUs()))
                .number("RTs during a call", DirtyCallRow::rtDuringCall)
                .number("their p50 µs", r -> Grid.round(r.rtDuringCallP50Us()))
                .number("their max µs", r -> Grid.round(r.rtDuringCallMaxUs()))
                .number("RT p99 outside calls µs", r -> Grid.round(r.rtOutsideP99Us()))
                .text("BEAM (article)", r -> beam(r.site()))
                .text("outcome", DirtyCallRow::outcome)
                .build();
        var table = everyColumn.select("A long native call and the other virtual threads, " + setting, "where the call runs",
                "RTs during a call", "their p50 µs", "their max µs", "RT p99 outside calls µs", "BEAM (article)", "outcome");
        List<String> categories = rows.stream().map(r -> r.site().label()).toList();
        Map<String, List<? extends Number>> bars = new LinkedHashMap<>();
        bars.put("p50", rows.stream().map(DirtyCallRow::rtP50Us).toList());
        bars.put("p99", rows.stream().map(DirtyCallRow::rtP99Us).toList());
        bars.put("max", rows.stream().map(DirtyCallRow::rtMaxUs).toList());
        var chart = Plot.bars("Round trips of the other virtual threads while a native call runs, by where it runs",
                "round trip, µs", true, categories, bars);
        return new Section(table, chart, notes(plan, rows), List.of(), List.of(everyColumn));
    }

    /** The verdict, computed from the rows. */
    static List<String> notes(DirtyCall plan, List<DirtyCallRow> rows) {
        List<String> notes = new ArrayList<>();
        for (DirtyCallRow r : rows) {
            if (!r.measured()) {
                notes.add(String.format("%s: %s.", r.site().label(), r.outcome()));
            } else if (r.site() != CallSite.NONE) {
                notes.add(String.format("%s: %s round trips completed across %s calls of %s µs each, their median %s µs"
                                + " against %s µs (p99) outside calls.", r.site().label(), Grid.print(r.rtDuringCall()), Grid.print(r.calls()),
                        Grid.print(r.callMeanUs()), Grid.print(r.rtDuringCallP50Us()), Grid.print(r.rtOutsideP99Us())));
            } else {
                notes.add(String.format("none (baseline): %s round trips completed while the caller parked, their median %s µs.",
                        Grid.print(r.rtDuringCall()), Grid.print(r.rtDuringCallP50Us())));
            }
        }
        notes.add("One carrier (-Djdk.virtualThreadScheduler.parallelism=1, maxPoolSize=1), BEAM's +S 1; the call is libc's usleep through"
                + " java.lang.foreign, which no scheduler sees. Offloaded means a platform thread of an executor runs it while the caller parks.");
        return notes;
    }
}
