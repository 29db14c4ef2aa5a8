package dev.loomlab.experiment;

import dev.loomlab.experiment.ActorRuntime.Actor;
import dev.loomlab.experiment.ActorRuntime.Actors;
import dev.loomlab.experiment.ActorRuntime.Handler;
import dev.loomlab.measure.Parked;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntFunction;

/**
 * {@code n} actors of an {@link ActorRuntime}, started the way the experiments need them: the
 * system first, then the actors, then a first message to each, and only once every actor has
 * answered it and the runtime's threads are all parked ({@link Parked#awaitIdle}) are they handed
 * back. That is "every unit parked" for actors, which have no thread of their own to watch. The
 * first message is the group's own; an actor's handler never sees it. Closing stops the system and
 * waits for its threads; nothing outlives it.
 */
public final class ActorGroup implements AutoCloseable {

    /** The first message each actor answers, so that it counts as started. */
    private static final Object READY = new Object() {
        @Override
        public String toString() {
            return "ready?";
        }
    };

    /** The configuration of the last system started in this JVM, for the measurement's notes. */
    private static volatile String lastConfiguration;

    private final Kind kind;
    private final Actors system;
    private CountDownLatch ready = new CountDownLatch(0);
    private int spawned;
    private long spawnNanos;
    private long readyNanos;

    private ActorGroup(Kind kind, Actors system) {
        this.kind = kind;
        this.system = system;
    }

    /**
     * Starts a fresh system of {@code kind}'s runtime.
     *
     * @throws IllegalArgumentException if that runtime's module is not on this JVM's class path
     */
    public static ActorGroup start(Kind kind) throws Exception {
        ActorRuntime runtime = ActorRuntime.forKind(kind).orElseThrow(() -> new IllegalArgumentException(
                "kind " + kind.label() + " runs in a fresh JVM that loads the " + kind.module().orElse(kind.label())
                        + " module: run it without --in-process (FreshJvm.run, not Experiments.runHere)"));
        Actors system = runtime.start();
        lastConfiguration = system.configuration();
        return new ActorGroup(kind, system);
    }

    /** The dispatcher configuration of the last system this JVM started, once one has. */
    static java.util.Optional<String> lastConfiguration() {
        return java.util.Optional.ofNullable(lastConfiguration);
    }

    /**
     * Spawns {@code n} actors, the i-th receiving with {@code handlers.apply(i)}, and returns them once
     * every one has answered its first message and the runtime is idle.
     *
     * @throws TimeoutException naming how many had answered when {@code deadline} passed
     */
    public Actor[] spawn(int n, IntFunction<Handler> handlers, Duration deadline) throws Exception {
        if (n < 1) {
            throw new IllegalArgumentException("n must be at least 1, got " + n);
        }
        CountDownLatch answered = new CountDownLatch(n);
        ready = answered;
        ActorRuntime.Spawned started = system.spawn(n, i -> {
            Handler handler = handlers.apply(i);
            return message -> {
                if (message == READY) {
                    answered.countDown();
                } else {
                    handler.receive(message);
                }
            };
        }, deadline);
        Actor[] actors = started.actors().toArray(Actor[]::new);
        spawned = actors.length;
        spawnNanos = started.spawnNanos();
        long start = System.nanoTime();
        for (Actor a : actors) {
            a.send(READY);
        }
        if (!answered.await(deadline.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new TimeoutException(String.format("only %,d of %,d %s actors had started (answered a first message) "
                    + "after %s%s", started(), n, kind.label(), deadline, failureWords()));
        }
        Parked.awaitIdle(system::threads, deadline);
        readyNanos = System.nanoTime() - start;
        return actors;
    }

    /** How many actors have answered their first message. */
    public int started() {
        return (int) (spawned - ready.getCount());
    }

    /** The spawn loop alone, as the articles time {@code spawn}. */
    public long spawnNanos() {
        return spawnNanos;
    }

    /** From the end of the spawn loop until every actor had answered and the runtime was idle. */
    public long readyNanos() {
        return readyNanos;
    }

    /** The dispatcher configuration the system runs with ({@link Actors#configuration()}). */
    public String configuration() {
        return system.configuration();
    }

    /** "; an actor failed: …" when a handler threw, for a timeout's message; empty otherwise. */
    public String failureWords() {
        return system.failure().map(t -> "; an actor failed: " + t).orElse("");
    }

    @Override
    public void close() throws Exception {
        system.close();
    }
}
