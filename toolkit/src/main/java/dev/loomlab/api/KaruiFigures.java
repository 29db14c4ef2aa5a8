package dev.loomlab.api;

import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
import java.util.Optional;

/** The Japanese article's figures (source {@code karui}) by runtime, experiment and metric. */
final class KaruiFigures {

    static final String BEAM = "BEAM";
    static final String GO = "Go";
    static final String PYTHON = "Python";

    private KaruiFigures() {}

    static Optional<PublishedFigure> find(String runtimePrefix, String experiment, String metric, Long n) {
        return PublishedFigures.of(experiment, metric).stream()
                .filter(f -> f.source().equals("karui") && f.runtime().startsWith(runtimePrefix))
                .filter(f -> n == null || f.n() == null || f.n().equals(n))
                .findFirst();
    }

    /** The value, or NaN when the article did not publish it. */
    static double value(String runtimePrefix, String experiment, String metric, Long n) {
        return find(runtimePrefix, experiment, metric, n).map(PublishedFigure::value).orElse(Double.NaN);
    }

    static double value(String runtimePrefix, String experiment, String metric) {
        return value(runtimePrefix, experiment, metric, null);
    }

    static String runtime(String runtimePrefix, String experiment, String metric) {
        return find(runtimePrefix, experiment, metric, null).map(PublishedFigure::runtime).orElse(runtimePrefix);
    }

    static String note(String runtimePrefix, String experiment, String metric) {
        return find(runtimePrefix, experiment, metric, null).map(PublishedFigure::note).orElse("");
    }
}
