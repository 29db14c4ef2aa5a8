package dev.loomlab.load;

import java.util.ArrayList;
import java.util.List;

/**
 * Whether busy loops starved anyone this time, in words computed from the rows, for the sentence
 * after a load table: which kinds starved, which did not finish, which answered. Never written in
 * advance: the same notebook can starve on one machine and not on another.
 */
final class Starvation {

    private Starvation() {}

    /** "this run, under busy loops: JVM virtual and JVM process starved …; JVM platform answered", or "no kind starved". */
    static String verdict(LoadResult result) {
        List<String> starved = new ArrayList<>();
        List<String> unfinished = new ArrayList<>();
        List<String> answered = new ArrayList<>();
        long waited = 0;
        for (LoadKind kind : result.spec().kinds()) {
            List<LoadRow> loaded = result.rows().stream().filter(r -> r.kind().equals(kind.label()) && r.loops() > 0).toList();
            if (loaded.isEmpty()) {
                continue;
            }
            List<LoadRow> starvedRows = loaded.stream().filter(LoadRow::starved).toList();
            if (!starvedRows.isEmpty()) {
                starved.add(kind.runtime() + String.format(" (from %,d loop%s)", starvedRows.get(0).loops(), starvedRows.get(0).loops() == 1 ? "" : "s"));
                waited = Math.max(waited, starvedRows.get(0).waitedMillis());
            } else if (loaded.stream().allMatch(LoadRow::completed)) {
                answered.add(kind.runtime());
            } else {
                unfinished.add(kind.runtime());
            }
        }
        if (starved.isEmpty() && unfinished.isEmpty() && answered.isEmpty()) {
            return "this run had no row with busy loops";
        }
        List<String> parts = new ArrayList<>();
        if (starved.isEmpty()) {
            parts.add("no kind starved this time");
        } else {
            parts.add(join(starved) + " starved: no round trip within " + String.format("%,d ms", waited)
                    + ", frozen rather than slower");
        }
        if (!unfinished.isEmpty()) {
            parts.add(join(unfinished) + " did not finish every round trip" + (result.spec().vms() > 1 ? " in every VM" : "")
                    + " (see the result column)");
        }
        if (!answered.isEmpty()) {
            parts.add(join(answered) + " answered every round trip under every load");
        }
        return "this run, under busy loops: " + String.join("; ", parts);
    }

    private static String join(List<String> names) {
        if (names.size() == 1) {
            return names.get(0);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }
}
