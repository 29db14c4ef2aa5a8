package dev.loomlab.load;

import dev.loomlab.published.PublishedFigure;
import dev.loomlab.view.Grid;
import dev.loomlab.view.Tabular;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The German article's anomaly, asked of our rows: "with no load the median is higher than with
 * one load process". Per kind, the median round trip with 0 busy loops against the one with 1, and
 * whether ours shows the same; a kind with no median at 0 or 1 (starved, failed, not run) says so.
 *
 * @param result the load rows to read
 */
public record IdleAnomaly(LoadResult result) implements Tabular {

    /** One kind's answer. */
    record Answer(String runtime, double idleP50, double oneLoopP50, String shows) {}

    /** The answer for one kind's rows. */
    static Answer of(String runtime, List<LoadRow> rows) {
        Optional<LoadRow> idle = rows.stream().filter(r -> r.loops() == 0).findFirst();
        Optional<LoadRow> one = rows.stream().filter(r -> r.loops() == 1).findFirst();
        double p0 = idle.map(LoadRow::roundTripMicrosP50).orElse(Double.NaN);
        double p1 = one.map(LoadRow::roundTripMicrosP50).orElse(Double.NaN);
        String shows;
        if (idle.isEmpty() || one.isEmpty()) {
            shows = "not asked: the run needs rows with 0 and with 1 busy loop";
        } else if (Double.isNaN(p0) || Double.isNaN(p1)) {
            LoadRow missing = Double.isNaN(p0) ? idle.get() : one.get();
            shows = "cannot tell: no median with " + missing.loops() + " busy loop" + (missing.loops() == 1 ? "" : "s")
                    + " (" + missing.verdict() + ")";
        } else if (p0 > p1) {
            shows = "yes: the median with no load is " + Grid.printRatio(p0 / p1) + "× the one with one loop";
        } else {
            shows = "no: the median with one loop is " + Grid.printRatio(p1 / p0) + "× the one with no load";
        }
        return new Answer(runtime, p0, p1, shows);
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
                rows.add(new Answer(f.runtime() + " (published)", f.value(), Double.NaN, "yes (" + f.note() + "; the article "
                        + "gives no figure for its plain +S 1 median at 0 or 1, and does not know the cause)"));
            }
        }
        return Grid.of("Is the median round trip higher with no load than with one busy loop? (the German article: yes, "
                        + "on BEAM, cause unknown)", rows)
                .text("runtime", Answer::runtime)
                .number("p50 µs, 0 loops", a -> Grid.round(a.idleP50()))
                .number("p50 µs, 1 loop", a -> Grid.round(a.oneLoopP50()))
                .text("shows the anomaly?", Answer::shows)
                .build();
    }

    /** One sentence from this run: which kinds show it, which do not, which cannot tell. */
    @Override
    public List<String> notes() {
        List<Answer> answers = answers();
        List<String> yes = answers.stream().filter(a -> a.shows().startsWith("yes")).map(Answer::runtime).toList();
        List<String> no = answers.stream().filter(a -> a.shows().startsWith("no:")).map(Answer::runtime).toList();
        List<String> cannot = answers.stream().filter(a -> !a.shows().startsWith("yes") && !a.shows().startsWith("no:"))
                .map(Answer::runtime).toList();
        return List.of(String.format("in this run the anomaly shows for %s; not for %s; no answer for %s. One run's medians: "
                        + "a difference of a few percent can turn over in the next run",
                yes.isEmpty() ? "no kind" : String.join(", ", yes), no.isEmpty() ? "none" : String.join(", ", no),
                cannot.isEmpty() ? "none" : String.join(", ", cannot)));
    }

    @Override
    public String toString() {
        return Tabular.text(this);
    }
}
