package dev.loomlab.experiment;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.IntFunction;

/**
 * An actor runtime that runs the units of one {@link Kind} in this JVM ({@link Kind#PEKKO}: Apache
 * Pekko's typed actors): units that take their messages through a {@link Handler} on a
 * dispatcher's threads, not a thread each. Its module is on a child JVM's class path alone
 * ({@link FreshJvm} adds it); the child finds the runtime through
 * {@code META-INF/services/dev.loomlab.experiment.ActorRuntime}. The experiments that run on it
 * (spawn, ring, broadcast, ping-pong) are written against {@link ActorGroup}, which checks that
 * every actor has started, and that the runtime's threads are idle, before a clock starts.
 */
public interface ActorRuntime {

    /** The kind whose units it runs. */
    Kind kind();

    /** Starts a fresh actor system, ready to spawn; closing it stops every actor and its threads. */
    Actors start() throws Exception;

    /** The runtime for {@code kind}, if its module is on this JVM's class path. */
    static Optional<ActorRuntime> forKind(Kind kind) {
        return ServiceLoader.load(ActorRuntime.class).stream().map(ServiceLoader.Provider::get)
                .filter(r -> r.kind() == kind).findFirst();
    }

    /** A started actor system. */
    interface Actors extends AutoCloseable {

        /**
         * Spawns {@code n} actors as the runtime's users do (from an actor of the system's, one
         * after the other), the i-th receiving its messages with {@code handlers.apply(i)}, and
         * returns them once the spawn loop has ended, with the time that loop took.
         *
         * @throws java.util.concurrent.TimeoutException if the loop has not ended within {@code deadline}
         */
        Spawned spawn(int n, IntFunction<Handler> handlers, Duration deadline) throws Exception;

        /** The platform threads the system runs on now: its dispatchers' and its scheduler's. */
        List<Thread> threads();

        /**
         * The dispatcher configuration the system runs with, read from the system's own
         * configuration, in one line: dispatcher type, executor, parallelism, throughput, mailbox.
         */
        String configuration();

        /** The first exception a handler threw (its actor then stopped), if any. */
        Optional<Throwable> failure();

        /** Stops every actor and the system, and waits (within a deadline of its own) for its threads to end. */
        @Override
        void close() throws Exception;
    }

    /** Where an actor's messages go: {@link #send} never blocks and may be called from any thread. */
    @FunctionalInterface
    interface Actor {
        void send(Object message);
    }

    /** What an actor does with each message it takes, one at a time. */
    @FunctionalInterface
    interface Handler {
        void receive(Object message) throws Exception;
    }

    /**
     * The actors one {@link Actors#spawn} started, in order, and the nanoseconds its spawn loop took.
     *
     * @param actors     the i-th is the one {@code handlers.apply(i)} receives for
     * @param spawnNanos the spawn loop alone, as the articles time {@code spawn}
     */
    record Spawned(List<Actor> actors, long spawnNanos) {
        public Spawned {
            actors = List.copyOf(actors);
        }
    }
}
