package dev.loomlab.measure;

import dev.loomlab.util.Durations;
import java.time.Duration;

/**
 * How many fresh VMs a figure is summarised over, as JMH's forks: start with {@code forks} VMs,
 * then add one at a time while the {@link Interval} is wider than {@code target} (its half-width
 * as a fraction of its centre) and the next VM fits in {@code budget}, up to {@code maxForks}.
 * A zero budget means exactly {@code forks} VMs; one fork means one VM and no interval.
 *
 * @param forks    VMs to start with, at least 1
 * @param budget   the time all the VMs may take before no further one is added; zero for none
 * @param target   the relative half-width to reach, e.g. 0.10
 * @param maxForks the most VMs, at least {@code forks}
 */
public record ForkPolicy(int forks, Duration budget, double target, int maxForks) {

    /** One VM, no interval: what a runner's minor rows and quick looks use. */
    public static final ForkPolicy ONE = new ForkPolicy(1, Duration.ZERO, 0.10, 1);
    /** The most VMs a figure adds by itself, whatever the budget. */
    public static final int MAX_FORKS = 10;

    public ForkPolicy {
        if (forks < 1) {
            throw new IllegalArgumentException("--forks must be at least 1, got " + forks);
        }
        if (budget == null || budget.isNegative()) {
            throw new IllegalArgumentException("--forks-budget cannot be negative, got " + budget);
        }
        if (!(target > 0) || target >= 1) {
            throw new IllegalArgumentException("--target-ci must be above 0% and below 100%, got " + Math.round(target * 100) + "%");
        }
        if (maxForks < forks) {
            throw new IllegalArgumentException("at most " + maxForks + " VMs cannot start with " + forks);
        }
    }

    /**
     * Start with {@code forks} VMs, add more within {@code budget} until the interval is within
     * {@code target}; one fork is one VM, with no interval and none added.
     *
     * @throws IllegalArgumentException if {@code forks} is below 1 or above {@link #MAX_FORKS}, in words
     *                                  that name the way out
     */
    public static ForkPolicy adaptive(int forks, Duration budget, double target) {
        if (forks < 1 || forks > MAX_FORKS) {
            throw new IllegalArgumentException("--forks must be between 1 and " + MAX_FORKS + ", got " + forks
                    + ": use 1 for one VM (no interval), 3 or more for an interval");
        }
        if (forks == 1) {
            return new ForkPolicy(1, Duration.ZERO, target, 1);
        }
        return new ForkPolicy(forks, budget, target, MAX_FORKS);
    }

    /** True when the figure is one VM's. */
    public boolean single() {
        return maxForks == 1;
    }

    /** One line for notes. */
    public String describe() {
        if (single()) {
            return "one VM: no interval";
        }
        if (budget.isZero() || maxForks == forks) {
            return forks + " fresh VMs";
        }
        return String.format("%d fresh VMs, more (at most %d, within %s) until the interval's half-width is within %.0f%%",
                forks, maxForks, Durations.format(budget), target * 100);
    }
}
