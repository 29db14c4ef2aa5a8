/**
 * How a figure is taken: memory snapshots after a full GC ({@link dev.loomlab.measure.MemorySnapshot},
 * {@link dev.loomlab.measure.MemoryDelta}), native memory, verifying every unit is parked
 * ({@link dev.loomlab.measure.Parked}), the run's environment ({@link dev.loomlab.measure.Env}), the
 * pedagogical cap ({@link dev.loomlab.measure.Cap}), unit formatting, and the two repetition protocols
 * as pure logic: inside one VM ({@link dev.loomlab.measure.SteadyState}) and across fresh VMs
 * ({@link dev.loomlab.measure.ForkProtocol}, whose {@link dev.loomlab.measure.Interval} is the figure's
 * 95% interval). No display, no CLI.
 *
 * <p><b>The reader's API.</b> The blocks the experiments measure with are public so that a reader's cell
 * ({@code %%fresh} in a notebook, or jshell) measures the same way: {@link dev.loomlab.measure.Gc#settle()}
 * (the heap after a full GC), {@link dev.loomlab.measure.Parked#awaitAll(Thread[], java.time.Duration)}
 * (until every thread waits), {@link dev.loomlab.measure.GcWindow#afterFullGc()} (a clock that starts after
 * a full GC and counts the collections in its window) and
 * {@link dev.loomlab.measure.SteadyState#untilSteady} (the warm-up protocol around the reader's own run,
 * through the same loop {@code Experiments.runHere} uses).
 */
package dev.loomlab.measure;
