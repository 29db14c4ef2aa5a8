/**
 * How a figure is taken: memory snapshots after a full GC ({@link dev.loomlab.measure.MemorySnapshot},
 * {@link dev.loomlab.measure.MemoryDelta}), native memory, verifying every unit is parked
 * ({@link dev.loomlab.measure.Parked}), the run's environment ({@link dev.loomlab.measure.Env}), the
 * pedagogical cap ({@link dev.loomlab.measure.Cap}), unit formatting, and the two repetition protocols
 * as pure logic: inside one VM ({@link dev.loomlab.measure.SteadyState}) and across fresh VMs
 * ({@link dev.loomlab.measure.ForkProtocol}, whose {@link dev.loomlab.measure.Interval} is the figure's
 * 95% interval). No display, no CLI.
 */
package dev.loomlab.measure;
