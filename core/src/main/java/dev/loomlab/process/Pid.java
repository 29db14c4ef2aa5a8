package dev.loomlab.process;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;

/**
 * A process: a virtual thread with a mailbox, and the handle to it.
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>{@link #send} never blocks and may be called from any thread. Messages from one sender
 *       are received in the order sent; messages from different senders interleave in some
 *       order. Everything a sender did before {@code send(m)} happens-before the {@code receive}
 *       that returns {@code m}.</li>
 *   <li>The {@code receive} methods, {@link #hibernate}, {@link #link}, {@link #monitor} and
 *       {@link #trapExits} are for the process itself (the {@code self} its body was given);
 *       receive from another thread throws {@link IllegalStateException}.</li>
 *   <li>A process ends when its body returns ({@code normal}), throws (the exception), is
 *       {@link #kill() killed}, or gets an exit signal it does not trap. Its links then get an
 *       exit signal and its monitors a {@link Down} message. A killed process stops at its next
 *       receive, sleep or other interruptible wait: like any JVM thread, a loop that never waits
 *       cannot be stopped from outside.</li>
 *   <li>{@link #hibernate} gives the thread back: only the mailbox and the function to resume in
 *       stay. The next message starts a new virtual thread in that function, as
 *       {@code erlang:hibernate/3} does.</li>
 * </ul>
 */
public final class Pid extends Mailbox implements Runnable {

    private static final AtomicLong IDS = new AtomicLong();
    private static final ThreadFactory THREADS = Thread.ofVirtual().factory();

    private static final int RUNNING = 0;
    private static final int HIBERNATED = 1;
    private static final int EXITED = 2;
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(Pid.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final long id;
    /** The function the current (or next, when hibernated) thread runs. */
    private ProcessBody body;
    private volatile Thread thread;
    private volatile int state;
    /** Set by kill or an untrapped exit signal; the process ends with it at its next wait. */
    private volatile ExitReason pendingExit;
    private volatile ExitReason exitReason;
    private volatile boolean trapExits;
    /** Links, monitors and threads awaiting exit; created on first use. Guarded by this. */
    private Relations relations;

    private Pid(ProcessBody body) {
        this.id = IDS.incrementAndGet();
        this.body = body;
    }

    /**
     * Starts a process running {@code body}.
     *
     * @throws ProcessLimitException if the process limit is reached; nothing was started
     */
    static Pid start(ProcessBody body) {
        return start(body, null);
    }

    /**
     * Starts a process, linked to {@code parent} (if not null) before its thread exists: however
     * early the new process ends, even killed before its first instruction, the link is there to
     * carry the exit signal.
     */
    private static Pid start(ProcessBody body, Pid parent) {
        Objects.requireNonNull(body, "body");
        ProcessLimit.acquire();
        Pid pid = new Pid(body);
        if (parent != null) {
            synchronized (pid) {
                pid.relations().links().add(parent);
            }
            synchronized (parent) {
                parent.relations().links().add(pid);
            }
        }
        try {
            pid.startThread();
        } catch (Throwable t) {
            if (parent != null) {
                synchronized (parent) {
                    parent.relations().removeLink(pid);
                }
            }
            ProcessLimit.release();
            throw t;
        }
        return pid;
    }

    // ---- any thread ------------------------------------------------------------------------

    /** Sends a message. Never blocks; a message to an ended process is dropped, as on BEAM. */
    public void send(Object message) {
        Objects.requireNonNull(message, "a message cannot be null");
        if (state != EXITED) {
            enqueue(message);
        }
    }

    /** Kills the process with reason {@code killed}; it cannot trap this. */
    public void kill() {
        requestExit(ExitReason.KILLED);
    }

    /**
     * Sends an exit signal, as {@code erlang:exit(Pid, Reason)}: {@code killed} always kills; a
     * process that traps exits receives any other reason as an {@link ExitSignal}; otherwise
     * {@code normal} is ignored and any other reason ends the process.
     */
    public void exit(ExitReason reason) {
        signal(null, reason);
    }

    /** True until the process has ended. A hibernated process is alive. */
    public boolean isAlive() {
        return state != EXITED;
    }

    /** True while the process holds no thread, waiting in {@link #hibernate}. */
    public boolean isHibernated() {
        return state == HIBERNATED;
    }

    /** Why the process ended, or empty while it is alive. */
    public Optional<ExitReason> exitReason() {
        return Optional.ofNullable(exitReason);
    }

    /** The thread running the process now, or null while hibernated or ended. */
    public Thread thread() {
        return thread;
    }

    /**
     * Waits for the process to end, at most {@code timeout}.
     *
     * @return its exit reason, or empty if it was still alive at the deadline
     */
    public Optional<ExitReason> awaitExit(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        if (exitReason == null) {
            synchronized (this) {
                if (exitReason == null) {
                    relations().joiners().add(Thread.currentThread());
                }
            }
            try {
                while (exitReason == null) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        break;
                    }
                    LockSupport.parkNanos(this, left);
                    if (Thread.interrupted()) {
                        throw new InterruptedException("interrupted while awaiting the exit of " + this);
                    }
                }
            } finally {
                synchronized (this) {
                    if (relations != null) {
                        relations.removeJoiner(Thread.currentThread());
                    }
                }
            }
        }
        return exitReason();
    }

    // ---- the process itself -----------------------------------------------------------------

    /** Waits for the next message, without a deadline. */
    public Object receive() throws InterruptedException {
        Object message = receiveMatching(null, Long.MAX_VALUE);
        if (HopTrace.ENABLED) {
            HopTrace.taken();
        }
        return message;
    }

    /** Waits at most {@code timeout} for the next message; empty if none came. */
    public Optional<Object> receive(Duration timeout) throws InterruptedException {
        long deadlineNanos = deadline(timeout);
        requireSelf("receive");
        // receiveMatching's loop written out, so that a sleeping process parks in this frame
        Object message = next(null);
        if (message != null) {
            return Optional.of(message);
        }
        long left = deadlineNanos - System.nanoTime();
        if (left <= 0) {
            return Optional.empty();
        }
        while (true) {
            if (readyToPark()) {
                LockSupport.parkNanos(this, left);
            }
            afterPark();
            message = takeMatchingAfterWake(null);
            if (message != null) {
                return Optional.of(message);
            }
            left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                return Optional.empty();
            }
        }
    }

    /**
     * Selective receive: waits at most {@code timeout} for the oldest message of {@code type}
     * that {@code match} accepts. Messages it skips stay queued, in order.
     */
    public <T> Optional<T> receive(Class<T> type, Predicate<? super T> match, Duration timeout)
            throws InterruptedException {
        Predicate<Object> test = m -> type.isInstance(m) && match.test(type.cast(m));
        return Optional.ofNullable(type.cast(receiveMatching(test, deadline(timeout))));
    }

    /** Selective receive of the oldest message of {@code type}, at most {@code timeout}. */
    public <T> Optional<T> receive(Class<T> type, Duration timeout) throws InterruptedException {
        return receive(type, m -> true, timeout);
    }

    /**
     * Gives back the thread until the next message, then resumes in {@code resumeIn} on a new
     * virtual thread, with an empty call stack. Never returns: code after it does not run.
     * If a message is already queued, the process resumes at once.
     */
    public void hibernate(ProcessBody resumeIn) {
        requireSelf("hibernate");
        body = Objects.requireNonNull(resumeIn, "resumeIn");
        throw Hibernation.SIGNAL;
    }

    /** When true, exit signals from links arrive as {@link ExitSignal} messages instead of killing. */
    public void trapExits(boolean trap) {
        requireSelf("trapExits");
        trapExits = trap;
    }

    /** Links this process and {@code other}: when one ends abnormally, the other gets the signal. */
    public void link(Pid other) {
        requireSelf("link");
        if (other == this) {
            return;
        }
        synchronized (this) {
            relations().links().add(other);
        }
        ExitReason otherReason;
        synchronized (other) {
            otherReason = other.exitReason;
            if (otherReason == null) {
                other.relations().links().add(this);
            }
        }
        if (otherReason != null) {
            synchronized (this) {
                relations.removeLink(other);
            }
            signal(other, ExitReason.of("noproc"));
        }
    }

    /** Monitors {@code other}: a {@link Down} message arrives here when it ends (at once if it has). */
    public void monitor(Pid other) {
        requireSelf("monitor");
        ExitReason otherReason;
        synchronized (other) {
            otherReason = other.exitReason;
            if (otherReason == null) {
                other.relations().monitors().add(this);
            }
        }
        if (otherReason != null) {
            send(new Down(other, otherReason));
        }
    }

    /**
     * Spawns a process linked to this one, atomically: the link exists before the child's thread
     * starts, so whenever and however the child ends (even killed before its first instruction)
     * this process gets the exit signal, and the child gets this one's.
     *
     * @throws ProcessLimitException if the process limit is reached; nothing was started or linked
     */
    public Pid spawnLink(ProcessBody child) {
        requireSelf("spawnLink");
        return start(child, this);
    }

    @Override
    public String toString() {
        return "<0." + id + ".0>";
    }

    // ---- internals --------------------------------------------------------------------------

    /**
     * The one receive loop. It parks in this frame (no helper frame between it and the park),
     * because a waiting process's frames are kept on the heap while it waits.
     *
     * <p>The look and the deadline check before the first park and those after a wake are
     * separate bytecode (see {@link Mailbox#takeMatchingAfterWake}): many processes that park
     * before their first message must not train the code they will run when it comes.
     *
     * <p>Now and then, and at every wait while its spins catch replies (a conversation, see
     * {@link Mailbox#spinNow()}), it first spins briefly for the message, as
     * {@code LinkedTransferQueue.take()} does; otherwise it parks at once.
     */
    private Object receiveMatching(Predicate<Object> match, long deadlineNanos) throws InterruptedException {
        requireSelf("receive");
        Object message = next(match);
        if (message != null) {
            return message;
        }
        boolean timed = deadlineNanos != Long.MAX_VALUE;
        long left = timed ? deadlineNanos - System.nanoTime() : Long.MAX_VALUE;
        if (left <= 0) {
            return null;
        }
        if (spinNow()) {
            if (spinForArrival()) {
                if (HopTrace.ENABLED) {
                    HopTrace.woke();
                }
                message = next(match);
                if (message != null) {
                    return message;
                }
            }
        }
        while (true) {
            if (readyToPark()) {
                if (timed) {
                    LockSupport.parkNanos(this, left);
                } else {
                    LockSupport.park(this);
                }
            }
            afterPark();
            if (HopTrace.ENABLED) {
                HopTrace.woke();
            }
            message = takeMatchingAfterWake(match);
            if (message != null) {
                return message;
            }
            if (timed) {
                left = deadlineNanos - System.nanoTime();
                if (left <= 0) {
                    return null;
                }
            }
        }
    }

    /** The oldest matching message, or null; ends the process first if an exit is pending. */
    private Object next(Predicate<Object> match) {
        if (pendingExit != null) {
            throw ProcessExit.SIGNAL;
        }
        return takeMatching(match);
    }

    /**
     * After a park (or a skipped one): no longer waiting; a pending exit ends the process, an
     * interrupt without one is an error.
     *
     * <p>The pending exit is looked at before the interrupt status, so a process killed while it
     * waits (kill interrupts it) never runs the JDK's "was interrupted" branch: that branch sits in
     * the code every parked process resumes in, compiled when no process had been interrupted, and
     * each of them took it as a deoptimization of its own (JFR, teardown of a ring of 100,000:
     * 100,000 in {@code VirtualThread.getAndClearInterrupt}). The look is {@link #exitIfRequested},
     * shared with the start of every thread: written inline here instead, its trap came back at
     * one teardown after another in the same JVM (JFR), where the shared one's was taken once.
     */
    private void afterPark() throws InterruptedException {
        doneWaiting();
        exitIfRequested();
        if (Thread.interrupted()) {
            exitIfRequested();
            throw new InterruptedException("receive in " + this + " was interrupted");
        }
    }

    private static long deadline(Duration timeout) {
        long nanos = timeout.toNanos();
        if (nanos < 0) {
            throw new IllegalArgumentException("a receive timeout cannot be negative: " + timeout);
        }
        return System.nanoTime() + nanos;
    }

    private void exitIfRequested() {
        if (pendingExit != null) {
            throw ProcessExit.SIGNAL;
        }
    }

    @Override
    boolean wakeUpRequested() {
        return pendingExit != null;
    }

    @Override
    void onArrival(boolean receiverWaiting) {
        if (receiverWaiting) {
            Unparker.unpark(thread);
        } else if (state == HIBERNATED && STATE.compareAndSet(this, HIBERNATED, RUNNING)) {
            startThread();
        }
    }

    private void startThread() {
        Thread t = THREADS.newThread(this);
        thread = t;
        t.start();
    }

    /**
     * The body of every thread of this process: the entry point the toolkit starts its virtual
     * thread in (the Pid is its own {@code Runnable}, so no lambda object and no extra frame sit
     * under every waiting process). Not for calling: from any thread but the process's own it
     * throws, and the process's own body must not call it either.
     *
     * @throws IllegalStateException unless called by the process's own thread
     */
    @Override
    public void run() {
        if (Thread.currentThread() != thread) {
            throw new IllegalStateException("run is the entry point of " + this + "'s own thread; "
                    + "start processes with Processes.spawn");
        }
        ExitReason reason;
        while (true) {
            try {
                exitIfRequested();
                body.run(this);
                reason = ExitReason.NORMAL;
            } catch (Hibernation h) {
                if (settleIntoHibernation()) {
                    return;
                }
                continue; // a message or an exit arrived meanwhile: resume now, in this thread
            } catch (Throwable t) {
                reason = exitReasonFor(t);
            }
            break;
        }
        if (STATE.compareAndSet(this, RUNNING, EXITED)) {
            terminate(reason);
        }
    }

    /** True if the process is now hibernated; false if it must resume at once. */
    private boolean settleIntoHibernation() {
        thread = null;
        state = HIBERNATED;
        if (pendingExit != null) {
            if (STATE.compareAndSet(this, HIBERNATED, EXITED)) {
                terminate(pendingExit);
            }
            return true;
        }
        if (hasMessages() && STATE.compareAndSet(this, HIBERNATED, RUNNING)) {
            thread = Thread.currentThread();
            return false;
        }
        return true; // any sender that saw HIBERNATED started a new thread, or will
    }

    /** Delivers an exit signal from {@code from} (null: from outside any process). */
    void signal(Pid from, ExitReason reason) {
        if (state == EXITED) {
            return;
        }
        if (reason.isKilled() && from == null) {
            requestExit(ExitReason.KILLED);
        } else if (trapExits) {
            send(new ExitSignal(from, reason));
        } else if (!reason.isNormal()) {
            requestExit(reason);
        }
    }

    private void requestExit(ExitReason reason) {
        if (state == EXITED) {
            return;
        }
        if (pendingExit == null || reason.isKilled()) {
            pendingExit = reason;
        }
        if (state == HIBERNATED && STATE.compareAndSet(this, HIBERNATED, EXITED)) {
            terminate(pendingExit);
            return;
        }
        Thread t = thread;
        if (t != null) {
            t.interrupt();
        }
    }

    /**
     * Why the body that threw {@code t} ended: a pending exit signal's reason, else {@code t}'s. When
     * the heap is too full even for that record, {@link ExitReason#OUT_OF_MEMORY}, made in advance, so
     * the process still terminates and its links and monitors still hear of it.
     */
    private ExitReason exitReasonFor(Throwable t) {
        ExitReason pending = pendingExit;
        if (pending != null) {
            return pending;
        }
        try {
            return ExitReason.exception(t);
        } catch (OutOfMemoryError heapFull) {
            return ExitReason.OUT_OF_MEMORY;
        }
    }

    /** How often ending a process tries again, after a full GC, when the heap is full as it tells its links and monitors. */
    private static final int TERMINATE_ATTEMPTS = 3;

    /**
     * Ends the process: its reason, its slot under the process limit, and an exit signal, a
     * {@link Down} or a wake-up for each link, monitor and joiner. Telling them allocates; a heap
     * that is full at that moment (a body that ran out of memory has just unwound, and its garbage
     * is not collected yet) gets a full GC and another try, resuming with the first not yet told.
     */
    private void terminate(ExitReason reason) {
        List<Pid> links = null;
        List<Pid> monitors = null;
        List<Thread> joiners = null;
        boolean released = false;
        int told = 0; // links, then monitors, then joiners
        for (int attempt = 1; ; attempt++) {
            try {
                if (links == null) {
                    synchronized (this) {
                        thread = null; // before the reason: whoever sees the process ended (awaitExit reads it unlocked) sees no thread
                        body = null;
                        exitReason = reason;
                        List<Pid> l = relations == null ? List.of() : relations.linksNow();
                        List<Pid> m = relations == null ? List.of() : relations.monitorsNow();
                        List<Thread> j = relations == null ? List.of() : relations.joinersNow();
                        relations = null;
                        links = l;
                        monitors = m;
                        joiners = j;
                    }
                }
                if (!released) {
                    ProcessLimit.release();
                    released = true;
                }
                for (; told < links.size() + monitors.size() + joiners.size(); told++) {
                    if (told < links.size()) {
                        Pid linked = links.get(told);
                        synchronized (linked) {
                            if (linked.relations != null) {
                                linked.relations.removeLink(this);
                            }
                        }
                        // a killed process's links get "killed" as a trappable reason, as on BEAM
                        linked.signal(this, reason);
                    } else if (told < links.size() + monitors.size()) {
                        monitors.get(told - links.size()).send(new Down(this, reason));
                    } else {
                        LockSupport.unpark(joiners.get(told - links.size() - monitors.size()));
                    }
                }
                return;
            } catch (OutOfMemoryError heapFull) {
                if (attempt == TERMINATE_ATTEMPTS) {
                    throw heapFull;
                }
                System.gc(); // what the ended body held is garbage by now
            }
        }
    }

    private void requireSelf(String what) {
        if (Thread.currentThread() != thread) {
            throw new IllegalStateException(what + " is for the process itself: call it on the self "
                    + "its body was given, inside " + this);
        }
    }

    private Relations relations() {
        if (relations == null) {
            relations = new Relations();
        }
        return relations;
    }
}
