package dev.loomlab.report;

import dev.loomlab.display.Charts;
import dev.loomlab.view.Palette;
import dev.loomlab.experiment.Experiment;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.measure.Interval;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;

/**
 * One bar chart per experiment: its headline metric for each size, one bar per kind in its
 * {@link Palette} colour (the same in the report, the compare page and the workshop page as in the
 * notebooks), and the published BEAM figure at the nearest size as a black bar beside each group.
 * With several machines (a compare, a workshop) each machine has its own groups. The y axis turns
 * logarithmic when the bars differ by more than 30 times (platform threads beside virtual ones),
 * so that the small bars stay visible. A bar summarised over fresh VMs carries its 95% interval
 * across them as a whisker; a bar of one VM has none.
 */
public final class ExperimentChart {

    private static final String BEAM = "BEAM published";
    /** What the x axis title adds when bars carry intervals. */
    static final String WHISKERS = "; whiskers: 95% interval across fresh VMs";

    private ExperimentChart() {}

    /** The metric a chart of {@code experiment} shows, given the measurements there are. */
    public static Optional<String> headline(String experiment, List<MachineTable.Source> sources) {
        List<Measurement> all = measurements(experiment, sources);
        String preferred = Experiments.all().stream().filter(e -> e.name().equals(experiment))
                .map(Experiment::headline).findFirst().orElse("");
        if (!preferred.isEmpty() && all.stream().anyMatch(m -> m.metrics().containsKey(preferred))) {
            return Optional.of(preferred);
        }
        return all.stream().flatMap(m -> m.metrics().keySet().stream()).findFirst();
    }

    /** The chart, or empty if no source measured this experiment. */
    public static Optional<CategoryChart> of(String experiment, List<MachineTable.Source> sources) {
        Optional<String> metric = headline(experiment, sources);
        if (metric.isEmpty()) {
            return Optional.empty();
        }
        boolean several = sources.size() > 1;
        Set<String> categories = new LinkedHashSet<>();
        Set<String> kinds = new LinkedHashSet<>();
        for (MachineTable.Source source : sources) {
            for (Measurement m : measurements(experiment, List.of(source))) {
                categories.add(category(source, m, several));
                kinds.add(m.kind());
            }
        }
        List<String> x = List.copyOf(categories);
        Map<String, List<? extends Number>> series = new LinkedHashMap<>();
        Map<String, Palette> colours = new LinkedHashMap<>();
        Map<String, List<Interval>> intervals = new LinkedHashMap<>();
        for (String kind : kinds) {
            List<Double> y = new ArrayList<>();
            List<Interval> across = new ArrayList<>();
            for (String c : x) {
                Optional<Measurement> bar = sources.stream().flatMap(source -> measurements(experiment, List.of(source)).stream()
                                .filter(m -> m.kind().equals(kind) && category(source, m, several).equals(c)))
                        .filter(m -> !Double.isNaN(m.metric(metric.get()))).findFirst();
                y.add(bar.map(m -> m.metric(metric.get())).orElse(null));
                across.add(bar.map(m -> m.interval(metric.get())).orElse(null));
            }
            String name = Palette.of(kind) == Palette.BEAM_HERE ? "BEAM here" : "JVM " + kind;
            series.put(name, y);
            colours.put(name, Palette.of(kind));
            intervals.put(name, across);
        }
        // the published BEAM figure at the nearest size, as a bar beside each group
        List<Double> beam = new ArrayList<>();
        String beamSource = null;
        for (String c : x) {
            Measurement m = sources.stream().flatMap(source -> measurements(experiment, List.of(source)).stream()
                    .filter(r -> category(source, r, several).equals(c))).findFirst().orElseThrow();
            Optional<PublishedFigure> f = PublishedFigures.beside(experiment, metric.get(), m.n(), m.m() == 0 ? null : m.m());
            beam.add(f.map(PublishedFigure::value).orElse(null));
            beamSource = beamSource != null ? beamSource : f.map(PublishedFigure::source).orElse(null);
        }
        if (beamSource != null) {
            series.put(BEAM + " (" + beamSource + ")", beam);
            colours.put(BEAM + " (" + beamSource + ")", Palette.BEAM_PUBLISHED);
        }
        // a log axis cannot show zero or negative values: use it only when every bar is above zero
        List<Double> all = series.values().stream().flatMap(List::stream).filter(v -> v != null).map(Number::doubleValue).toList();
        boolean positive = !all.isEmpty() && all.stream().allMatch(v -> v > 0);
        double min = all.stream().mapToDouble(Double::doubleValue).min().orElse(1);
        double max = all.stream().mapToDouble(Double::doubleValue).max().orElse(1);
        boolean log = positive && max / min > 30;
        String words = words(metric.get());
        CategoryChart chart = Charts.bars(experiment + ": " + words, words + (log ? " (log)" : ""), log, x, series, colours);
        boolean whiskers = false;
        for (var bars : intervals.entrySet()) {
            List<Interval> across = bars.getValue();
            if (across.stream().anyMatch(i -> i != null && i.has())) {
                Charts.intervals(chart, bars.getKey(), across.stream().map(i -> i != null && i.has() ? i.low() : null).toList(),
                        across.stream().map(i -> i != null && i.has() ? i.high() : null).toList());
                whiskers = true;
            }
        }
        chart.setXAxisTitle((several ? "machine, n" : "n") + (whiskers ? WHISKERS : ""));
        return Optional.of(chart);
    }

    /** A metric's name in words: {@code nsPerHop} is "ns per hop". */
    static String words(String metric) {
        return metric.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(java.util.Locale.ROOT);
    }

    /** The chart as a PNG, base64-encoded for a {@code data:} URL. */
    public static String pngBase64(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart) {
        try {
            return Base64.getEncoder().encodeToString(BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG));
        } catch (IOException e) {
            throw new UncheckedIOException("could not draw the chart \"" + chart.getTitle() + "\"", e);
        }
    }

    private static String category(MachineTable.Source source, Measurement m, boolean several) {
        return (several ? source.label() + ", " : "") + String.format("%,d", m.n()) + (m.m() == 0 ? "" : " x " + m.m());
    }

    private static List<Measurement> measurements(String experiment, List<MachineTable.Source> sources) {
        return sources.stream().flatMap(s -> s.rows().stream())
                .filter(r -> r.experiment().equals(experiment) && r.measurement() != null)
                .map(ReportRow::measurement).toList();
    }
}
