/**
 * Limits and containment: this machine's thread and memory limits, cgroup-limited child JVMs
 * (CPU, memory), off-heap memory, a runaway under a supervisor. Every risky demo runs in a child
 * JVM with a deadline, and its failure is a row.
 */
package dev.loomlab.limits;
