package dev.loomlab.supervise;

import java.time.Duration;
import java.util.Deque;
import java.util.Objects;

/**
 * OTP's restart intensity ({@code intensity}/{@code period}, once {@code max_restarts}/{@code max_seconds}):
 * a supervisor restarts at most {@code maxRestarts} children within any {@code period}. The restart
 * that would be one more is refused: the supervisor stops every child and ends itself with
 * {@link Supervisor#GAVE_UP}. A crash loop thus escalates instead of spinning forever.
 *
 * @param maxRestarts restarts allowed within {@code period}; 0 means none
 * @param period      the sliding window they are counted in
 */
public record RestartIntensity(int maxRestarts, Duration period) {

    /** OTP's default: 1 restart in 5 seconds. */
    public static final RestartIntensity OTP_DEFAULT = new RestartIntensity(1, Duration.ofSeconds(5));

    public RestartIntensity {
        Objects.requireNonNull(period, "period");
        if (maxRestarts < 0) {
            throw new IllegalArgumentException("--max-restarts must be 0 or more, got " + maxRestarts);
        }
        if (period.isNegative() || period.isZero()) {
            throw new IllegalArgumentException("the restart period (--within) must be positive, got " + period);
        }
    }

    /** At most {@code maxRestarts} in {@code period}. */
    public static RestartIntensity of(int maxRestarts, Duration period) {
        return new RestartIntensity(maxRestarts, period);
    }

    /**
     * Records a restart at {@code nowNanos} in {@code history} (oldest first), forgets the ones
     * that left the window, and says whether this one is allowed.
     */
    boolean allowsAnother(Deque<Long> history, long nowNanos) {
        history.addLast(nowNanos);
        while (!history.isEmpty() && nowNanos - history.peekFirst() >= period.toNanos()) {
            history.removeFirst();
        }
        return history.size() <= maxRestarts;
    }

    @Override
    public String toString() {
        return "at most " + maxRestarts + " restart" + (maxRestarts == 1 ? "" : "s") + " in "
                + dev.loomlab.util.Durations.format(period);
    }
}
