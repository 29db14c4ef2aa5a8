/**
 * The load experiment: busy loops beside an echo and a client, by kind (who may take a processor
 * from a loop that never blocks), one fresh JVM per tier, and its tables and charts. Each tier's
 * JVM ({@link dev.loomlab.load.LoadChildMain}) speaks the one child protocol ({@code jvm.ChildSide}):
 * its row is its result file, and the round trips it streams are what a row killed at its
 * deadline says; a failed child's row is worded by {@code jvm.ChildEnding}.
 */
package dev.loomlab.load;
