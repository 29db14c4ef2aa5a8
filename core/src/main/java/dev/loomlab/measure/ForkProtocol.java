package dev.loomlab.measure;

import java.util.ArrayList;
import java.util.List;

/**
 * The fork loop's decisions, as pure logic: fed each fresh VM's headline figure and the time all
 * VMs took so far, it says whether to start another and, at the end, why it stopped. It never reads
 * a clock, so it is tested on synthetic series.
 *
 * <p>It asks for {@link ForkPolicy#forks()} VMs first. Then, while the {@link Interval} of the
 * figures is wider than the target, it asks for one more if another VM of the average length so far
 * still fits in the budget and {@link ForkPolicy#maxForks()} is not reached.
 *
 * <p>Not thread-safe: one caller feeds it, VM after VM.
 */
public final class ForkProtocol {

    /** Why the loop stopped, or that it has not. */
    public enum Stop {
        RUNNING("running"),
        ONE_VM("one VM: no interval"),
        FIXED("the VMs asked for"),
        TARGET_MET("the interval reached its target"),
        BUDGET_SPENT("the budget ran out before the interval reached its target"),
        MAX_FORKS("the most VMs ran before the interval reached its target");

        private final String words;

        Stop(String words) {
            this.words = words;
        }

        /** The reason in words. */
        public String words() {
            return words;
        }
    }

    private final ForkPolicy policy;
    private final List<Double> figures = new ArrayList<>();
    private Stop stop = Stop.RUNNING;

    public ForkProtocol(ForkPolicy policy) {
        this.policy = policy;
    }

    /**
     * Records the VM that just ended.
     *
     * @param headline     its headline figure (NaN when it gave none)
     * @param elapsedNanos the time every VM so far took, this one included
     * @throws IllegalStateException if the loop is already over
     */
    public void record(double headline, long elapsedNanos) {
        if (!wantsMore()) {
            throw new IllegalStateException("the fork loop is over: " + stop);
        }
        figures.add(headline);
        int k = figures.size();
        if (k < policy.forks()) {
            return;
        }
        if (policy.single()) {
            stop = Stop.ONE_VM;
        } else if (policy.budget().isZero() || policy.maxForks() == policy.forks()) {
            stop = Stop.FIXED;
        } else if (interval().relativeHalfWidth() <= policy.target()) {
            stop = Stop.TARGET_MET;
        } else if (k >= policy.maxForks()) {
            stop = Stop.MAX_FORKS;
        } else if (elapsedNanos + elapsedNanos / k > policy.budget().toNanos()) {
            stop = Stop.BUDGET_SPENT;
        }
    }

    /** True while another VM should start. */
    public boolean wantsMore() {
        return stop == Stop.RUNNING;
    }

    /** {@link Stop#RUNNING} until the loop is over, then why it stopped. */
    public Stop stop() {
        return stop;
    }

    /** The interval of the figures so far. */
    public Interval interval() {
        return Interval.of(figures.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
