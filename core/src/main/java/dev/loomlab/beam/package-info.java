/**
 * BEAM here: the articles' measurements on Erlang's own processes, on the same machine as the JVM
 * figures, so that "JVM / BEAM" no longer mixes two machines.
 *
 * <p>The Erlang side is {@code loomlab_beam*.erl} (resources beside these classes), compiled with
 * the reader's {@code erlc} on first use ({@link dev.loomlab.beam.BeamModule}, into a cache keyed by the
 * sources' hash that {@link dev.loomlab.beam.BeamCache} prunes of stale entries). Each measurement
 * runs in a fresh {@code erl} with the articles' flags ({@code +P}, {@code +S}, {@code +hms}),
 * repeats the operation K times in that one VM and prints one JSON object, which
 * {@link dev.loomlab.beam.BeamResults} reads into a {@link dev.loomlab.experiment.Measurement} of kind
 * {@code beam} (or a {@link dev.loomlab.load.LoadRow}). {@link dev.loomlab.beam.BeamRunner} and
 * {@link dev.loomlab.beam.BeamLoad} kill the VM at its deadline; a crash, {@code system_limit} or a
 * deadline is a row that says so. {@link dev.loomlab.beam.Erlang} finds {@code erl}
 * ({@code -Dloomlab.erl}, {@code $LOOMLAB_ERL}, {@code PATH}), caches its release and schedulers,
 * and says how to install Erlang when it is missing or too old.
 *
 * <p>Entry points: {@code --kind beam} on the CLI, {@code Kind.BEAM} / {@code Kind.BEAM} in the
 * helpers (through {@link dev.loomlab.jvm.ChildJvm#run} and {@link dev.loomlab.load.LoadRunner}).
 */
package dev.loomlab.beam;

import dev.loomlab.experiment.Kind;