package dev.loomlab.measure;

import java.util.ArrayList;
import java.util.List;

/**
 * The warm-up protocol's decisions, as pure logic: fed the headline figure of each iteration and
 * the warm-up time spent so far, it says what that iteration was (cold, warm-up or measured),
 * whether to run another, and in the end whether the figure became steady. It never reads a
 * clock, so it is tested on synthetic series.
 *
 * <p>With detection on ({@link WarmupPolicy#detects()}): the first iteration is cold; warm-up
 * goes on until at least {@code minWarmup} iterations ran and the last {@code window} agree within
 * {@code tolerance}; then {@code measured} iterations are measured and the run is over. The run is
 * {@link Outcome#STEADY} only when the measured iterations agree within {@code tolerance} too;
 * {@link Outcome#SCATTERED} when they do not (the warm-up window agreed, the figure did not stay).
 * If the warm-up budget is spent first, the run is over and {@link #outcome()} is {@link Outcome#NOT_STEADY}.
 * With a fixed count: exactly that many iterations, the first cold, the others measured, and the
 * outcome {@link Outcome#FIXED} (no claim either way).
 *
 * <p>Not thread-safe: one caller feeds it, iteration after iteration.
 */
public final class SteadyState {

    /** What an iteration was. */
    public enum Phase { COLD, WARMUP, MEASURED }

    /** How the run ended. */
    public enum Outcome { RUNNING, STEADY, SCATTERED, NOT_STEADY, FIXED }

    private final WarmupPolicy policy;
    private final List<Double> values = new ArrayList<>();
    private final List<Phase> phases = new ArrayList<>();
    private boolean warm;
    private int measuredCount;
    private Outcome outcome = Outcome.RUNNING;

    public SteadyState(WarmupPolicy policy) {
        this.policy = policy;
    }

    /**
     * Records the iteration that just ran.
     *
     * @param headline          its headline figure (NaN never counts as agreeing)
     * @param warmupElapsedNanos the time spent since the first iteration started, while still warming up
     * @return what that iteration was
     * @throws IllegalStateException if the run is already over
     */
    public Phase record(double headline, long warmupElapsedNanos) {
        if (!wantsMore()) {
            throw new IllegalStateException("the run is over: " + outcome);
        }
        values.add(headline);
        Phase phase;
        if (values.size() == 1) {
            phase = Phase.COLD;
        } else if (!policy.detects() || warm) {
            phase = Phase.MEASURED;
        } else {
            phase = Phase.WARMUP;
        }
        phases.add(phase);
        if (!policy.detects()) {
            if (values.size() >= policy.fixedCount()) {
                outcome = Outcome.FIXED;
            }
        } else if (warm) {
            measuredCount++;
            if (measuredCount >= policy.measured()) {
                outcome = measuredAgree() ? Outcome.STEADY : Outcome.SCATTERED;
            }
        } else if (lastWindowAgrees()) {
            warm = true;
        } else if (warmupElapsedNanos >= policy.budget().toNanos()) {
            outcome = Outcome.NOT_STEADY;
        }
        return phase;
    }

    /** True while another iteration should run. */
    public boolean wantsMore() {
        return outcome == Outcome.RUNNING;
    }

    /** {@link Outcome#RUNNING} until the run is over, then how it ended. */
    public Outcome outcome() {
        return outcome;
    }

    /** What each recorded iteration was, in order. */
    public List<Phase> phases() {
        return List.copyOf(phases);
    }

    /** The 0-based indices of the iterations the summary is made of: measured ones, or the last one when not steady. */
    public List<Integer> summarized() {
        List<Integer> indices = new ArrayList<>();
        for (int i = 0; i < phases.size(); i++) {
            if (phases.get(i) == Phase.MEASURED) {
                indices.add(i);
            }
        }
        if (indices.isEmpty() && !values.isEmpty()) {
            indices.add(values.size() - 1);
        }
        return indices;
    }

    /** The spread of the last {@code window} warm-up figures (what steadiness was judged on), or of all so far. */
    public Spread lastWindow() {
        List<Double> warmup = new ArrayList<>();
        for (int i = 0; i < phases.size(); i++) {
            if (phases.get(i) != Phase.MEASURED) {
                warmup.add(values.get(i));
            }
        }
        List<Double> window = warmup.subList(Math.max(0, warmup.size() - policy.window()), warmup.size());
        return Spread.of(window.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The spread of the measured figures (what stayed steady, or did not). */
    public Spread measuredSpread() {
        List<Double> measured = new ArrayList<>();
        for (int i = 0; i < phases.size(); i++) {
            if (phases.get(i) == Phase.MEASURED) {
                measured.add(values.get(i));
            }
        }
        return Spread.of(measured.stream().mapToDouble(Double::doubleValue).toArray());
    }

    private boolean measuredAgree() {
        Spread measured = measuredSpread();
        return measured.count() == measuredCount && measured.relativeRange() <= policy.tolerance();
    }

    private boolean lastWindowAgrees() {
        if (values.size() < policy.minWarmup() || values.size() < policy.window()) {
            return false;
        }
        List<Double> window = values.subList(values.size() - policy.window(), values.size());
        if (window.stream().anyMatch(v -> Double.isNaN(v))) {
            return false;
        }
        double range = Spread.of(window.stream().mapToDouble(Double::doubleValue).toArray()).relativeRange();
        return range <= policy.tolerance();
    }
}
