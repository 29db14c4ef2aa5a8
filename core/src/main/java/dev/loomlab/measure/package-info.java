/**
 * How a figure is taken: memory snapshots after a full GC ({@link dev.loomlab.measure.MemorySnapshot},
 * {@link dev.loomlab.measure.MemoryDelta}), native memory, verifying every unit is parked
 * ({@link dev.loomlab.measure.Parked}), the run's environment ({@link dev.loomlab.measure.Env}), the
 * pedagogical cap ({@link dev.loomlab.measure.Cap}) and unit formatting. No display, no CLI.
 */
package dev.loomlab.measure;
