package dev.loomlab.experiment;

import dev.loomlab.measure.Units;
import dev.loomlab.published.PublishedFigure;
import java.util.Optional;

/**
 * The comparison sentence that ends a section, built from the measurement of that run and never
 * written in advance: "on this machine a hop costs 940 ns steady, 1.1× BEAM's 825 ns (cold: 26.0 µs)".
 * It says which figure it quotes (steady, not steady, or cold), and when the machine was busy.
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
        StringBuilder s = new StringBuilder("on this machine ").append(what).append(" costs ").append(format(metric, ours));
        boolean several = m.runs().size() > 1;
        if (m.steady()) {
            s.append(" steady");
        } else if (Measurement.NOT_STEADY.equals(m.steadiness())) {
            s.append(" in the last run, NOT steady (the runs still disagreed when the warm-up budget ran out)");
        } else if (!several) {
            s.append(" in a single cold run");
        } else {
            s.append(" (median of the warm runs, not checked for steadiness)");
        }
        Optional<PublishedFigure> published = m.published(metric);
        if (published.isPresent()) {
            double theirs = published.get().value();
            s.append(String.format(", %s× BEAM's %s", ratio(ours / theirs), format(metric, theirs)));
        }
        if (several) {
            s.append(" (cold: ").append(format(metric, m.cold(metric))).append(')');
        }
        if (m.env() != null && m.env().busy()) {
            s.append("; the machine was busy (").append(m.env().loadWords()).append(')');
        }
        return s.toString();
    }

    /** A ratio with two significant digits: 1.1, 11, 0.53. */
    static String ratio(double r) {
        if (Double.isNaN(r) || Double.isInfinite(r)) {
            return "?";
        }
        return r >= 10 ? String.format("%,.0f", r) : r >= 1 ? String.format("%.1f", r) : String.format("%.2f", r);
    }

    /** Time metrics (names with "ns" or "Millis") as durations, byte metrics as sizes, others as numbers. */
    static String format(String metric, double value) {
        if (metric.startsWith("ns") || metric.contains("Ns")) {
            return Units.nanos(value);
        }
        if (metric.endsWith("Millis")) {
            return Units.nanos(value * 1e6);
        }
        if (metric.toLowerCase().contains("bytes")) {
            return Units.bytes(value);
        }
        return String.format("%,.2f", value);
    }
}
