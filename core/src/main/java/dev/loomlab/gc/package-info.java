/**
 * Garbage-collection pauses: the JVM stops every thread for its collector, where BEAM collects
 * one process's heap at a time. A child JVM per collector and process count churns state while
 * it times round trips ({@code GcPauses}' {@code main}, a demo child like {@code limits}': {@code
 * jvm.ChildSide}, {@code jvm.ChildCall.launch}); pauses come from the JVM's safepoint log and its GC
 * notifications.
 */
package dev.loomlab.gc;
