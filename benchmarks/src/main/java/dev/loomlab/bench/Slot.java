package dev.loomlab.bench;

import java.util.concurrent.locks.LockSupport;

/**
 * The bare-{@link LockSupport#park} baseline: a one-message hand-off to one owner thread, with
 * no queue at all. A sender writes the slot and unparks the owner; the owner parks until the
 * slot is full. It is the floor under any mailbox: what waking a parked virtual thread costs
 * by itself. Correct only while at most one message is in flight to the owner, as in the
 * ping-pong, the ring and the broadcast.
 */
final class Slot {

    private volatile Object item;
    private volatile Thread owner;

    /** {@code n} empty slots, without owners yet. */
    static Slot[] array(int n) {
        Slot[] slots = new Slot[n];
        for (int i = 0; i < n; i++) {
            slots[i] = new Slot();
        }
        return slots;
    }

    /** Starts this slot's owner: a new virtual thread running {@code loop}, which may {@link #take}. */
    void startOwner(Units.Loop loop) {
        Thread t = Thread.ofVirtual().unstarted(Units.quietly(loop));
        owner = t;
        t.start();
    }

    /** The thread that takes from this slot. */
    Thread owner() {
        return owner;
    }

    /** Fills the slot and wakes its owner. The slot must be empty. */
    void put(Object message) {
        item = message;
        LockSupport.unpark(owner);
    }

    /** Owner only: parks until the slot is full, empties it and returns the message. */
    Object take() throws InterruptedException {
        Object m;
        while ((m = item) == null) {
            LockSupport.park(this);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
        item = null;
        return m;
    }
}
