package dev.loomlab.report;

import dev.loomlab.experiment.Measurement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Marks on a machine's figures that a reader of a side-by-side must see before comparing them:
 * a figure that is a cold run (the only run of a fresh JVM, the JIT not warmed up) says so. One
 * {@link Mark} per machine, experiment and rule, naming the rows it covers and why.
 *
 * <p>To add a mark (a busy machine, once results carry the machine's load), add one {@link Rule}
 * to {@link #RULES}: a name, a test on a measurement, and the words that explain it. The compare
 * page, its HTML file and the workshop page all show every rule's marks.
 */
public final class RunMarks {

    /**
     * A rule: which measurements it marks and what to say about them.
     *
     * @param name    short, shown as the mark ("cold run")
     * @param applies true for a measurement this rule marks
     * @param why     the explanation for one marked measurement (e.g. its {@code summaryOf})
     */
    public record Rule(String name, Predicate<Measurement> applies, Function<Measurement, String> why) {}

    /**
     * One mark: a machine's rows of one experiment that a rule applies to.
     *
     * @param machine    the machine's label (its column)
     * @param experiment the experiment
     * @param name       the rule's name
     * @param rows       the rows marked, described ("spawn process n=1,000")
     * @param why        the explanation, from the first marked row
     */
    public record Mark(String machine, String experiment, String name, List<String> rows, String why) {

        public Mark {
            rows = List.copyOf(rows);
        }

        /** One line: "alice: cold run in spawn process n=1,000, spawn virtual n=1,000 (the only run ...)". */
        public String line() {
            return machine + ": " + name + " in " + String.join(", ", rows) + (why.isEmpty() ? "" : " (" + why + ")");
        }
    }

    /** A figure summarised from the cold run alone: one run, marked cold. */
    public static final Rule COLD = new Rule("cold run",
            m -> m.runs().size() == 1 && m.runs().get(0).cold(),
            Measurement::summaryOf);

    /** Every rule, in the order marks are shown. */
    public static final List<Rule> RULES = List.of(COLD);

    private RunMarks() {}

    /** The marks on one machine's rows of one experiment, one per rule that applies. */
    public static List<Mark> of(String machine, String experiment, List<ReportRow> rows) {
        List<Mark> marks = new ArrayList<>();
        for (Rule rule : RULES) {
            Map<String, Measurement> marked = new LinkedHashMap<>();
            for (ReportRow row : rows) {
                if (row.experiment().equals(experiment) && row.measurement() != null && rule.applies().test(row.measurement())) {
                    marked.put(row.describe(), row.measurement());
                }
            }
            if (!marked.isEmpty()) {
                String why = rule.why().apply(marked.values().iterator().next());
                marks.add(new Mark(machine, experiment, rule.name(), List.copyOf(marked.keySet()), why == null ? "" : why));
            }
        }
        return marks;
    }
}
