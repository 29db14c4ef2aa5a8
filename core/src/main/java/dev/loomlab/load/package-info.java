/**
 * The load experiment: busy loops beside an echo and a client, by kind (who may take a processor
 * from a loop that never blocks), one fresh JVM per tier, and its tables and charts.
 */
package dev.loomlab.load;
