package dev.loomlab.experiment;

import dev.loomlab.measure.Cap;
import dev.loomlab.measure.Parked;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The ring: n units, each forwarding what it receives to the next; a token goes round m times,
 * n×m hops in all (the French article's ring with m = 1, the KLab/Programming Erlang N×M ring).
 */
final class RingExperiment implements Experiment {

    @Override
    public String name() {
        return "ring";
    }

    @Override
    public String description() {
        return "a token goes m times round a ring of n processes: ns per hop";
    }

    @Override
    public void validate(ExperimentSpec spec) {
        Cap.check("n", spec.n(), spec.kind() == Kind.PLATFORM ? 20_000 : 1_000);
        if (spec.m() < 1) {
            throw new IllegalArgumentException("m (times round the ring) must be at least 1, got " + spec.m());
        }
    }

    @Override
    public Map<String, Double> runOnce(ExperimentSpec spec, Progress progress) throws Exception {
        int n = (int) spec.n();
        long hops = spec.n() * spec.m();
        Worker[] ring = new Worker[n];
        CountDownLatch done = new CountDownLatch(1);
        try {
            long spawnStart = System.nanoTime();
            for (int i = 0; i < n; i++) {
                int next = (i + 1) % n;
                ring[i] = Worker.start(spec.kind(), inbox -> {
                    while (true) {
                        long left = (Long) inbox.take();
                        if (left == 0) {
                            done.countDown();
                        } else {
                            ring[next].send(left - 1);
                        }
                    }
                });
            }
            long spawnNanos = System.nanoTime() - spawnStart;
            Parked.awaitAll(n, i -> ring[i].thread(), Duration.ofSeconds(60));
            long start = System.nanoTime();
            ring[0].send(hops - 1);
            if (!done.await(spec.deadline().toMillis(), TimeUnit.MILLISECONDS)) {
                throw new TimeoutException("the token did not complete " + hops + " hops within " + spec.deadline());
            }
            long elapsed = System.nanoTime() - start;
            Map<String, Double> metrics = new LinkedHashMap<>();
            metrics.put("nsPerHop", (double) elapsed / hops);
            metrics.put("totalMillis", elapsed / 1e6);
            metrics.put("nsPerHopWithSpawn", (double) (elapsed + spawnNanos) / hops);
            return metrics;
        } finally {
            Worker.stopAll(ring, Duration.ofSeconds(30));
        }
    }

    @Override
    public List<String> notes(ExperimentSpec spec) {
        return List.of("nsPerHop: time from the first send until the token has made n x m hops, divided by n x m; "
                        + "the ring was spawned and every unit verified parked before the clock started",
                "nsPerHopWithSpawn: the same with the time to spawn the ring added, in case the article's timing included it");
    }
}
