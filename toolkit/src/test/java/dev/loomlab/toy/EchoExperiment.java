package dev.loomlab.toy;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.NamedExperiment;
import dev.loomlab.experiment.Worker;
import dev.loomlab.util.Progress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The toy experiment of ARCHITECTURE.md's checklist, step 1: n workers of the spec's kind each
 * answer one message; it measures the time from the first send to the last answer. Everything
 * the rest of the toolkit needs to know about it lives here: its name, its headline metric, that
 * it has a raw baseline (the default), what one unit weighs for the cap (its kind's estimate,
 * the default), that it checks the cap (the default). It is found through
 * {@code META-INF/services/dev.loomlab.experiment.Experiment}, in this JVM and in a child JVM.
 */
public final class EchoExperiment extends NamedExperiment {

    public EchoExperiment() {
        super("toy-echo", "n workers each answer one message: ns from the first send to the last answer, per worker",
                "nsPerEcho");
    }

    @Override
    public Map<String, Double> runOnce(ExperimentSpec spec, Progress progress) throws Exception {
        int n = (int) spec.n();
        CountDownLatch answered = new CountDownLatch(n);
        Worker[] workers = new Worker[n];
        try {
            for (int i = 0; i < n; i++) {
                workers[i] = Worker.start(spec.kind(), "toy-echo", inbox -> {
                    inbox.take();
                    answered.countDown();
                });
            }
            long start = System.nanoTime();
            for (Worker w : workers) {
                w.send("ping");
            }
            if (!answered.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("only " + (n - answered.getCount()) + " of " + n + " answered within 30 s");
            }
            long nanos = System.nanoTime() - start;
            Map<String, Double> metrics = new LinkedHashMap<>();
            metrics.put("nsPerEcho", (double) nanos / n);
            metrics.put("totalMillis", nanos / 1e6);
            return metrics;
        } finally {
            Worker.stopAll(workers, Duration.ofSeconds(10));
        }
    }

    @Override
    public List<String> notes(ExperimentSpec spec) {
        return List.of("nsPerEcho: from the first send to the last answer, divided by n; the spawns are not timed");
    }
}
