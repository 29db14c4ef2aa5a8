/**
 * Runners: one measurement taken across fresh JVMs (idle weight by kind, tiers, state size,
 * hibernation against idle, warm-up), arranged as a {@link dev.loomlab.view.Section} with the
 * published figures beside ours. The notebooks' façades in {@code api} and the CLI commands call
 * these; neither measures by itself.
 */
package dev.loomlab.runs;
