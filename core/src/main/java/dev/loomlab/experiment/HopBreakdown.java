package dev.loomlab.experiment;

import dev.loomlab.process.HopTrace;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * A traced conversation's hops as metrics: for each {@link HopTrace.Segment} its mean, p50 and
 * p99 per hop (HdrHistogram), the traced hop's mean (the segments' means add up to it), and the
 * share of hops whose receiver ran on another carrier than its sender. Ring and ping-pong add these
 * to their metrics when the JVM traces hops ({@link ExperimentSpec#withHopTrace()}).
 */
public final class HopBreakdown {

    /** The traced hop's mean, ns: the sum of the segments' means. */
    public static final String HOP_MEAN = "tracedHopNsMean";
    /** The share of hops whose receiver ran on another carrier than its sender, 0..1 (NaN: not read). */
    public static final String CROSS_CARRIER = "crossCarrierShare";
    /** How many hops the trace kept whole. */
    public static final String HOPS = "tracedHops";
    /** The traced run's own hop, ns: its whole time over its hops, the untraced hops included. */
    public static final String RUN_HOP = "runNsPerHop";
    /** What one clock reading cost in the traced JVM, ns: four per traced hop, part of its segments. */
    public static final String CLOCK = "clockReadNs";

    private HopBreakdown() {}

    /** The metric for a segment's statistic, e.g. {@code wakeNsMean}, {@code wakeNsP50}, {@code wakeNsP99}. */
    public static String metric(HopTrace.Segment segment, String statistic) {
        return segment.label() + "Ns" + statistic;
    }

    /** The segments in time order. */
    public static List<HopTrace.Segment> segments() {
        return List.of(HopTrace.Segment.values());
    }

    /**
     * Summarises a trace's complete hops (incomplete ones, a send with no receive yet, are left out),
     * beside the run's own hop: {@code runNanos} over {@code hops}.
     */
    public static Map<String, Double> metrics(HopTrace.Trace trace, long runNanos, long hops) {
        HopTrace.Segment[] segments = HopTrace.Segment.values();
        Histogram[] histograms = new Histogram[segments.length];
        double[] sums = new double[segments.length];
        long highest = Duration.ofMinutes(1).toNanos();
        for (int s = 0; s < segments.length; s++) {
            histograms[s] = new Histogram(highest, 3);
        }
        long complete = 0;
        long crossed = 0;
        for (int k = 0; k < trace.hops(); k++) {
            if (!trace.complete(k)) {
                continue;
            }
            long[] parts = trace.segments(k);
            for (int s = 0; s < segments.length; s++) {
                histograms[s].recordValue(Math.min(parts[s], highest));
                sums[s] += parts[s];
            }
            complete++;
            if (trace.crossedCarriers(k)) {
                crossed++;
            }
        }
        Map<String, Double> metrics = new LinkedHashMap<>();
        double hopMean = 0;
        for (int s = 0; s < segments.length; s++) {
            double mean = complete == 0 ? Double.NaN : sums[s] / complete;
            hopMean += mean;
            metrics.put(metric(segments[s], "Mean"), mean);
            metrics.put(metric(segments[s], "P50"), complete == 0 ? Double.NaN : (double) histograms[s].getValueAtPercentile(50));
            metrics.put(metric(segments[s], "P99"), complete == 0 ? Double.NaN : (double) histograms[s].getValueAtPercentile(99));
        }
        metrics.put(HOP_MEAN, hopMean);
        metrics.put(RUN_HOP, hops > 0 ? (double) runNanos / hops : Double.NaN);
        metrics.put(CROSS_CARRIER, !trace.carriersRead() || complete == 0 ? Double.NaN : (double) crossed / complete);
        metrics.put(HOPS, (double) complete);
        metrics.put(CLOCK, trace.clockReadNanos());
        return metrics;
    }

    /** The note a traced result carries. */
    public static String note() {
        return "hops traced (-Dloomlab.hopTrace=true), one send in " + HopTrace.SAMPLE_EVERY + " with the send after it: each hop cut into send (the mailbox's CAS and the unpark of a "
                + "waiting receiver), wake (until the receiver runs again), take (the mailbox take) and forward (the "
                + "receiver's own code until its next send); the segments' means add up to tracedHopNsMean, which the "
                + "four clock readings of a traced hop make longer than an untraced one (clockReadNs is what one costs here): "
                + "compare it with runNsPerHop, the run's whole time over its hops, most of them untraced";
    }
}
