package dev.loomlab.experiment;

import dev.loomlab.util.Progress;
import dev.loomlab.measure.Cap;
import dev.loomlab.process.HopTrace;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.HdrHistogram.Histogram;

/** Ping-pong: {@code n} round trips between two units, each timed, as latency percentiles. */
final class PingPongExperiment extends NamedExperiment {

    PingPongExperiment() {
        super("pingpong",
                "n round trips between two processes: p50, p99 and max (HdrHistogram)",
                "roundTripNsP50");
    }

    private static final Object PONG = "pong";

    @Override
    public void validate(ExperimentSpec spec) {
        if (spec.n() < 1) {
            throw new IllegalArgumentException("rounds (--n) must be at least 1, got " + spec.n());
        }
        if (spec.hopTrace() && spec.kind() != Kind.PROCESS) {
            throw new IllegalArgumentException("hops are traced inside the toolkit's mailbox: trace a ping-pong of toolkit "
                    + "processes (--kind process)");
        }
        if (spec.n() > 100_000_000) {
            throw new IllegalArgumentException("rounds (--n) above 100,000,000 would take minutes: got " + spec.n());
        }
    }

    @Override
    public Map<String, Double> runOnce(ExperimentSpec spec, Progress progress) throws Exception {
        long rounds = spec.n();
        Histogram histogram = new Histogram(Duration.ofMinutes(1).toNanos(), 3);
        CountDownLatch done = new CountDownLatch(1);
        Worker[] pair = new Worker[2];
        try {
            pair[0] = Worker.start(spec.kind(), inbox -> {
                while (true) {
                    ((Worker) inbox.take()).send(PONG);
                }
            });
            pair[1] = Worker.start(spec.kind(), inbox -> {
                Worker echo = pair[0];
                Worker self = (Worker) inbox.take();
                for (long r = 0; r < rounds; r++) {
                    long t = System.nanoTime();
                    echo.send(self);
                    inbox.take();
                    histogram.recordValue(Math.min(System.nanoTime() - t, histogram.getHighestTrackableValue()));
                }
                done.countDown();
                inbox.take();
            });
            boolean traced = HopTrace.ENABLED && spec.hopTrace();
            if (traced) {
                HopTrace.start();
            }
            pair[1].send(pair[1]);
            if (!done.await(spec.deadline().toMillis(), TimeUnit.MILLISECONDS)) {
                throw new TimeoutException(histogram.getTotalCount() + " of " + rounds + " round trips in " + spec.deadline());
            }
            HopTrace.Trace trace = traced ? HopTrace.stop() : null;
            Map<String, Double> metrics = new LinkedHashMap<>();
            metrics.put("roundTripNsP50", (double) histogram.getValueAtPercentile(50));
            metrics.put("roundTripNsP99", (double) histogram.getValueAtPercentile(99));
            metrics.put("roundTripNsMax", (double) histogram.getMaxValue());
            metrics.put("roundTripNsMean", histogram.getMean());
            if (trace != null) {
                metrics.putAll(HopBreakdown.metrics(trace));
            }
            return metrics;
        } finally {
            Worker.stopAll(pair, Duration.ofSeconds(10));
        }
    }

    @Override
    public List<String> notes(ExperimentSpec spec) {
        String timing = "each round trip timed with System.nanoTime() by the client and recorded in an HdrHistogram "
                + "(3 significant digits); the articles published averages, so compare with roundTripNsMean too";
        return spec.hopTrace() ? List.of(timing, HopBreakdown.note() + " (a round trip is two hops)") : List.of(timing);
    }
}
