package dev.loomlab.measure;

import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Round trips as they were timed: each one's start (on {@link System#nanoTime()}'s clock) and
 * duration, up to a capacity, with an HdrHistogram of all of them. Kept in order so that a round
 * trip can be matched with what happened at the same time (a GC pause, a native call), and split
 * into those that overlapped such an interval and those that did not. Not thread-safe: one
 * timing thread records.
 */
public final class RoundTripLog {

    private final long[] starts;
    private final long[] durations;
    private final Histogram histogram = new Histogram(3);
    private int size;
    private long dropped;

    /** A log that keeps up to {@code capacity} round trips (the histogram keeps counting past it). */
    public RoundTripLog(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, got " + capacity);
        }
        starts = new long[capacity];
        durations = new long[capacity];
    }

    /** Records one round trip that started at {@code startNanos} and took {@code nanos}. */
    public void record(long startNanos, long nanos) {
        histogram.recordValue(Math.max(0, nanos));
        if (size < starts.length) {
            starts[size] = startNanos;
            durations[size] = nanos;
            size++;
        } else {
            dropped++;
        }
    }

    /** Round trips timed. */
    public long count() {
        return histogram.getTotalCount();
    }

    /** Round trips timed but not kept for matching (past the capacity). */
    public long dropped() {
        return dropped;
    }

    /** A percentile (0-100) in microseconds, NaN if empty. */
    public double percentileMicros(double percentile) {
        return count() == 0 ? Double.NaN : histogram.getValueAtPercentile(percentile) / 1_000.0;
    }

    /** The slowest in microseconds, NaN if empty. */
    public double maxMicros() {
        return count() == 0 ? Double.NaN : histogram.getMaxValue() / 1_000.0;
    }

    /**
     * The kept round trips that overlapped ({@code overlapping == true}) or did not overlap one of
     * {@code intervals}, each {@code {startNanos, endNanos}}, as a new log.
     */
    public RoundTripLog split(List<long[]> intervals, boolean overlapping) {
        long[][] sorted = intervals.stream().sorted((a, b) -> Long.compare(a[0], b[0])).toArray(long[][]::new);
        long[] ends = Arrays.stream(sorted).mapToLong(i -> i[1]).toArray();
        // the latest end among intervals starting at or before each one, for a binary search on starts
        for (int i = 1; i < ends.length; i++) {
            ends[i] = Math.max(ends[i], ends[i - 1]);
        }
        long[] startsOf = Arrays.stream(sorted).mapToLong(i -> i[0]).toArray();
        RoundTripLog out = new RoundTripLog(Math.max(1, size));
        for (int i = 0; i < size; i++) {
            long s = starts[i];
            long e = s + durations[i];
            int k = upperBound(startsOf, e) - 1; // last interval starting before this round trip ends
            boolean overlaps = k >= 0 && ends[k] > s;
            if (overlaps == overlapping) {
                out.record(s, durations[i]);
            }
        }
        return out;
    }

    private static int upperBound(long[] sorted, long value) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < value) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
