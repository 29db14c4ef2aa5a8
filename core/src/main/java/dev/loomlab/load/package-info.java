/**
 * The load experiment: busy loops beside an echo and a client, by kind (who may take a processor
 * from a loop that never blocks), each row (kind and loop count) over fresh JVMs taken in turn, its
 * figures their median and the p50 with its interval ({@link dev.loomlab.load.LoadRow#acrossVms}),
 * and its tables and charts. Each row's
 * JVM ({@link dev.loomlab.load.LoadChildMain}) speaks the one child protocol ({@code jvm.ChildSide}):
 * its row is its result file, and the round trips it streams are what a row killed at its
 * deadline says; a failed child's row is worded by {@code jvm.ChildEnding}.
 */
package dev.loomlab.load;
