package dev.loomlab.process;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.locks.LockSupport;

/**
 * {@code LockSupport.unpark}, called so that the JIT does not compile it into the sender's code.
 *
 * <p>Why: a parked virtual thread keeps its compiled frames, and when it wakes it goes on in the
 * code compiled before it parked. With {@code unpark} inlined into a process body (a ring member
 * that receives, then sends to the next), that code carries the JDK's branch profile of
 * {@code VirtualThread.getAndSetParkPermit} as it stood when the body was compiled: after the
 * spawn of a large ring, where every process parked and none was yet unparked, the "not yet
 * permitted" branch looks never taken, and the compiler turns it into a trap. Then each of the
 * parked processes hits that trap in its own frame the first time it sends: measured with JFR on a
 * ring of 100,000, 100,000 deoptimizations inside one timed run, tens of microseconds per hop.
 * Called through a handle the compiler cannot see through (not a constant: a non-final field),
 * {@code unpark} stays in its own compiled code, where a trap is taken once and recompiled.
 */
final class Unparker {

    /** Not final on purpose: a constant handle would be inlined like a direct call. */
    private static MethodHandle unpark = handle();

    private Unparker() {}

    /** Unparks {@code thread} (null: nothing). */
    static void unpark(Thread thread) {
        try {
            unpark.invokeExact(thread);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    private static MethodHandle handle() {
        try {
            return MethodHandles.publicLookup().findStatic(LockSupport.class, "unpark",
                    MethodType.methodType(void.class, Thread.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
