/**
 * Display: {@link dev.loomlab.display.Displayable} values that the kernel shows as HTML tables and
 * PNG/SVG charts and that print as text in jshell; {@link dev.loomlab.display.Section} (a table, an
 * optional chart and notes) is what a runner returns. Tablesaw and XChart live here and above.
 */
package dev.loomlab.display;
