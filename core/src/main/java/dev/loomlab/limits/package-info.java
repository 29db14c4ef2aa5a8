/**
 * Limits and containment: this machine's thread and memory limits, cgroup-limited child JVMs
 * (CPU, memory), off-heap memory, a runaway under a supervisor. Every risky demo runs in a child
 * JVM with a deadline, and its failure is a row. A demo child speaks the one child protocol
 * ({@code jvm.ChildSide}): it streams its figures as {@code result} lines and writes them as its
 * result file at its end, so a demo that dies half-way (out of memory, killed by the kernel)
 * still leaves the figures it had; {@code jvm.ChildCall.launch} runs it and
 * {@code jvm.ChildReply.ending()} words how it ended. {@link dev.loomlab.limits.DemoOutput} holds
 * what the demos share besides.
 */
package dev.loomlab.limits;
