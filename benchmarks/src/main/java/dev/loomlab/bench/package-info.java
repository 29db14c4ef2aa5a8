/**
 * JMH benchmarks of the primitives (spawn, send/receive, ping-pong, ring hop, broadcast,
 * hibernate and wake), each beside its raw JVM baseline.
 */
package dev.loomlab.bench;
