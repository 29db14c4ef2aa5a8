package dev.loomlab.experiment;

import dev.loomlab.util.Progress;
import dev.loomlab.measure.CrossCoreRoundTrip;
import dev.loomlab.measure.GcWindow;
import dev.loomlab.measure.Parked;
import dev.loomlab.process.HopTrace;
import dev.loomlab.process.Pid;
import dev.loomlab.process.ProcessBody;
import dev.loomlab.process.Processes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The ring: n units, each forwarding what it receives to the next; a token goes round m times,
 * n×m hops in all (the French article's ring with m = 1, the KLab/Programming Erlang N×M ring).
 * The hibernated ring ({@code ring-hibernated}, {@code ring --hibernate}) is KLab's second table:
 * toolkit processes that hibernate between messages, so every hop starts a new virtual thread
 * in the process's resume function, as {@code erlang:hibernate/3} does.
 */
public final class RingExperiment extends NamedExperiment {

    private final boolean hibernating;

    RingExperiment(boolean hibernating) {
        super(hibernating ? "ring-hibernated" : "ring",
                hibernating ? "a token goes m times round a ring of n processes that hibernate between messages: ns per hop"
                        : "a token goes m times round a ring of n processes: ns per hop",
                "nsPerHop");
        this.hibernating = hibernating;
    }

    @Override
    public boolean hasBaseline() {
        return !hibernating;
    }

    @Override
    public boolean runsOnActors() {
        return !hibernating;
    }

    @Override
    public void validate(ExperimentSpec spec) {
        if (hibernating && spec.kind() != Kind.PROCESS) {
            throw new IllegalArgumentException("a hibernated ring is made of toolkit processes: use --kind process "
                    + "(a virtual or platform thread cannot give its stack back between messages)");
        }
        if (spec.hopTrace() && (hibernating || spec.kind() != Kind.PROCESS)) {
            throw new IllegalArgumentException("hops are traced inside the toolkit's mailbox: trace a ring of toolkit "
                    + "processes (--kind process, not hibernated)");
        }
        checkCap(spec);
        if (spec.m() < 1) {
            throw new IllegalArgumentException("m (times round the ring) must be at least 1, got " + spec.m());
        }
    }

    @Override
    public Map<String, Double> runOnce(ExperimentSpec spec, Progress progress) throws Exception {
        if (hibernating) {
            return runHibernated(spec);
        }
        if (spec.kind().actors()) {
            return runActors(spec);
        }
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
            return timeToken(spec, spawnNanos, done, () -> ring[0].send(hops - 1));
        } finally {
            Worker.stopAll(ring, Duration.ofSeconds(30));
        }
    }

    private static Map<String, Double> runHibernated(ExperimentSpec spec) throws Exception {
        int n = (int) spec.n();
        long hops = spec.n() * spec.m();
        Pid[] ring = new Pid[n];
        CountDownLatch done = new CountDownLatch(1);
        ProcessBody[] forward = new ProcessBody[n];
        try {
            long spawnStart = System.nanoTime();
            for (int i = 0; i < n; i++) {
                int next = (i + 1) % n;
                int self = i;
                forward[i] = me -> {
                    long left = (Long) me.receive();
                    if (left == 0) {
                        done.countDown();
                    } else {
                        ring[next].send(left - 1);
                    }
                    me.hibernate(forward[self]);
                };
                ProcessBody first = forward[i];
                ring[i] = Processes.spawn(me -> me.hibernate(first));
            }
            long spawnNanos = System.nanoTime() - spawnStart;
            Parked.awaitHibernated(ring, Duration.ofSeconds(60));
            return timeToken(spec, spawnNanos, done, () -> ring[0].send(hops - 1));
        } finally {
            Processes.killAll(java.util.Arrays.asList(ring), Duration.ofSeconds(30));
        }
    }

    /** The same ring of actors: each forwards the count it receives, less one, to the next. */
    private static Map<String, Double> runActors(ExperimentSpec spec) throws Exception {
        int n = (int) spec.n();
        long hops = spec.n() * spec.m();
        ActorRuntime.Actor[] ring = new ActorRuntime.Actor[n];
        CountDownLatch done = new CountDownLatch(1);
        try (ActorGroup group = ActorGroup.start(spec.kind())) {
            ActorRuntime.Actor[] started = group.spawn(n, i -> {
                int next = (i + 1) % n;
                return message -> {
                    long left = (Long) message;
                    if (left == 0) {
                        done.countDown();
                    } else {
                        ring[next].send(left - 1);
                    }
                };
            }, spec.deadline());
            System.arraycopy(started, 0, ring, 0, n); // before the token: its first send publishes the ring
            try {
                return timeToken(spec, group.spawnNanos(), done, () -> ring[0].send(hops - 1));
            } catch (TimeoutException e) {
                throw new TimeoutException(e.getMessage() + group.failureWords());
            }
        }
    }

    /** Starts the token, waits for the n x m hops (at most the spec's deadline), and reads the clock. */
    private static Map<String, Double> timeToken(ExperimentSpec spec, long spawnNanos, CountDownLatch done, Runnable firstSend)
            throws InterruptedException, TimeoutException {
        long hops = spec.n() * spec.m();
        boolean traced = HopTrace.ENABLED && spec.hopTrace();
        double crossCore = CrossCoreRoundTrip.measureNanos(Duration.ofSeconds(5));
        if (traced) {
            HopTrace.start();
        }
        GcWindow gc = GcWindow.afterFullGc();
        firstSend.run();
        if (!done.await(spec.deadline().toMillis(), TimeUnit.MILLISECONDS)) {
            throw new TimeoutException("the token did not complete " + hops + " hops within " + spec.deadline());
        }
        long elapsed = gc.nanos();
        HopTrace.Trace trace = traced ? HopTrace.stop() : null;
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put("nsPerHop", (double) elapsed / hops);
        metrics.put("totalMillis", elapsed / 1e6);
        metrics.put("nsPerHopWithSpawn", (double) (elapsed + spawnNanos) / hops);
        metrics.put("gcInWindow", (double) gc.collections());
        metrics.put("crossCoreRoundTripNs", crossCore);
        if (trace != null) {
            metrics.putAll(HopBreakdown.metrics(trace, elapsed, hops));
        }
        return metrics;
    }

    @Override
    public List<String> notes(ExperimentSpec spec) {
        if (hibernating) {
            return List.of("nsPerHop: time from the first send until the token has made n x m hops, divided by n x m; every "
                            + "process was verified hibernated (no thread) before the clock started, and hibernates again after "
                            + "each forward, so each hop starts a new virtual thread",
                    "nsPerHopWithSpawn: the same with the time to spawn the ring added",
                    GcWindow.NOTE, CrossCoreRoundTrip.NOTE);
        }
        List<String> notes = new ArrayList<>(List.of("nsPerHop: time from the first send until the token has made n x m hops, "
                        + "divided by n x m; " + (spec.kind().actors() ? "the ring was spawned, every actor had answered a first "
                        + "message and the dispatcher's threads were verified parked before the clock started"
                        : "the ring was spawned and every unit verified parked before the clock started"),
                "nsPerHopWithSpawn: the same with the time to spawn the ring added, in case the article's timing included it",
                GcWindow.NOTE, CrossCoreRoundTrip.NOTE));
        if (spec.hopTrace()) {
            notes.add(HopBreakdown.note());
        }
        return notes;
    }
}
