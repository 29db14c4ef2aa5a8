/**
 * Isolation: a BEAM message is copied into the receiver's heap; a JVM message is a reference to a
 * shared object. A child JVM shows what a receiver sees when its sender changes what it sent, and
 * what a defensive copy costs: {@code Isolation}'s {@code main}, a demo child like {@code limits}'
 * ({@code jvm.ChildSide}, {@code jvm.ChildCall.launch}).
 */
package dev.loomlab.isolation;
