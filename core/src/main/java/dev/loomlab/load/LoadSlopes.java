package dev.loomlab.load;

import dev.loomlab.view.Grid;
import dev.loomlab.view.GridLines;
import dev.loomlab.view.Tabular;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.measure.Interval;
import java.util.ArrayList;
import java.util.List;

/**
 * The German article's reading of its table: how many microseconds each extra busy process adds
 * to the median round trip (about 14 µs on one BEAM scheduler, linear from 10 to 1,000). Ours is a
 * least-squares slope of the p50 over the rows with at least one loop that completed, per kind; with
 * several fresh VMs a row, the slope through the rows' medians, and the 95% interval of the slopes each
 * pass of VMs gives ({@link #vmSlopes}).
 *
 * @param result the load rows to read
 */
public record LoadSlopes(LoadResult result) implements Tabular {

    @Override
    public Grid grid() {
        boolean vms = result.spec().vms() > 1;
        GridLines lines = new GridLines("What each extra busy loop adds to the median round trip" + (vms
                ? String.format(": through the rows' medians over %d fresh VMs, and the 95%% interval of each VM pass's slope",
                result.spec().vms()) : ""))
                .text("runtime").whole("rows used").number("µs per extra busy loop (p50)");
        if (vms) {
            lines.text("95% interval");
        }
        lines.text("reading");
        for (LoadKind k : result.spec().kinds()) {
            List<LoadRow> rows = result.rows().stream()
                    .filter(r -> r.kind().equals(k.label()) && r.loops() > 0 && !Double.isNaN(r.roundTripMicrosP50()))
                    .toList();
            long starved = result.rows().stream().filter(r -> r.kind().equals(k.label()) && r.starved()).count();
            if (rows.size() >= 2) {
                lines.row(cells(vms, k.runtime(), rows.size(), significant(slope(rows)), interval(rows), (starved > 0 ? starved + " row(s) starved: no slope can describe those" : "from the completed rows")
                        + (k == LoadKind.BEAM ? "; " + LoadNotes.beamVerdict(result.rows().stream()
                        .filter(r -> r.kind().equals(k.label())).toList()) : "")));
            } else {
                lines.row(cells(vms, k.runtime(), rows.size(), Double.NaN, "",
                        starved > 0 ? "starved under load: no round trip, so no slope" : "too few completed rows for a slope"));
            }
        }
        for (PublishedFigure f : result.published()) {
            if (f.metric().equals("microsPerBusyProcess")) {
                lines.row(cells(vms, f.runtime() + " (published)", 0, f.value(), "", f.note()));
            }
        }
        return lines.build();
    }

    private static Object[] cells(boolean withInterval, String runtime, int rows, double slope, String interval, String reading) {
        return withInterval ? new Object[] {runtime, rows, slope, interval, reading} : new Object[] {runtime, rows, slope, reading};
    }

    /** "[12.1, 15.3]": the 95% interval of {@link #vmSlopes}, or "" with fewer than two. */
    static String interval(List<LoadRow> rows) {
        Interval i = Interval.ofDifferences(vmSlopes(rows).stream().mapToDouble(Double::doubleValue).toArray());
        return i.has() ? Measurement.intervalText(i) : "";
    }

    /**
     * The slope of each pass of fresh VMs: the rows' {@code j}-th VMs, those with a median, when at least
     * two are left; none when the rows are one VM each.
     */
    static List<Double> vmSlopes(List<LoadRow> rows) {
        int passes = rows.stream().mapToInt(r -> r.vms().size()).min().orElse(0);
        List<Double> slopes = new ArrayList<>();
        for (int j = 0; j < passes; j++) {
            int pass = j;
            List<LoadRow> vmRows = rows.stream().map(r -> r.vms().get(pass)).filter(r -> !Double.isNaN(r.roundTripMicrosP50())).toList();
            if (vmRows.size() >= 2) {
                slopes.add(slope(vmRows));
            }
        }
        return slopes;
    }

    /** Three significant digits, so a slope well under 0.01 µs per loop does not print as 0. */
    static double significant(double v) {
        if (Double.isNaN(v) || v == 0 || Double.isInfinite(v)) {
            return v;
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(3)).doubleValue();
    }

    /** Least-squares slope of p50 (µs) against loops. */
    static double slope(List<LoadRow> rows) {
        double n = rows.size();
        double sx = 0, sy = 0, sxx = 0, sxy = 0;
        for (LoadRow r : rows) {
            double x = r.loops();
            double y = r.roundTripMicrosP50();
            sx += x;
            sy += y;
            sxx += x * x;
            sxy += x * y;
        }
        double denominator = n * sxx - sx * sx;
        return denominator == 0 ? Double.NaN : (n * sxy - sx * sy) / denominator;
    }

    @Override
    public String toString() {
        return grid().toText();
    }
}
