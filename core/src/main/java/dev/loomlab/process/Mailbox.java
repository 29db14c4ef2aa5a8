package dev.loomlab.process;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.Predicate;

/**
 * The message queue of one process: many senders, one receiver.
 *
 * <p>Senders push onto a lock-free stack with one CAS and never block. The receiver takes the
 * whole stack at once, reverses it and appends it to a private FIFO that only it touches, so
 * messages from one sender come out in the order that sender sent them (per-sender FIFO), and
 * everything a sender did before {@code send} happens-before the {@code receive} that returns
 * that message (the CAS and the receiver's atomic take are volatile accesses).
 *
 * <p>A lone arrival (nothing skipped, one message on the stack) is taken with one CAS, without the
 * FIFO, and a spin that catches its message writes nothing when nothing changes: in a conversation
 * between two carriers the receiver then writes no field of this object but {@code inbox}. A sender
 * reads {@code waiting} and the process's state at every send; where the object straddles two cache
 * lines (its address decides, so from one spawn to the next), every other write by the receiver
 * would move both lines from core to core at every message, a slower mode that came and went with
 * each fresh pair of processes.
 *
 * <p>It is a superclass of {@link Pid} rather than a field so that an idle process is one object
 * plus its thread: a process's weight is what this project measures.
 */
abstract class Mailbox {

    private static final VarHandle INBOX;

    static {
        try {
            INBOX = MethodHandles.lookup().findVarHandle(Mailbox.class, "inbox", Node.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A message in a queue. */
    private static final class Node {
        final Object message;
        Node next;

        Node(Object message) {
            this.message = message;
        }
    }

    /** Arrivals not yet seen by the receiver, newest first. Written by any thread. */
    private volatile Node inbox;
    /** Seen but not yet taken (selective receive skipped them), oldest first. Receiver only. */
    private Node first;
    private Node last;
    /** Set by the receiver just before it parks; senders unpark it when they see it. */
    private volatile boolean waiting;
    /** Receiver only: waits that park at once before the next spin ({@link #spinNow()}). */
    private int spinSkips = (1 << MAX_MISSES) - 1;
    /** Receiver only: spins in a row that caught nothing, up to {@link #MAX_MISSES}. */
    private byte spinMisses = MAX_MISSES;

    private static final int MAX_MISSES = 8;
    /**
     * {@code Thread.onSpinWait()}s in one spin, {@code LinkedTransferQueue}'s count; none with one
     * CPU or one carrier, where the sender cannot run while the receiver spins.
     * {@code -Dloomlab.receiveSpins=0} turns spinning off.
     */
    static final int SPINS = spins();

    /** Appends a message; never blocks. Calls {@link #onArrival(boolean)} afterwards. */
    final void enqueue(Object message) {
        if (HopTrace.ENABLED) {
            enqueueTraced(message);
            return;
        }
        push(new Node(message));
        onArrival(waiting);
    }

    /** {@link #enqueue} with {@link HopTrace}'s timestamps: only in a JVM that traces hops. */
    private void enqueueTraced(Object message) {
        int hop = HopTrace.sending();
        push(new Node(message));
        onArrival(waiting);
        HopTrace.sent(hop);
    }

    /** Publishes {@code node} on the arrivals stack with one CAS (retried while senders race). */
    private void push(Node node) {
        Node head;
        do {
            head = inbox;
            node.next = head;
        } while (!INBOX.compareAndSet(this, head, node));
    }

    /**
     * Tells the owner a message arrived: unpark it if it was waiting, or wake a hibernated
     * process.
     */
    abstract void onArrival(boolean receiverWaiting);

    /**
     * Receiver only: the oldest message that matches, removed from the queue, or null. For the
     * look before a wait; after a wait, {@link #takeMatchingAfterWake}.
     */
    final Object takeMatching(Predicate<Object> match) {
        Node arrival = inbox;
        if (first == null && arrival != null && arrival.next == null && (match == null || match.test(arrival.message))
                && INBOX.compareAndSet(this, arrival, null)) {
            return arrival.message; // the lone arrival, nothing skipped before it: taken without the FIFO
        }
        do {
            Node previous = null;
            for (Node node = first; node != null; previous = node, node = node.next) {
                if (match == null || match.test(node.message)) {
                    unlink(previous, node);
                    return node.message;
                }
            }
        } while (moveArrivals());
        return null;
    }

    /**
     * The same as {@link #takeMatching}, for the look after a wait, deliberately in other bytecode.
     *
     * <p>Why a copy: the JIT profiles each branch by its bytecode. When many processes are spawned
     * and each looks into its empty mailbox once before parking, the look's "nothing arrived"
     * branch is all the profile has seen, and the optimizing compiler turns the other branch into
     * a trap. Every parked process keeps that compiled code in its frames, so when the messages
     * come, every one of them hits the trap and is deoptimized on its own: measured with JFR on a
     * ring of 100,000, hundreds of thousands of deoptimizations, and hops tens of times slower
     * until the code was recompiled and every old frame gone. A look after a wait that has its own
     * bytecode has its own profile, which no empty mailbox has trained.
     */
    final Object takeMatchingAfterWake(Predicate<Object> match) {
        Node arrival = inbox;
        if (first == null && arrival != null && arrival.next == null && (match == null || match.test(arrival.message))
                && INBOX.compareAndSet(this, arrival, null)) {
            return arrival.message;
        }
        while (true) {
            Node previous = null;
            for (Node node = first; node != null; previous = node, node = node.next) {
                if (match == null || match.test(node.message)) {
                    unlink(previous, node);
                    return node.message;
                }
            }
            if (inbox == null) {
                return null;
            }
            append((Node) INBOX.getAndSet(this, null));
        }
    }

    /** Receiver only: true if a message arrived that {@link #takeMatching} has not looked at. */
    final boolean hasArrivals() {
        return inbox != null;
    }

    /** True if any message is queued, seen or not. Receiver only for a stable answer. */
    final boolean hasMessages() {
        return inbox != null || first != null;
    }

    /**
     * Receiver only, before it parks: announces that it is about to wait, so that a sender that
     * enqueues from now on unparks it. Returns false when it must not park, because a message
     * already arrived or a wake-up was requested; call {@link #doneWaiting()} either way.
     *
     * <p>The park itself is left to the caller, in its own frame: a parked virtual thread keeps
     * its frames in a heap stack chunk, so every frame between the receive and the park is memory
     * that each waiting process pays for.
     */
    final boolean readyToPark() {
        waiting = true;
        return inbox == null && !wakeUpRequested();
    }

    /** Receiver only, after the park returned (or was skipped). */
    final void doneWaiting() {
        waiting = false;
    }

    /**
     * Receiver only, before it parks: true to spin first. A spin that catches the message (the
     * sender runs on another carrier, as in a ping-pong) keeps spinning on at every wait; one
     * that catches nothing means the sender is not running now (it waits, or it is queued behind
     * this process on its own carrier, which {@code LinkedTransferQueue} can see and this cannot),
     * so the next 1, 3, 7 ... 255 waits park at once. A process starts as if 8 spins had missed:
     * one that waits long (an idle process, a ring's member, a broadcast's receiver) spins once
     * in 256 waits, and holds up a partner queued behind it by one short spin now and then at most.
     */
    final boolean spinNow() {
        if (SPINS == 0) {
            return false;
        }
        if (spinSkips > 0) {
            spinSkips--;
            return false;
        }
        return true;
    }

    /**
     * Receiver only: spins up to {@link #SPINS} {@code Thread.onSpinWait()} for an arrival, and
     * records whether one came. While it spins, {@code waiting} is false, so a sender does not
     * unpark it: the message is handed over with one CAS.
     */
    final boolean spinForArrival() {
        for (int i = 0; i < SPINS; i++) {
            if (inbox != null) {
                caught();
                return true;
            }
            Thread.onSpinWait();
        }
        if (inbox != null) {
            caught();
            return true;
        }
        spinMisses = (byte) Math.min(spinMisses + 1, MAX_MISSES);
        spinSkips = (1 << spinMisses) - 1;
        return false;
    }

    /** A spin caught its message: spin on at the next wait. Written only when it changes (see {@link Mailbox}). */
    private void caught() {
        if (spinMisses != 0) {
            spinMisses = 0;
        }
    }

    private static int spins() {
        String parallelism = System.getProperty("jdk.virtualThreadScheduler.parallelism");
        boolean oneCarrier = "1".equals(parallelism == null ? null : parallelism.trim());
        if (Runtime.getRuntime().availableProcessors() < 2 || oneCarrier) {
            return 0;
        }
        return Math.max(0, Integer.getInteger("loomlab.receiveSpins", 128));
    }

    /** A reason to stop waiting other than a message, such as a pending exit. */
    abstract boolean wakeUpRequested();

    /** Number of queued messages, for display only; receiver only gives a stable answer. */
    final int queuedCount() {
        int count = 0;
        for (Node node = first; node != null; node = node.next) {
            count++;
        }
        for (Node node = inbox; node != null; node = node.next) {
            count++;
        }
        return count;
    }

    /**
     * Moves the arrivals to the receiver's FIFO; false if there were none. The swap runs only when
     * the stack is not empty (only the receiver empties it, so it stays so): the JIT profiles what
     * the swap returns across every caller, and a profile of empty swaps (a spawn's first looks)
     * would make it compile the look after a wake as if nothing could have arrived, a trap that
     * every parked process then takes on its own (JFR: 100,000 deoptimizations in one ring run).
     */
    private boolean moveArrivals() {
        if (inbox == null) {
            return false;
        }
        append((Node) INBOX.getAndSet(this, null));
        return true;
    }

    /** Reverses a stack of arrivals (newest first) and appends it to the receiver's FIFO. */
    private void append(Node stack) {
        Node oldest = null;
        Node newest = stack;
        while (stack != null) {
            Node next = stack.next;
            stack.next = oldest;
            oldest = stack;
            stack = next;
        }
        if (last == null) {
            first = oldest;
        } else {
            last.next = oldest;
        }
        last = newest;
    }

    private void unlink(Node previous, Node node) {
        if (previous == null) {
            first = node.next;
        } else {
            previous.next = node.next;
        }
        if (last == node) {
            last = previous;
        }
        node.next = null;
    }
}
