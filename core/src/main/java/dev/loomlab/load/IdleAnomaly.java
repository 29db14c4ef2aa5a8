package dev.loomlab.load;

import dev.loomlab.experiment.Verdict;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.view.Grid;
import dev.loomlab.view.Tabular;
import java.util.ArrayList;
import java.util.List;

/**
 * The German article's anomaly, asked of our rows: "with no load the median is higher than with
 * one load process". Per kind, the median round trip with 0 busy loops against the one with 1, each
 * with its interval across fresh VMs, and whether ours shows the same; a kind with no median at 0 or
 * 1 (starved, failed, not run) says so.
 *
 * @param result the load rows to read
 */
public record IdleAnomaly(LoadResult result) implements Tabular {

    /** One kind's answer: its median round trip with 0 and with 1 busy loop (with their intervals), and what they show. */
    record Answer(String runtime, String idleP50, String oneLoopP50, String shows) {
        Answer(String runtime, LoadRow idle, LoadRow oneLoop, String shows) {
            this(runtime, idle == null ? "" : idle.p50Cell(), oneLoop == null ? "" : oneLoop.p50Cell(), shows);
        }
    }

    /**
     * The answer for one kind's rows: "yes" or "no" where both rows have their intervals across fresh
     * VMs and those do not overlap, "not distinguishable" where they overlap; with one VM a row, the
     * medians alone decide, and the answer says there is no interval.
     */
    static Answer of(String runtime, List<LoadRow> rows) {
        LoadRow idle = rows.stream().filter(r -> r.loops() == 0).findFirst().orElse(null);
        LoadRow one = rows.stream().filter(r -> r.loops() == 1).findFirst().orElse(null);
        if (idle == null || one == null) {
            return new Answer(runtime, idle, one, "not asked: the run needs rows with 0 and with 1 busy loop");
        }
        double p0 = idle.roundTripMicrosP50();
        double p1 = one.roundTripMicrosP50();
        if (Double.isNaN(p0) || Double.isNaN(p1)) {
            LoadRow missing = Double.isNaN(p0) ? idle : one;
            return new Answer(runtime, idle, one, "cannot tell: no median with " + missing.loops() + " busy loop"
                    + (missing.loops() == 1 ? "" : "s") + " (" + missing.verdict() + ")");
        }
        Verdict.Relation relation = Verdict.relation(idle.interval(LoadRow::roundTripMicrosP50),
                one.interval(LoadRow::roundTripMicrosP50));
        String higher = p0 > p1
                ? "the median with no load is " + Grid.printRatio(p0 / p1) + "× the one with one loop"
                : "the median with one loop is " + Grid.printRatio(p1 / p0) + "× the one with no load";
        String shows = switch (relation) {
            case ABOVE -> "yes: " + higher + " (the intervals do not overlap)";
            case BELOW -> "no: " + higher + " (the intervals do not overlap)";
            case NOT_DISTINGUISHABLE -> "not distinguishable: " + higher + ", but the intervals overlap";
            case NO_INTERVAL -> (p0 > p1 ? "yes: " : "no: ") + higher + " (one VM a row: no interval)";
        };
        return new Answer(runtime, idle, one, shows);
    }

    /** Every kind of the run, in the spec's order. */
    List<Answer> answers() {
        List<Answer> answers = new ArrayList<>();
        for (LoadKind k : result.spec().kinds()) {
            answers.add(of(k.runtime(), result.rows().stream().filter(r -> r.kind().equals(k.label())).toList()));
        }
        return answers;
    }

    @Override
    public Grid grid() {
        List<Answer> rows = new ArrayList<>(answers());
        for (PublishedFigure f : result.published()) {
            if (f.source().equals("unter-last") && f.n() != null && f.n() == 0) {
                rows.add(new Answer(f.runtime() + " (published)", Grid.print(f.value()), "", "yes (" + f.note() + "; the article "
                        + "gives no figure for its plain +S 1 median at 0 or 1, and does not know the cause)"));
            }
        }
        return Grid.of("Is the median round trip higher with no load than with one busy loop? (the German article: yes, "
                        + "on BEAM, cause unknown)", rows)
                .text("runtime", Answer::runtime)
                .text("p50 µs, 0 loops", Answer::idleP50)
                .text("p50 µs, 1 loop", Answer::oneLoopP50)
                .text("shows the anomaly?", Answer::shows)
                .build();
    }

    /** One sentence from this run: which kinds show it, which do not, which cannot tell. */
    @Override
    public List<String> notes() {
        List<Answer> answers = answers();
        List<String> yes = answers.stream().filter(a -> a.shows().startsWith("yes")).map(Answer::runtime).toList();
        List<String> no = answers.stream().filter(a -> a.shows().startsWith("no:")).map(Answer::runtime).toList();
        List<String> overlap = answers.stream().filter(a -> a.shows().startsWith("not distinguishable")).map(Answer::runtime).toList();
        List<String> cannot = answers.stream().filter(a -> !a.shows().startsWith("yes") && !a.shows().startsWith("no:")
                        && !a.shows().startsWith("not distinguishable")).map(Answer::runtime).toList();
        boolean oneVm = result.spec().vms() == 1;
        return List.of(String.format("in this run the anomaly shows for %s; not for %s; %sno answer for %s. %s",
                yes.isEmpty() ? "no kind" : String.join(", ", yes), no.isEmpty() ? "none" : String.join(", ", no),
                overlap.isEmpty() ? "" : "not distinguishable (the intervals overlap) for " + String.join(", ", overlap) + "; ",
                cannot.isEmpty() ? "none" : String.join(", ", cannot), oneVm
                        ? "One VM a row, one run's medians: a difference of a few percent can turn over in the next run"
                        : String.format("Each row over %d fresh VMs: yes or no only where the 95%% intervals of the two medians do not overlap",
                        result.spec().vms())));
    }

    @Override
    public String toString() {
        return Tabular.text(this);
    }
}
