package dev.loomlab.report;

import dev.loomlab.experiment.Experiment;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * One bar chart per experiment: its headline metric for each kind and size, one bar per source
 * (this machine, or each machine in a compare), and the published BEAM figure at the nearest
 * size as a bar beside each group. The y axis turns logarithmic when the bars differ by more
 * than 30 times (platform threads beside virtual ones), so that the small bars stay visible.
 */
public final class ExperimentChart {

    private static final String BEAM = "BEAM published";

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
        Set<String> categories = new LinkedHashSet<>();
        for (Measurement m : measurements(experiment, sources)) {
            categories.add(category(m));
        }
        List<String> x = List.copyOf(categories);
        CategoryChart chart = new CategoryChartBuilder().width(Math.max(720, 150 * x.size())).height(420)
                .title(experiment + ": " + metric.get()).xAxisTitle("kind, n").yAxisTitle(metric.get()).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        chart.getStyler().setOverlapped(false);
        List<List<Double>> series = new ArrayList<>();
        for (MachineTable.Source source : sources) {
            List<Double> y = new ArrayList<>();
            for (String c : x) {
                y.add(measurements(experiment, List.of(source)).stream().filter(m -> category(m).equals(c))
                        .map(m -> m.metric(metric.get())).filter(d -> !d.isNaN()).findFirst().orElse(null));
            }
            chart.addSeries(source.label(), x, y);
            series.add(y);
        }
        // the published BEAM figure at the nearest size, as a bar beside each group
        List<Double> beam = new ArrayList<>();
        String beamSource = null;
        for (String c : x) {
            Measurement m = measurements(experiment, sources).stream().filter(r -> category(r).equals(c)).findFirst().orElseThrow();
            Optional<PublishedFigure> f = PublishedFigures.beside(experiment, metric.get(), m.n(), m.m() == 0 ? null : m.m());
            beam.add(f.map(PublishedFigure::value).orElse(null));
            beamSource = beamSource != null ? beamSource : f.map(PublishedFigure::source).orElse(null);
        }
        if (beamSource != null) {
            chart.addSeries(BEAM + " (" + beamSource + ")", x, beam);
            series.add(beam);
        }
        // a log axis cannot show zero or negative values: use it only when every bar is above zero
        List<Double> all = series.stream().flatMap(List::stream).filter(v -> v != null).toList();
        boolean positive = !all.isEmpty() && all.stream().allMatch(v -> v > 0);
        double min = all.stream().mapToDouble(Double::doubleValue).min().orElse(1);
        double max = all.stream().mapToDouble(Double::doubleValue).max().orElse(1);
        if (positive && max / min > 30) {
            chart.getStyler().setYAxisLogarithmic(true);
            // bars need a floor above 0; a decade below the smallest keeps the smallest bar visible
            chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(min)) - 1));
        }
        return Optional.of(chart);
    }

    /** The chart as a PNG, base64-encoded for a {@code data:} URL. */
    public static String pngBase64(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart) {
        try {
            return Base64.getEncoder().encodeToString(BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG));
        } catch (IOException e) {
            throw new UncheckedIOException("could not draw the chart \"" + chart.getTitle() + "\"", e);
        }
    }

    private static String category(Measurement m) {
        return m.kind() + " " + String.format("%,d", m.n()) + (m.m() == 0 ? "" : " x " + m.m());
    }

    private static List<Measurement> measurements(String experiment, List<MachineTable.Source> sources) {
        return sources.stream().flatMap(s -> s.rows().stream())
                .filter(r -> r.experiment().equals(experiment) && r.measurement() != null)
                .map(ReportRow::measurement).toList();
    }
}
