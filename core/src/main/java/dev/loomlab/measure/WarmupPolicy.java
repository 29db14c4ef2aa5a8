package dev.loomlab.measure;

import java.time.Duration;

/**
 * How a timing is warmed up and measured, as JMH's warm-up and measurement iterations are:
 * run at least {@code minWarmup} iterations, and on until the last {@code window} agree within
 * {@code tolerance}, but no longer than {@code budget} of warm-up time once {@code minWarmup + window}
 * iterations ran (three budgets at most when iterations are long); then measure
 * {@code measured} iterations. {@link #fixed(int)} turns detection off: exactly that many
 * iterations, the first cold, summarized as the median of the others without a steadiness claim.
 *
 * @param minWarmup  iterations before steadiness is even judged (the cold one included), at least 1
 * @param window     how many of the latest warm-up iterations must agree, at least 2
 * @param tolerance  how closely they must agree: (max - min) / median of the window, e.g. 0.15
 * @param budget     the warm-up's time limit; past it without a steady window the result is "not steady"
 *                   (once {@code minWarmup + window} iterations ran, or at three times it)
 * @param measured   iterations measured once steady (K), at least 1
 * @param fixedCount when above 0, detection is off and this many iterations run
 */
public record WarmupPolicy(int minWarmup, int window, double tolerance, Duration budget, int measured, int fixedCount) {

    /** The default's warm-up iterations before steadiness is judged, as a constant the command line's help can name. */
    public static final int DEFAULT_MIN_WARMUP = 3;
    /** The default's window of iterations that must agree. */
    public static final int DEFAULT_WINDOW = 3;
    /** The default's tolerance, in percent. */
    public static final int DEFAULT_TOLERANCE_PERCENT = 15;

    /** The default: at least 3 warm-up iterations, the last 3 within 15%, 10 s of warm-up, 5 measured. */
    public static final WarmupPolicy DEFAULT = new WarmupPolicy(DEFAULT_MIN_WARMUP, DEFAULT_WINDOW, DEFAULT_TOLERANCE_PERCENT / 100.0,
            Duration.ofSeconds(10), 5, 0);

    public WarmupPolicy {
        if (minWarmup < 1) {
            throw new IllegalArgumentException("at least one warm-up iteration, got " + minWarmup);
        }
        if (window < 2) {
            throw new IllegalArgumentException("steadiness compares at least 2 iterations, got " + window);
        }
        if (!(tolerance > 0)) {
            throw new IllegalArgumentException("the tolerance must be positive, got " + tolerance);
        }
        if (budget == null || budget.isNegative() || budget.isZero()) {
            throw new IllegalArgumentException("the warm-up budget must be positive, got " + budget);
        }
        if (measured < 1) {
            throw new IllegalArgumentException("at least one measured iteration, got " + measured);
        }
        if (fixedCount < 0) {
            throw new IllegalArgumentException("a fixed count cannot be negative, got " + fixedCount);
        }
    }

    /** Exactly {@code count} iterations, no steadiness detection (the CLI's {@code --repeat N --no-warmup}). */
    public static WarmupPolicy fixed(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("--repeat must be at least 1, got " + count);
        }
        return new WarmupPolicy(1, 2, DEFAULT.tolerance, DEFAULT.budget, 1, count);
    }

    /** True when steadiness is detected (the default); false for a fixed count. */
    public boolean detects() {
        return fixedCount == 0;
    }

    public WarmupPolicy withMeasured(int k) {
        return new WarmupPolicy(minWarmup, window, tolerance, budget, k, fixedCount);
    }

    public WarmupPolicy withBudget(Duration newBudget) {
        return new WarmupPolicy(minWarmup, window, tolerance, newBudget, measured, fixedCount);
    }

    public WarmupPolicy withTolerance(double newTolerance) {
        return new WarmupPolicy(minWarmup, window, newTolerance, budget, measured, fixedCount);
    }

    /** The runs a warm-up makes before its budget can end it: two windows past the minimum's first. */
    public int runsBeforeBudgetEnds() {
        return minWarmup + window;
    }

    /** The most warm-up time whatever the count of runs: three budgets, so long runs still reach a window. */
    public Duration longestWarmup() {
        return budget.multipliedBy(3);
    }

    /** One line for notes: what the protocol was. */
    public String describe() {
        if (!detects()) {
            return fixedCount + " iteration" + (fixedCount == 1 ? "" : "s") + " in one JVM, no steadiness detection";
        }
        return String.format("warm-up: at least %d iterations, until the last %d agree within %.0f%%, at most %s "
                + "once %d ran (%s in all); then %d measured", minWarmup, window, tolerance * 100, budget.toMillis() + " ms",
                runsBeforeBudgetEnds(), longestWarmup().toMillis() + " ms", measured);
    }
}
