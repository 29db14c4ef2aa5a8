package dev.loomlab.experiment;

import dev.loomlab.util.Progress;
import dev.loomlab.measure.CrossCoreRoundTrip;
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
public final class PingPongExperiment extends NamedExperiment {

    PingPongExperiment() {
        super("pingpong",
                "n round trips between two processes: p50, p99 and max (HdrHistogram)",
                "roundTripNsP50");
    }

    private static final Object PONG = "pong";
    private static final Object START = "start";

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
    public boolean runsOnActors() {
        return true;
    }

    @Override
    public Map<String, Double> runOnce(ExperimentSpec spec, Progress progress) throws Exception {
        double crossCore = CrossCoreRoundTrip.measureNanos(Duration.ofSeconds(5));
        Map<String, Double> metrics = spec.kind().actors() ? runActors(spec) : runThreads(spec);
        metrics.put("crossCoreRoundTripNs", crossCore);
        return metrics;
    }

    private static Map<String, Double> runThreads(ExperimentSpec spec) throws Exception {
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
            long start = System.nanoTime();
            pair[1].send(pair[1]);
            Map<String, Double> metrics = await(spec, histogram, done, "");
            if (traced) {
                // the start message, then two hops a round trip
                metrics.putAll(HopBreakdown.metrics(HopTrace.stop(), System.nanoTime() - start, 2 * rounds + 1));
            }
            return metrics;
        } finally {
            Worker.stopAll(pair, Duration.ofSeconds(10));
        }
    }

    /**
     * The same between two actors: the echo answers each ping to the actor it names; the client,
     * started by a first message, times each round trip from its send until the pong arrives and
     * sends the next from there, so one message is in flight at a time, as with the other kinds.
     */
    private static Map<String, Double> runActors(ExperimentSpec spec) throws Exception {
        long rounds = spec.n();
        Histogram histogram = new Histogram(Duration.ofMinutes(1).toNanos(), 3);
        CountDownLatch done = new CountDownLatch(1);
        ActorRuntime.Actor[] pair = new ActorRuntime.Actor[2];
        try (ActorGroup group = ActorGroup.start(spec.kind())) {
            ActorRuntime.Actor[] started = group.spawn(2, i -> i == 0
                    ? message -> ((ActorRuntime.Actor) message).send(PONG)
                    : new ActorRuntime.Handler() {
                        private long round;
                        private long sentAt;

                        @Override
                        public void receive(Object message) {
                            if (message == PONG) {
                                histogram.recordValue(Math.min(System.nanoTime() - sentAt, histogram.getHighestTrackableValue()));
                                round++;
                            }
                            if (round < rounds) {
                                sentAt = System.nanoTime();
                                pair[0].send(pair[1]);
                            } else {
                                done.countDown();
                            }
                        }
                    }, spec.deadline());
            System.arraycopy(started, 0, pair, 0, 2); // before the start message, which publishes them
            pair[1].send(START);
            return await(spec, histogram, done, group.failureWords());
        }
    }

    /** Waits for the client's last round trip (at most the spec's deadline) and reads the percentiles. */
    private static Map<String, Double> await(ExperimentSpec spec, Histogram histogram, CountDownLatch done, String failure)
            throws InterruptedException, TimeoutException {
        if (!done.await(spec.deadline().toMillis(), TimeUnit.MILLISECONDS)) {
            throw new TimeoutException(histogram.getTotalCount() + " of " + spec.n() + " round trips in " + spec.deadline() + failure);
        }
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put("roundTripNsP50", (double) histogram.getValueAtPercentile(50));
        metrics.put("roundTripNsP99", (double) histogram.getValueAtPercentile(99));
        metrics.put("roundTripNsMax", (double) histogram.getMaxValue());
        metrics.put("roundTripNsMean", histogram.getMean());
        return metrics;
    }

    @Override
    public List<String> notes(ExperimentSpec spec) {
        String timing = "each round trip timed with System.nanoTime() by the client and recorded in an HdrHistogram "
                + "(3 significant digits); the articles published averages, so compare with roundTripNsMean too";
        String crossCore = CrossCoreRoundTrip.NOTE + ". A toolkit process keeps spinning at each wait while its spins catch the reply, so on two carriers its round trip "
                + "can follow this figure; LinkedTransferQueue.take() (the raw virtual threads) does not spin while its "
                + "carrier has other work queued";
        return spec.hopTrace() ? List.of(timing, crossCore, HopBreakdown.note() + " (a round trip is two hops)") : List.of(timing, crossCore);
    }
}
