/**
 * Display: draws the core's {@link dev.loomlab.view} values — a {@code Grid} as a Tablesaw table
 * ({@link dev.loomlab.display.Tables#from}), a {@code Plot} as an XChart chart
 * ({@link dev.loomlab.display.Charts#of}) — and {@link dev.loomlab.display.Displayable} values,
 * as HTML tables and PNG charts in a notebook ({@link dev.loomlab.display.Display}). Tablesaw and
 * XChart live here and above, never in the core module.
 */
package dev.loomlab.display;
