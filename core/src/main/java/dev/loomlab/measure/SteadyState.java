package dev.loomlab.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import java.util.function.ToDoubleFunction;

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
 * If the warm-up budget is spent first, the run is over and {@link #outcome()} is {@link Outcome#NOT_STEADY};
 * the budget is spent once at least {@code minWarmup + window} iterations ran, or at three times
 * its time whatever the count (a long iteration gets its window before the budget ends it).
 * With a fixed count: exactly that many iterations, the first cold, the others measured, and the
 * outcome {@link Outcome#FIXED} (no claim either way).
 *
 * <p>{@link #runUntilOver} is the one loop that runs iterations under it (the toolkit's
 * experiments run through it in {@code Experiments.runHere}), and {@link #untilSteady} is that loop
 * in one line for a reader's cell: {@code untilSteady(() -> oneRun())}. The decisions themselves
 * never read a clock; the loop reads one to know how much warm-up time was spent.
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
     * The reader's form of the protocol: calls {@code run} under {@link WarmupPolicy#DEFAULT} until it
     * is over, each call's value being that iteration's figure, and returns the protocol, which says
     * the {@link #summary()}, the {@link #cold()} figure and the {@link #outcome()}.
     *
     * @throws Exception what {@code run} threw
     */
    public static SteadyState untilSteady(Callable<? extends Number> run) throws Exception {
        return new SteadyState(WarmupPolicy.DEFAULT).runUntilOver(run, Number::doubleValue, (result, phase) -> {});
    }

    /**
     * Runs {@code run} until this protocol is over, recording {@code headline} of each result with
     * the warm-up time spent since the first call started; {@code each} sees every result with what
     * it was, as soon as it is recorded.
     *
     * @return this protocol, over
     * @throws Exception what {@code run} or {@code each} threw
     */
    public <T> SteadyState runUntilOver(Callable<T> run, ToDoubleFunction<? super T> headline,
                                        BiConsumer<? super T, Phase> each) throws Exception {
        long start = System.nanoTime();
        while (wantsMore()) {
            T result = run.call();
            Phase phase = record(headline.applyAsDouble(result), System.nanoTime() - start);
            each.accept(result, phase);
        }
        return this;
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
        } else if (budgetSpent(warmupElapsedNanos)) {
            outcome = Outcome.NOT_STEADY;
        }
        return phase;
    }

    /** The budget ends a warm-up that has had its runs ({@link WarmupPolicy#runsBeforeBudgetEnds}), or its longest time. */
    private boolean budgetSpent(long warmupElapsedNanos) {
        return warmupElapsedNanos >= policy.budget().toNanos() && values.size() >= policy.runsBeforeBudgetEnds()
                || warmupElapsedNanos >= policy.longestWarmup().toNanos();
    }

    /** True while another iteration should run. */
    public boolean wantsMore() {
        return outcome == Outcome.RUNNING;
    }

    /** {@link Outcome#RUNNING} until the run is over, then how it ended. */
    public Outcome outcome() {
        return outcome;
    }

    /** The figure the run is summarised by: the median of the {@link #summarized()} iterations, NaN before any. */
    public double summary() {
        return Spread.of(summarized().stream().mapToDouble(values::get).toArray()).median();
    }

    /** The first (cold) iteration's figure, NaN before any. */
    public double cold() {
        return values.isEmpty() ? Double.NaN : values.get(0);
    }

    /** Every recorded figure, in order. */
    public List<Double> values() {
        return List.copyOf(values);
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

    /** "steady: 2.31 (median of 5 measured), cold 25.1, 9 iterations", or how the run ended instead. */
    @Override
    public String toString() {
        String how = switch (outcome) {
            case RUNNING -> "running";
            case STEADY -> "steady";
            case SCATTERED -> "measured iterations disagree";
            case NOT_STEADY -> "NOT steady, the last iteration";
            case FIXED -> "not checked";
        };
        return String.format("%s: %.4g, cold %.4g, %d iterations", how, summary(), cold(), values.size());
    }
}
