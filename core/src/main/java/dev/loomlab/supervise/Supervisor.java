package dev.loomlab.supervise;

import dev.loomlab.process.ExitReason;
import dev.loomlab.process.ExitSignal;
import dev.loomlab.process.Pid;
import dev.loomlab.process.Processes;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * A one-for-one supervisor, as OTP's: a process that traps exits and is linked to each child;
 * when a child ends it restarts that child alone, from its {@link ChildSpec#body()}, with fresh
 * state, while the other children keep their pids and their state.
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>Children start in the order given, each linked to the supervisor before it is published
 *       ({@link #child(String)}), so no exit is missed.</li>
 *   <li>A child that ends is restarted if its {@link Restart} says so and the {@link RestartIntensity}
 *       allows it. Past the intensity the supervisor stops every other child ({@code shutdown}, then
 *       {@code kill} after {@link #SHUTDOWN_TIMEOUT}), and ends with {@link #GAVE_UP}, the reason
 *       OTP reports ({@code reached_max_restart_intensity}). OTP's supervisor then exits with
 *       {@code shutdown} and logs that reason; here the exit reason carries it, so a caller without
 *       a logger sees it in {@link #awaitExit}.</li>
 *   <li>{@link #stop()} or an exit signal from outside (or an abnormal one from a linked non-child)
 *       stops the children in reverse start order and ends the supervisor with that reason.
 *       {@code kill} cannot be trapped: the supervisor dies at once and its links take the children
 *       with it.</li>
 *   <li>Every event goes to {@link #events()} and to the listener, called on the supervisor's own
 *       thread: a listener must be quick and must not block or call back into the supervisor.</li>
 *   <li>{@link #child}, {@link #events}, {@link #awaitChild} and {@link #awaitExit} may be called
 *       from any thread. A child that never waits cannot be stopped (see {@link Pid}).</li>
 * </ul>
 */
public final class Supervisor {

    /** The reason a supervisor ends with when its restart intensity is exceeded. */
    public static final ExitReason GAVE_UP = ExitReason.of("reached_max_restart_intensity");
    /** The reason a {@code STOPPED} event carries for a child that ended neither on shutdown nor on the kill after it. */
    public static final ExitReason STILL_RUNNING = ExitReason.of("still running");
    /** How long a child has to end after {@code shutdown} before it is killed (OTP's default for workers). */
    public static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(5);

    private final RestartIntensity intensity;
    private final List<ChildSpec> specs;
    private final Consumer<SupervisorEvent> listener;
    private final long startNanos = System.nanoTime();
    private final List<SupervisorEvent> events = new CopyOnWriteArrayList<>();
    /** Current child pids by id, in start order. Written by the supervisor process; guarded by itself. */
    private final Map<String, Pid> children = new LinkedHashMap<>();
    private volatile Pid pid;
    /** Set when the supervisor's body has finished (before its process is marked ended). Guarded by children. */
    private boolean ended;

    private Supervisor(RestartIntensity intensity, List<ChildSpec> specs, Consumer<SupervisorEvent> listener) {
        this.intensity = intensity;
        this.specs = List.copyOf(specs);
        this.listener = listener;
    }

    /**
     * Starts a supervisor process and its children; returns once every child has started.
     *
     * @throws IllegalArgumentException if two children share an id
     */
    public static Supervisor start(RestartIntensity intensity, List<ChildSpec> children, Consumer<SupervisorEvent> listener)
            throws InterruptedException {
        if (children.stream().map(ChildSpec::id).distinct().count() != children.size()) {
            throw new IllegalArgumentException("two children share an id: " + children.stream().map(ChildSpec::id).toList());
        }
        Supervisor sup = new Supervisor(intensity, children, listener == null ? e -> { } : listener);
        sup.pid = Processes.spawn(sup::loop);
        for (ChildSpec spec : children) {
            sup.awaitChild(spec.id(), null, Duration.ofSeconds(10));
        }
        return sup;
    }

    /** Starts a supervisor with no listener. */
    public static Supervisor start(RestartIntensity intensity, ChildSpec... children) throws InterruptedException {
        return start(intensity, List.of(children), null);
    }

    /** The supervisor's own process. */
    public Pid pid() {
        return pid;
    }

    /** The restart intensity it enforces. */
    public RestartIntensity intensity() {
        return intensity;
    }

    /** The child's current process, or empty while it is being restarted or after the supervisor ended. */
    public Optional<Pid> child(String id) {
        synchronized (children) {
            return Optional.ofNullable(children.get(id));
        }
    }

    /**
     * Waits at most {@code timeout} until child {@code id} runs as a process other than {@code previous}
     * (null: any), or the supervisor has ended.
     */
    public Optional<Pid> awaitChild(String id, Pid previous, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (children) {
            while (true) {
                Pid now = children.get(id);
                if (now != null && now != previous) {
                    return Optional.of(now);
                }
                long left = deadline - System.nanoTime();
                if (left <= 0 || ended) {
                    return Optional.empty();
                }
                children.wait(Math.max(1, left / 1_000_000));
            }
        }
    }

    /** Every event so far, oldest first. */
    public List<SupervisorEvent> events() {
        return List.copyOf(events);
    }

    /** Stops the children and the supervisor, with reason {@code shutdown}. Does not wait. */
    public void stop() {
        pid.exit(ExitReason.SHUTDOWN);
    }

    /** Waits at most {@code timeout} for the supervisor to end; its reason, or empty if still running. */
    public Optional<ExitReason> awaitExit(Duration timeout) throws InterruptedException {
        return pid.awaitExit(timeout);
    }

    /** True once it has ended because its restart intensity was exceeded. */
    public boolean gaveUp() {
        return pid.exitReason().map(GAVE_UP::equals).orElse(false);
    }

    // ---- the supervisor process ------------------------------------------------------------

    private void loop(Pid self) throws InterruptedException {
        self.trapExits(true);
        try {
            for (ChildSpec spec : specs) {
                startChild(self, spec, SupervisorEvent.Type.STARTED);
            }
            Deque<Long> restarts = new ArrayDeque<>();
            while (true) {
                if (!(self.receive() instanceof ExitSignal signal)) {
                    continue; // a supervisor answers no other message
                }
                ChildSpec spec = specOf(signal.from());
                if (spec == null) {
                    if (signal.reason().isNormal()) {
                        continue; // a normal exit signal from a non-child is not our business
                    }
                    endWith(self, signal.reason());
                    return;
                }
                // a child that died before the link reports noproc; its own reason is the true one
                ExitReason reason = signal.from().exitReason().orElse(signal.reason());
                forget(spec.id());
                emit(SupervisorEvent.Type.EXITED, spec.id(), signal.from(), reason);
                if (!spec.restart().restartsAfter(reason)) {
                    continue;
                }
                if (!intensity.allowsAnother(restarts, System.nanoTime())) {
                    emit(SupervisorEvent.Type.GAVE_UP, null, self, GAVE_UP);
                    endWith(self, GAVE_UP);
                    return;
                }
                startChild(self, spec, SupervisorEvent.Type.RESTARTED);
            }
        } finally {
            synchronized (children) {
                children.clear();
                ended = true;
                children.notifyAll();
            }
        }
    }

    private void startChild(Pid self, ChildSpec spec, SupervisorEvent.Type type) {
        Pid child = Processes.spawn(spec.body());
        self.link(child); // if it already ended, the link delivers an exit signal (noproc) at once
        emit(type, spec.id(), child, null); // logged before anyone can see (and kill) the new child
        synchronized (children) {
            children.put(spec.id(), child);
            children.notifyAll();
        }
    }

    /** Stops every child, newest first, then ends the supervisor with {@code reason} (abnormal: never returns). */
    private void endWith(Pid self, ExitReason reason) throws InterruptedException {
        List<Map.Entry<String, Pid>> running;
        synchronized (children) {
            running = new ArrayList<>(children.entrySet());
        }
        for (int i = running.size() - 1; i >= 0; i--) {
            Pid child = running.get(i).getValue();
            child.exit(ExitReason.SHUTDOWN);
            Optional<ExitReason> ended = child.awaitExit(SHUTDOWN_TIMEOUT);
            if (ended.isEmpty()) {
                child.kill();
                ended = child.awaitExit(Duration.ofSeconds(1));
            }
            forget(running.get(i).getKey());
            emit(SupervisorEvent.Type.STOPPED, running.get(i).getKey(), child, ended.orElse(STILL_RUNNING));
        }
        emit(SupervisorEvent.Type.ENDED, null, self, reason);
        // erlang:exit(Reason) for oneself: stop trapping, signal, and the next receive ends the process
        self.trapExits(false);
        self.exit(reason);
        self.receive();
        throw new AssertionError("unreachable: a pending exit ends the process at its next receive");
    }

    private ChildSpec specOf(Pid from) {
        synchronized (children) {
            for (ChildSpec spec : specs) {
                if (from != null && children.get(spec.id()) == from) {
                    return spec;
                }
            }
        }
        return null;
    }

    private void forget(String id) {
        synchronized (children) {
            children.remove(id);
            children.notifyAll();
        }
    }

    private void emit(SupervisorEvent.Type type, String child, Pid who, ExitReason reason) {
        SupervisorEvent event = new SupervisorEvent(Duration.ofNanos(System.nanoTime() - startNanos), type, child, who, reason);
        events.add(event);
        listener.accept(event);
    }
}
