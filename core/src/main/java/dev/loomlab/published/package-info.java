/**
 * The figures the articles published, as a dataset with its sources
 * ({@code published-figures.csv}, {@code sources.csv}), so every table can put them beside ours.
 * Read-only; nothing here measures.
 */
package dev.loomlab.published;
