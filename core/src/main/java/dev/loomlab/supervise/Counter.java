package dev.loomlab.supervise;

import dev.loomlab.process.ProcessBody;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The German article's counter GenServer, as a process: it holds a count in a local variable,
 * adds one per {@link Increment}, and answers a {@link Get}. Optionally it also adds to a counter
 * kept outside the process, which is what survives a restart.
 */
final class Counter {

    /** Adds one. */
    record Increment() {}

    /** Asks for the count; the answer completes {@code reply}, so any thread may ask. */
    record Get(CompletableFuture<Long> reply) {}

    private Counter() {}

    /** A counter process body; {@code keptOutside} (may be null) is incremented too and outlives the process. */
    static ProcessBody body(AtomicLong keptOutside) {
        return self -> {
            long count = 0; // the state a restart loses
            while (true) {
                Object message = self.receive();
                if (message instanceof Increment) {
                    count++;
                    if (keptOutside != null) {
                        keptOutside.incrementAndGet();
                    }
                } else if (message instanceof Get get) {
                    get.reply().complete(count);
                }
            }
        };
    }

    /**
     * Asks the supervisor's current child {@code id} for its count, retrying while it is being
     * restarted, at most {@code timeout} in all.
     */
    static Optional<Long> ask(Supervisor sup, String id, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            var pid = sup.child(id);
            if (pid.isPresent()) {
                CompletableFuture<Long> reply = new CompletableFuture<>();
                pid.get().send(new Get(reply));
                try {
                    return Optional.of(reply.get(Math.min(100, Math.max(1, (deadline - System.nanoTime()) / 1_000_000)),
                            TimeUnit.MILLISECONDS));
                } catch (TimeoutException e) {
                    // that incarnation ended before answering; ask the next one
                } catch (ExecutionException e) {
                    throw new IllegalStateException(e.getCause());
                }
            } else if (!sup.pid().isAlive()) {
                return Optional.empty();
            } else {
                Thread.sleep(1);
            }
        }
        return Optional.empty();
    }
}
