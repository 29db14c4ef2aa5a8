package dev.loomlab.experiment;

import dev.loomlab.util.Progress;
import dev.loomlab.measure.CrossCoreRoundTrip;
import dev.loomlab.measure.GcWindow;
import dev.loomlab.measure.Parked;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/** Broadcast: one message to each of n parked units, timed until every one has received it. */
public final class BroadcastExperiment extends NamedExperiment {

    BroadcastExperiment() {
        super("broadcast",
                "one message to each of n processes: time to send them all, and until all have received",
                "nsPerMessage");
    }

    @Override
    public boolean runsOnActors() {
        return true;
    }

    @Override
    public Map<String, Double> runOnce(ExperimentSpec spec, Progress progress) throws Exception {
        int n = (int) spec.n();
        AtomicInteger waiting = new AtomicInteger(n);
        CountDownLatch allReceived = new CountDownLatch(1);
        Object message = "hello";
        if (spec.kind().actors()) {
            try (ActorGroup group = ActorGroup.start(spec.kind())) {
                ActorRuntime.Actor[] actors = group.spawn(n, i -> received -> {
                    if (waiting.decrementAndGet() == 0) {
                        allReceived.countDown();
                    }
                }, spec.deadline());
                return time(spec, () -> {
                    for (ActorRuntime.Actor a : actors) {
                        a.send(message);
                    }
                }, waiting, allReceived, group.failureWords());
            }
        }
        Worker[] workers = new Worker[n];
        try {
            for (int i = 0; i < n; i++) {
                workers[i] = Worker.start(spec.kind(), inbox -> {
                    inbox.take();
                    if (waiting.decrementAndGet() == 0) {
                        allReceived.countDown();
                    }
                    inbox.take(); // stay alive until stopped, as the article's processes do
                });
            }
            Parked.awaitAll(n, i -> workers[i].thread(), Duration.ofSeconds(60));
            return time(spec, () -> {
                for (Worker w : workers) {
                    w.send(message);
                }
            }, waiting, allReceived, "");
        } finally {
            Worker.stopAll(workers, Duration.ofSeconds(30));
        }
    }

    /** Times {@code sendAll} and the wait until every unit has taken its message (at most the spec's deadline). */
    private static Map<String, Double> time(ExperimentSpec spec, Runnable sendAll, AtomicInteger waiting,
                                            CountDownLatch allReceived, String failure) throws InterruptedException, TimeoutException {
        int n = (int) spec.n();
        double crossCore = CrossCoreRoundTrip.measureNanos(Duration.ofSeconds(5));
        GcWindow gc = GcWindow.afterFullGc();
        sendAll.run();
        long sent = gc.nanos();
        if (!allReceived.await(spec.deadline().toMillis(), TimeUnit.MILLISECONDS)) {
            throw new TimeoutException((n - waiting.get()) + " of " + n + " received within " + spec.deadline() + failure);
        }
        long received = gc.nanos();
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put("nsPerMessage", (double) received / n);
        metrics.put("allReceivedMillis", received / 1e6);
        metrics.put("allSentMillis", sent / 1e6);
        metrics.put("nsPerSend", (double) sent / n);
        metrics.put("gcInWindow", (double) gc.collections());
        metrics.put("crossCoreRoundTripNs", crossCore);
        return metrics;
    }

    @Override
    public List<String> notes(ExperimentSpec spec) {
        return List.of("allSentMillis: the sender's loop alone (send never waits); allReceivedMillis: until the last unit "
                + "has taken its message; nsPerMessage = allReceivedMillis / n"
                + (spec.kind().actors() ? "; every actor had answered a first message and the dispatcher's threads were "
                + "verified parked before the clock started" : ""), GcWindow.NOTE, CrossCoreRoundTrip.NOTE);
    }
}
