package dev.loomlab.measure;

import dev.loomlab.view.Grid;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

/**
 * The machine's floor for handing a message from one core to another: two platform threads pass a
 * counter back and forth, each spinning on the other's write, and the mean round trip is timed
 * after as many warm-up round trips. Two cores that share a cache hand it over in tens of
 * nanoseconds; two that do not take several times longer, and a virtual machine can be given either
 * from one hour to the next. A receive that spins (a toolkit process on two carriers) pays this on
 * every message, where one that parks and takes turns on one carrier does not.
 */
public final class CrossCoreRoundTrip {

    /** Round trips timed, after as many to warm up: a few milliseconds at most on two cores. */
    public static final int ROUNDS = 20_000;
    /** A reading this many times another is the host in another arrangement of its cores, not noise. */
    public static final double MOVED = 2;
    /** What the metric {@code crossCoreRoundTripNs} is, for an experiment's notes. */
    public static final String NOTE = "crossCoreRoundTripNs: this machine's floor for a message between two cores, measured "
            + "in the same JVM just before each timed run: two platform threads pass a counter back and forth, each spinning on "
            + "the other's write (mean of " + String.format("%,d", ROUNDS) + " after as many to warm up). A virtual machine can "
            + "be given cores that share a cache or cores that do not, from one hour to the next; a figure that hands messages "
            + "between carriers moves with it";

    private volatile long ping;
    private volatile long pong;
    private volatile boolean abandoned;

    private CrossCoreRoundTrip() {}

    /**
     * The mean round trip in ns over {@link #ROUNDS}, after as many to warm up; NaN with fewer than
     * two processors (the two threads could not run at once), or when {@code deadline} passed first.
     */
    public static double measureNanos(Duration deadline) throws InterruptedException {
        if (Runtime.getRuntime().availableProcessors() < 2) {
            return Double.NaN;
        }
        return new CrossCoreRoundTrip().run(ROUNDS, deadline);
    }

    /**
     * The sentence for a run whose VMs read the cross-core round trip at least {@link #MOVED} times
     * apart (the host changed how it gave its cores while the run went on), or empty.
     *
     * @param perVm each VM's {@code crossCoreRoundTripNs}; NaN where a VM did not read it
     */
    public static Optional<String> moved(double[] perVm) {
        double[] read = Arrays.stream(perVm).filter(v -> v > 0 && Double.isFinite(v)).toArray();
        if (read.length < 2) {
            return Optional.empty();
        }
        double low = Arrays.stream(read).min().orElseThrow();
        double high = Arrays.stream(read).max().orElseThrow();
        if (high < MOVED * low) {
            return Optional.empty();
        }
        return Optional.of(String.format("THE HOST MOVED: this machine's cross-core round trip, read in every JVM, went from %s "
                + "to %s ns in this run, so its cores were handed out two ways while it ran; a figure that hands messages between "
                + "carriers moves with that, for the raw virtual threads as for the toolkit: compare it with a rerun only where "
                + "crossCoreRoundTripNs reads alike (its value per JVM is in the details)", Grid.print(low), Grid.print(high)));
    }

    private double run(int rounds, Duration deadline) throws InterruptedException {
        long end = System.nanoTime() + deadline.toNanos();
        long total = 2L * rounds;
        Thread echo = Thread.ofPlatform().daemon().name("loomlab-cross-core-echo").start(() -> {
            for (long i = 1; i <= total; i++) {
                if (!await(true, i, end)) {
                    return;
                }
                pong = i;
            }
        });
        try {
            long start = 0;
            for (long i = 1; i <= total; i++) {
                if (i == rounds + 1) {
                    start = System.nanoTime();
                } else if ((i & 1023) == 0 && System.nanoTime() - end > 0) {
                    return Double.NaN;
                }
                ping = i;
                if (!await(false, i, end)) {
                    return Double.NaN;
                }
            }
            return (double) (System.nanoTime() - start) / rounds;
        } finally {
            abandoned = true;
            echo.join(Duration.ofSeconds(5));
        }
    }

    /**
     * Spins until the echo's {@code pong} (or, for the echo, the main thread's {@code ping}) reads
     * {@code value}; false past {@code end} or once the run was abandoned.
     */
    private boolean await(boolean forPing, long value, long end) {
        for (int spins = 0; (forPing ? ping : pong) != value; spins++) {
            if ((spins & 1023) == 1023 && (abandoned || System.nanoTime() - end > 0)) {
                return false;
            }
            Thread.onSpinWait();
        }
        return true;
    }
}
