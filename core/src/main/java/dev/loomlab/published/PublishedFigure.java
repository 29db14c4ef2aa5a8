package dev.loomlab.published;

/**
 * One number from an article or a peer benchmark, with where it comes from.
 *
 * @param source     short id of the source (see {@link PublishedFigures#sourceTitle})
 * @param runtime    what was measured: "BEAM (OTP 28; Apple M1)", "Go 1.23.3", ...
 * @param experiment the toolkit experiment that answers the same question ("spawn", "ring", ...)
 * @param metric     the toolkit's metric name ("bytesPerProcess", "nsPerHop", ...)
 * @param n          the size it was measured at (processes, tasks, loops), or null for "any"
 * @param m          the second size (ring rounds), or null
 * @param value      the number as published
 * @param unit       its unit
 * @param note       how it was measured, or what it is not (e.g. "an average, not a percentile")
 */
public record PublishedFigure(String source, String runtime, String experiment, String metric,
                              Long n, Long m, double value, String unit, String note) {}
