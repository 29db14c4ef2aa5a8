/**
 * A one-for-one supervisor with restart intensity (max restarts in a period), built on the
 * process model's links and exit signals, and the supervise demo that shows it.
 */
package dev.loomlab.supervise;
