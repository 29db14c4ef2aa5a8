/**
 * What a result shows, described without a table or chart library: {@link dev.loomlab.view.Grid}
 * (a table of typed columns), {@link dev.loomlab.view.Plot} (lines or bars of
 * {@link dev.loomlab.view.Series}), {@link dev.loomlab.view.Section} (a grid, an optional plot,
 * notes and the measurements behind them) and {@link dev.loomlab.view.Tabular} (a value that
 * shows as grids). The measuring core builds these; the display layer draws them with Tablesaw
 * and XChart, and jshell prints them as text. Depends on {@code util} alone.
 */
package dev.loomlab.view;
