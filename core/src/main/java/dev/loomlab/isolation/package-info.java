/**
 * Isolation: a BEAM message is copied into the receiver's heap; a JVM message is a reference to a
 * shared object. A child JVM shows what a receiver sees when its sender changes what it sent, and
 * what a defensive copy costs.
 */
package dev.loomlab.isolation;
