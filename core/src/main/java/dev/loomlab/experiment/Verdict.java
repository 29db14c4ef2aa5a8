package dev.loomlab.experiment;

import dev.loomlab.measure.Interval;
import dev.loomlab.measure.Units;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.view.Grid;
import java.util.Optional;

/**
 * The comparison sentence that ends a section, built from the measurement of that run and never
 * written in advance: "on this machine a hop costs 940 ns steady; beside the BEAM figure published on
 * another machine (825 ns) it is 1.1× (cold: 26.0 µs)". It says which figure it quotes (steady, not
 * steady, or cold; over several VMs with its interval), and when the machine was busy. Two
 * measurements of this machine are compared by {@link #compare}, which says "faster" or "slower" only
 * when their intervals do not overlap.
 */
public final class Verdict {

    private Verdict() {}

    /**
     * The sentence for {@code metric} of {@code m}.
     *
     * @param what what one unit of the metric is, e.g. "a hop", "a spawn", "a round trip (p50)"
     */
    public static String of(Measurement m, String metric, String what) {
        if (!"ok".equals(m.outcome())) {
            return String.format("on this machine %s could not be measured this time: %s", what, m.outcome());
        }
        double ours = m.metric(metric);
        if (Double.isNaN(ours)) {
            return String.format("this run has no figure %s for %s", metric, what);
        }
        StringBuilder s = new StringBuilder("on this machine ").append(what).append(" costs ");
        s.append(m.vms() > 1 ? figure(metric, m.interval(metric), m.vms()) : format(metric, ours));
        boolean several = m.runs().size() > 1;
        // the steadiness is the judged metric's: another metric names it
        String on = m.steadinessOn(metric);
        boolean ownLabel = on.isEmpty();
        if (m.vms() > 1) {
            s.append(m.steady() ? ", steady" + on + " in every VM" : ", " + m.steadiness() + on + " in at least one VM");
        } else if (m.steady()) {
            s.append(ownLabel ? " steady" : " (median of the measured runs once " + m.judged() + " was steady)");
        } else if (Measurement.NOT_STEADY.equals(m.steadiness())) {
            s.append(" in the last run, NOT steady (").append(ownLabel ? "the runs" : "the runs' " + m.judged())
                    .append(" still disagreed when the warm-up budget ran out)");
        } else if (Measurement.SCATTERED.equals(m.steadiness())) {
            s.append(ownLabel ? " (median of measured runs that disagree beyond the tolerance)"
                    : " (median of the measured runs, whose " + m.judged() + " disagreed beyond the tolerance)");
        } else if (!several) {
            s.append(" in a single cold run");
        } else {
            s.append(" (median of the warm runs, not checked for steadiness)");
        }
        Optional<PublishedFigure> published = m.published(metric);
        if (published.isPresent()) {
            double theirs = published.get().value();
            s.append(String.format("; beside the BEAM figure published on another machine (%s) it is %s×",
                    format(metric, theirs), Grid.printRatio(ours / theirs)));
        }
        if (several) {
            s.append(" (cold: ").append(format(metric, m.cold(metric))).append(')');
        }
        if (m.env() != null && m.env().busy()) {
            s.append("; the machine was busy (").append(m.env().loadWords()).append(')');
        }
        return s.toString();
    }

    /** What two intervals of one metric allow a sentence to say. */
    public enum Relation {
        /** The first interval lies wholly below the second. */
        BELOW,
        /** The first interval lies wholly above the second. */
        ABOVE,
        /** The intervals overlap: no difference this run can show. */
        NOT_DISTINGUISHABLE,
        /** One side (or both) is one VM's figure, or has none: no interval to compare. */
        NO_INTERVAL
    }

    /** How interval {@code a} lies against interval {@code b}. */
    public static Relation relation(Interval a, Interval b) {
        if (!a.has() || !b.has()) {
            return Relation.NO_INTERVAL;
        }
        if (a.overlaps(b)) {
            return Relation.NOT_DISTINGUISHABLE;
        }
        return a.high() < b.low() ? Relation.BELOW : Relation.ABOVE;
    }

    /**
     * The sentence comparing two measurements of {@code metric} made on this machine, the reference
     * ({@code theirs}, e.g. BEAM here) named first: both figures with their intervals, the ratio, and
     * "lower"/"higher" ("faster", "lighter", ...) only when the intervals do not overlap; otherwise
     * "not distinguishable on this machine in this run", or, when a side is one VM's, that there is no
     * interval to decide on (or, when the two figures are equal, as limit counts often are, that they are the same).
     *
     * @param theirsName e.g. "BEAM here"
     * @param oursName   e.g. "the JVM (process)"
     */
    public static String compare(String metric, Measurement theirs, String theirsName, Measurement ours, String oursName) {
        if (!theirs.ok() || Double.isNaN(theirs.metric(metric))) {
            return String.format("%s: no figure (%s); %s: %s", theirsName, theirs.ok() ? "none by that name" : theirs.outcome(),
                    oursName, ours.ok() ? figure(metric, ours.interval(metric), ours.vms()) : ours.outcome());
        }
        if (!ours.ok() || Double.isNaN(ours.metric(metric))) {
            return String.format("%s: %s; %s: no figure (%s)", theirsName, figure(metric, theirs.interval(metric), theirs.vms()),
                    oursName, ours.ok() ? "none by that name" : ours.outcome());
        }
        return compare(metric, theirs.interval(metric), theirs.vms(), theirsName, ours.interval(metric), ours.vms(), oursName);
    }

    /** The same sentence from two intervals ({@link Measurement#interval}) and the VMs each is made of. */
    public static String compare(String metric, Interval theirs, int theirVms, String theirsName,
                                 Interval ours, int ourVms, String oursName) {
        return sentence(metric, theirs, theirVms, theirsName, ours, ourVms, oursName, "on this machine in this run");
    }

    /**
     * The same sentence for one figure measured on two machines ({@code loomlab compare}, a
     * workshop), the reference machine named first: "faster" or "slower" only when their intervals
     * do not overlap.
     */
    public static String compareMachines(String metric, Interval theirs, int theirVms, String theirsName,
                                         Interval ours, int ourVms, String oursName) {
        return sentence(metric, theirs, theirVms, theirsName, ours, ourVms, oursName, "between these machines");
    }

    private static String sentence(String metric, Interval theirs, int theirVms, String theirsName,
                                   Interval ours, int ourVms, String oursName, String where) {
        String head = String.format("%s %s, %s %s: %s is %s× %s", theirsName, figure(metric, theirs, theirVms),
                oursName, figure(metric, ours, ourVms), oursName, Grid.printRatio(ours.median() / theirs.median()), theirsName);
        return head + switch (relation(ours, theirs)) {
            case BELOW -> String.format(", %s (the intervals do not overlap)", better(metric, true));
            case ABOVE -> String.format(", %s (the intervals do not overlap)", better(metric, false));
            case NOT_DISTINGUISHABLE -> ", not distinguishable " + where + " (the intervals overlap)";
            case NO_INTERVAL -> noInterval(metric, ours, theirs);
        };
    }

    /** Two figures of which at least one is one VM's: the same, or no interval to say which is lower. */
    private static String noInterval(String metric, Interval ours, Interval theirs) {
        boolean oneSide = ours.has() || theirs.has();
        if (ours.median() == theirs.median()) {
            return ", the same figure (" + (oneSide ? "one side" : "each") + " measured in one VM)";
        }
        return (oneSide ? ", with one side" : ", each") + " measured in one VM: no interval to say which is " + better(metric, true);
    }

    /**
     * What {@code relation} (ours against the reference) lets a table cell say: "{@code subject}
     * faster" (slower, lighter, ...), "not distinguishable" or "no interval".
     */
    public static String cell(String metric, Relation relation, String subject) {
        return switch (relation) {
            case BELOW, ABOVE -> subject + " " + better(metric, relation == Relation.BELOW);
            case NOT_DISTINGUISHABLE -> "not distinguishable";
            case NO_INTERVAL -> "no interval";
        };
    }

    /**
     * The clause that follows a comparison on this machine with the published BEAM figure, named as
     * another machine's: "; the BEAM figure published on another machine is 695 ns: the JVM would be
     * 1.49× it"; empty when either figure is missing or the published one is zero.
     */
    public static String besidePublished(String metric, double ours, double published) {
        if (Double.isNaN(ours) || Double.isNaN(published) || published == 0) {
            return "";
        }
        return String.format("; the BEAM figure published on another machine is %s: the JVM would be %s× it",
                format(metric, published), Grid.printRatio(ours / published));
    }

    /** "1.2 µs [1.1 µs, 1.3 µs] over 5 VMs", or "1.2 µs (one VM)". */
    static String figure(String metric, Interval interval, int vms) {
        if (!interval.has()) {
            return format(metric, interval.median()) + " (one VM)";
        }
        return String.format("%s [%s, %s] over %d VMs", format(metric, interval.median()), format(metric, interval.low()),
                format(metric, interval.high()), vms);
    }

    /** The word for a lower figure (or a higher one) of this metric: faster for times, lighter for bytes. */
    static String better(String metric, boolean lower) {
        if (Units.isNanos(metric) || metric.endsWith("Millis")) {
            return lower ? "faster" : "slower";
        }
        if (metric.toLowerCase().contains("bytes")) {
            return lower ? "lighter" : "heavier";
        }
        return lower ? "lower" : "higher";
    }

    /** Time metrics (names with "ns" or "Millis") as durations, byte metrics as sizes, others as numbers. */
    public static String format(String metric, double value) {
        if (Units.isNanos(metric)) {
            return Units.nanos(value);
        }
        if (metric.endsWith("Millis")) {
            return Units.nanos(value * 1e6);
        }
        if (metric.toLowerCase().contains("bytes")) {
            return Units.bytes(value);
        }
        return Grid.print(value);
    }
}
