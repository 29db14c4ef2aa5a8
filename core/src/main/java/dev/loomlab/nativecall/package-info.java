/**
 * A long native call and its carrier: the JVM's undeclared dirty NIF. A {@code java.lang.foreign}
 * downcall into libc blocks the virtual thread's carrier; on one carrier every other virtual
 * thread waits, unless the call is offloaded to a platform thread. Each case runs in a child JVM
 * with a deadline: {@code DirtyCall}'s {@code main}, the measured loop, a demo child like
 * {@code limits}' ({@code jvm.ChildSide}, {@code jvm.ChildCall.launch}).
 */
package dev.loomlab.nativecall;
