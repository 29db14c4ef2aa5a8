package dev.loomlab.bench;

import dev.loomlab.process.Pid;
import dev.loomlab.process.ProcessBody;
import dev.loomlab.process.Processes;
import java.util.Arrays;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * <b>Claim: an idle toolkit process costs about what a raw virtual thread costs to start.</b>
 * The target: spawn-to-parked within 1.3x of a raw virtual thread parked in
 * {@code LinkedTransferQueue.take()}, both measured in the same run.
 *
 * <p>One operation is one unit spawned <i>and seen parked</i>: the articles count a process only
 * once it waits. Each invocation spawns a batch, then checks every unit is parked; the units are
 * stopped after the batch, outside the timing ({@code Level.Invocation} teardown: a batch takes
 * a millisecond or more, so per-invocation timestamps are not the noise they would be for a
 * nanosecond operation).
 *
 * <ul>
 *   <li>{@code process}: {@code Processes.spawn(self -> self.receive())}: a Pid, its mailbox, a virtual thread.</li>
 *   <li>{@code rawVirtualQueue}: the baseline, a virtual thread in {@code take()} on its own queue.</li>
 *   <li>{@code rawVirtualPark}: a virtual thread in a bare {@code LockSupport.park()}, no queue.</li>
 *   <li>{@code rawPlatformQueue}: an OS thread in {@code take()}, in batches of {@value #PLATFORM_BATCH}.</li>
 * </ul>
 *
 * <p>Run: {@code ./loomlab bench SpawnToParked} (add {@code -prof gc} for the bytes each spawn
 * allocates). You should see process within a few tens of percent of rawVirtualQueue, around a
 * microsecond each, rawVirtualPark a little below, and rawPlatformQueue tens to hundreds of times
 * slower: an OS thread's start is a system call and a stack mapping.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class SpawnToParked {

    static final int BATCH = 1_000;
    static final int PLATFORM_BATCH = 20;

    private static final ProcessBody IDLE = self -> self.receive();

    private final Pid[] pids = new Pid[BATCH];
    private final Thread[] threads = new Thread[BATCH];
    private volatile boolean stopping;

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void process() {
        for (int i = 0; i < BATCH; i++) {
            pids[i] = Processes.spawn(IDLE);
        }
        for (Pid pid : pids) {
            Units.awaitParked(pid.thread());
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void rawVirtualQueue() {
        for (int i = 0; i < BATCH; i++) {
            LinkedTransferQueue<Object> queue = new LinkedTransferQueue<>();
            threads[i] = Units.virtual(queue::take);
        }
        awaitAllParked(BATCH);
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void rawVirtualPark() {
        for (int i = 0; i < BATCH; i++) {
            threads[i] = Units.virtual(() -> {
                while (!stopping && !Thread.currentThread().isInterrupted()) {
                    LockSupport.park(); // a spurious return parks again
                }
            });
        }
        awaitAllParked(BATCH);
    }

    @Benchmark
    @OperationsPerInvocation(PLATFORM_BATCH)
    public void rawPlatformQueue() {
        for (int i = 0; i < PLATFORM_BATCH; i++) {
            LinkedTransferQueue<Object> queue = new LinkedTransferQueue<>();
            threads[i] = Units.platform(queue::take);
        }
        awaitAllParked(PLATFORM_BATCH);
    }

    private void awaitAllParked(int n) {
        for (int i = 0; i < n; i++) {
            Units.awaitParked(threads[i]);
        }
    }

    /** Stops the batch, outside the timing, so the next one starts from an empty JVM. */
    @TearDown(Level.Invocation)
    public void stopBatch() throws InterruptedException {
        stopping = true;
        Units.stop(pids);
        Units.stop(threads);
        Arrays.fill(pids, null);
        Arrays.fill(threads, null);
        stopping = false;
    }
}
