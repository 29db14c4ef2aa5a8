package dev.loomlab.pekko;

import dev.loomlab.experiment.ActorRuntime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * One started {@code ActorSystem}: its guardian spawns the actors (with
 * {@code ActorContext.spawnAnonymous}, one after the other, as an actor of a Pekko application does)
 * and every actor is a {@code Behaviors.receiveMessage} that hands each message to its handler.
 * A handler that throws stops its actor (typed actors' default) and is kept as {@link #failure()}.
 */
final class PekkoActors implements ActorRuntime.Actors {

    private static final AtomicInteger SYSTEMS = new AtomicInteger();
    private static final Duration TERMINATION = Duration.ofSeconds(30);

    /** What the guardian is asked: spawn n actors and complete {@code reply} with them. */
    private record SpawnAll(int n, IntFunction<ActorRuntime.Handler> handlers, CompletableFuture<ActorRuntime.Spawned> reply) {}

    private final ActorSystem<SpawnAll> system;
    private final String threadPrefix;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    private PekkoActors(String name) {
        this.system = ActorSystem.create(guardian(), name);
        this.threadPrefix = name + "-";
    }

    /** A fresh system, named {@code loomlab-pekko-<k>} so that its threads can be told from any other's. */
    static PekkoActors start() {
        return new PekkoActors("loomlab-pekko-" + SYSTEMS.incrementAndGet());
    }

    private Behavior<SpawnAll> guardian() {
        return Behaviors.setup(context -> Behaviors.receiveMessage(request -> {
            try {
                List<ActorRuntime.Actor> actors = new ArrayList<>(request.n());
                long start = System.nanoTime();
                for (int i = 0; i < request.n(); i++) {
                    ActorRef<Object> ref = context.spawnAnonymous(unit(request.handlers().apply(i)));
                    actors.add(ref::tell);
                }
                long nanos = System.nanoTime() - start;
                request.reply().complete(new ActorRuntime.Spawned(actors, nanos));
            } catch (RuntimeException | Error e) {
                request.reply().completeExceptionally(e);
            }
            return Behaviors.same();
        }));
    }

    private Behavior<Object> unit(ActorRuntime.Handler handler) {
        return Behaviors.receiveMessage(message -> {
            try {
                handler.receive(message);
            } catch (Exception | Error e) {
                failure.compareAndSet(null, e);
                throw e;
            }
            return Behaviors.same();
        });
    }

    @Override
    public ActorRuntime.Spawned spawn(int n, IntFunction<ActorRuntime.Handler> handlers, Duration deadline) throws Exception {
        CompletableFuture<ActorRuntime.Spawned> reply = new CompletableFuture<>();
        system.tell(new SpawnAll(n, handlers, reply));
        try {
            return reply.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new TimeoutException(String.format("the guardian had not spawned %,d actors within %s", n, deadline));
        }
    }

    @Override
    public List<Thread> threads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith(threadPrefix)).toList();
    }

    @Override
    public String configuration() {
        return DispatcherConfiguration.of(system.settings().config());
    }

    @Override
    public Optional<Throwable> failure() {
        return Optional.ofNullable(failure.get());
    }

    @Override
    public void close() throws Exception {
        system.terminate();
        try {
            system.getWhenTerminated().toCompletableFuture().get(TERMINATION.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new TimeoutException("the Pekko actor system had not terminated within " + TERMINATION);
        }
        long end = System.nanoTime() + TERMINATION.toNanos();
        for (Thread t : threads()) {
            t.join(Duration.ofNanos(Math.max(1, end - System.nanoTime())));
        }
    }
}
