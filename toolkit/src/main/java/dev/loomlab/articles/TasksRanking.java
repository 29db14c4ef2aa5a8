package dev.loomlab.articles;

import dev.loomlab.experiment.Experiments;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.view.Grid;
import dev.loomlab.view.Section;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The million-tasks benchmark's ranking claims, computed from the published dataset rather than
 * typed: at one tier of one benchmark year, every runtime ordered by peak memory with its ratio to
 * the winner, and the article's two sentences about Go ("more than 13 times the winner", "more
 * than twice Java") checked against those numbers.
 */
final class TasksRanking {

    /** One runtime's place at one tier. */
    record Place(int rank, String runtime, double peakMb, double timesWinner) {}

    /** One of the article's comparisons: who, against whom, the factor it claims, and what the data say. */
    record Claim(String who, String against, double claimedAtLeast, double computed) {
        boolean holds() {
            return computed >= claimedAtLeast;
        }

        String sentence() {
            if (Double.isNaN(computed)) {
                return String.format("%s against %s: the dataset lacks one of the two figures, so the claim cannot be checked",
                        who, against);
            }
            return String.format("%s needs %s× the memory of %s: the article's \"more than %s×\" %s", who, Grid.print(computed), against,
                    trim(claimedAtLeast), holds() ? "holds" : "does NOT hold");
        }
    }

    private TasksRanking() {}

    /** A published number as printed: 13, 196.59 (no trailing zeros). */
    static String trim(double v) {
        return v == Math.rint(v) ? String.format("%,.0f", v) : java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    /** The runtimes of {@code source} published at tier {@code n}, lowest peak first, with their ratio to the winner. */
    static List<Place> rank(List<PublishedFigure> figures, String source, long n) {
        List<PublishedFigure> at = figures.stream()
                .filter(f -> f.source().equals(source) && f.n() != null && f.n() == n)
                .sorted(Comparator.comparingDouble(PublishedFigure::value)).toList();
        List<Place> places = new ArrayList<>();
        for (int i = 0; i < at.size(); i++) {
            places.add(new Place(i + 1, at.get(i).runtime(), at.get(i).value(), at.get(i).value() / at.get(0).value()));
        }
        return places;
    }

    /** The place of the first runtime whose name starts with {@code prefix}, if it is ranked. */
    static Optional<Place> find(List<Place> places, String prefix) {
        return places.stream().filter(p -> p.runtime().startsWith(prefix)).findFirst();
    }

    /** The ratio of two ranked runtimes (by name prefix), NaN where one is missing. */
    static double ratio(List<Place> places, String who, String against) {
        Optional<Place> a = find(places, who);
        Optional<Place> b = find(places, against);
        return a.isPresent() && b.isPresent() ? a.get().peakMb() / b.get().peakMb() : Double.NaN;
    }

    /** The article's two claims at 1M (2024): Go against the winner, Go against Java. */
    static List<Claim> claims(List<Place> places) {
        String winner = places.isEmpty() ? "the winner" : places.get(0).runtime();
        double goVsWinner = find(places, "Go").map(Place::timesWinner).orElse(Double.NaN);
        return List.of(new Claim("Go", winner + " (the winner)", 13, goVsWinner),
                new Claim("Go", "Java OpenJDK virtual threads", 2, ratio(places, "Go", "Java OpenJDK")));
    }

    /** The ranking at {@code n} for both benchmark years, the claims checked, as one section. */
    static Section at(long n) {
        List<PublishedFigure> figures = Experiments.TASKS.published("peakMegabytes");
        record Row(String year, Place place) {}
        List<Row> rows = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (String source : List.of(MillionTasks.SOURCE_2024, MillionTasks.SOURCE_2023)) {
            String year = source.endsWith("2024") ? "2024 Take 2" : "2023 original";
            List<Place> places = rank(figures, source, n);
            places.forEach(p -> rows.add(new Row(year, p)));
            if (places.isEmpty()) {
                notes.add(String.format("%s: no runtime published at %,d tasks", year, n));
                continue;
            }
            Place java = find(places, "Java OpenJDK").orElse(null);
            notes.add(String.format("%s at %,d tasks: %s wins with %s MB%s", year, n, places.get(0).runtime(),
                    trim(places.get(0).peakMb()), java == null || java.rank() == 1 ? "" : String.format("; Java OpenJDK virtual threads "
                            + "rank %d of %d at %s× the winner", java.rank(), places.size(), Grid.printRatio(java.timesWinner()))));
            if (source.equals(MillionTasks.SOURCE_2024)) {
                claims(places).forEach(c -> notes.add(year + ": " + c.sentence()));
            } else {
                double go = ratio(places, "Go", "Java OpenJDK");
                if (!Double.isNaN(go)) {
                    notes.add(String.format("%s: Go needs %s× the memory of Java OpenJDK virtual threads", year, Grid.printRatio(go)));
                }
            }
        }
        var table = Grid.of(String.format("The benchmark's ranking at %,d tasks, computed from the published peaks "
                        + "(lowest first; the ratio is to that year's winner)", n), rows)
                .text("benchmark", Row::year)
                .whole("rank", r -> r.place().rank())
                .text("runtime", r -> r.place().runtime())
                .number("peak MB (published)", r -> r.place().peakMb())
                .number("× the winner", r -> Grid.round(r.place().timesWinner()))
                .build();
        return new Section(table, null, notes);
    }
}
