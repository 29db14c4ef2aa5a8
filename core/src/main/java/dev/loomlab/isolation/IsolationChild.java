package dev.loomlab.isolation;

import dev.loomlab.jvm.ChildSide;

import dev.loomlab.process.Pid;
import dev.loomlab.process.Processes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The child JVM of {@link Isolation}: {@code BATCH SIZE...}. First what a receiver sees of a
 * mutable list its sender changed after sending it, by reference and as a copy. Then, per size,
 * the cost of sending a list by reference and as a copy ({@link List#copyOf}) to a process that
 * reads it: batches of {@code BATCH} messages until the last three agree within 10% (steady), or
 * twenty batches (reported as not steady). Figures are {@code result} lines.
 */
public final class IsolationChild {

    static final int MAX_BATCHES = 20;
    static final double STEADY = 0.10;
    /** Where each batch leaves what its receiver read, so the reads cannot be optimised away. */
    static volatile long sink;

    private IsolationChild() {}

    public static void main(String[] args) throws Exception {
        List<String> spec = ChildSide.arguments(args, "IsolationChild");
        int batch = Integer.parseInt(spec.get(0));
        ChildSide.result("seen.reference", seenAfterMutation(false));
        ChildSide.result("seen.copy", seenAfterMutation(true));
        for (int i = 1; i < spec.size(); i++) {
            int size = Integer.parseInt(spec.get(i));
            for (boolean copy : new boolean[] {false, true}) {
                double[] figure = steadyNsPerMessage(size, copy, batch);
                String key = (copy ? "copy." : "reference.") + size;
                ChildSide.result(key + ".ns", figure[0]);
                ChildSide.result(key + ".batches", (long) figure[1]);
                ChildSide.result(key + ".steady", figure[2] == 1);
            }
            ChildSide.log("%,d elements: measured", size);
        }
        ChildSide.exit(0);
    }

    /** Sends [1, 2, 3], then sets its first element to 99 and lets the receiver look: what does it see? */
    static String seenAfterMutation(boolean copy) throws Exception {
        List<Integer> state = new ArrayList<>(List.of(1, 2, 3));
        CountDownLatch mutated = new CountDownLatch(1);
        AtomicReference<String> seen = new AtomicReference<>("nothing");
        Pid receiver = Processes.spawn(self -> {
            @SuppressWarnings("unchecked")
            List<Integer> got = (List<Integer>) self.receive();
            mutated.await();
            seen.set(got.toString());
        });
        receiver.send(copy ? List.copyOf(state) : state);
        state.set(0, 99);
        mutated.countDown();
        receiver.awaitExit(Duration.ofSeconds(10));
        return seen.get();
    }

    /** {ns per message of the last batch, batches run, 1 if steady}. */
    static double[] steadyNsPerMessage(int size, boolean copy, int batch) throws Exception {
        List<Integer> state = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            state.add(i);
        }
        List<Double> perBatch = new ArrayList<>();
        boolean steady = false;
        while (perBatch.size() < MAX_BATCHES && !steady) {
            perBatch.add(oneBatch(state, copy, batch));
            int k = perBatch.size();
            if (k >= 3) {
                double lo = Math.min(perBatch.get(k - 1), Math.min(perBatch.get(k - 2), perBatch.get(k - 3)));
                double hi = Math.max(perBatch.get(k - 1), Math.max(perBatch.get(k - 2), perBatch.get(k - 3)));
                steady = hi <= lo * (1 + STEADY);
            }
        }
        return new double[] {perBatch.get(perBatch.size() - 1), perBatch.size(), steady ? 1 : 0};
    }

    /** Sends {@code batch} messages to a receiver that reads each one's last element; ns per message. */
    private static double oneBatch(List<Integer> state, boolean copy, int batch) throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        long[] sum = new long[1];
        Pid receiver = Processes.spawn(self -> {
            for (int i = 0; i < batch; i++) {
                @SuppressWarnings("unchecked")
                List<Integer> got = (List<Integer>) self.receive();
                sum[0] += got.get(got.size() - 1);
            }
            done.countDown();
        });
        long start = System.nanoTime();
        for (int i = 0; i < batch; i++) {
            receiver.send(copy ? List.copyOf(state) : state);
        }
        if (!done.await(60, java.util.concurrent.TimeUnit.SECONDS)) {
            receiver.kill();
            throw new IllegalStateException("the receiver did not read " + batch + " messages in 60 s");
        }
        long nanos = System.nanoTime() - start;
        receiver.awaitExit(Duration.ofSeconds(10));
        sink = sum[0];
        return (double) nanos / batch;
    }
}
