package dev.loomlab.load;

import dev.loomlab.view.Grid;
import dev.loomlab.view.GridLines;
import dev.loomlab.view.Tabular;
import dev.loomlab.published.PublishedFigure;
import java.util.List;

/**
 * The German article's reading of its table: how many microseconds each extra busy process adds
 * to the median round trip (about 14 µs on one BEAM scheduler, linear from 10 to 1,000). Ours is a
 * least-squares slope of the p50 over the rows with at least one loop that completed, per kind.
 *
 * @param result the load rows to read
 */
public record LoadSlopes(LoadResult result) implements Tabular {

    @Override
    public Grid grid() {
        GridLines lines = new GridLines("What each extra busy loop adds to the median round trip")
                .text("runtime").whole("rows used").number("µs per extra busy loop (p50)").text("reading");
        for (LoadKind k : result.spec().kinds()) {
            List<LoadRow> rows = result.rows().stream()
                    .filter(r -> r.kind().equals(k.label()) && r.loops() > 0 && !Double.isNaN(r.roundTripMicrosP50()))
                    .toList();
            long starved = result.rows().stream().filter(r -> r.kind().equals(k.label()) && r.starved()).count();
            if (rows.size() >= 2) {
                lines.row(k.runtime(), rows.size(), significant(slope(rows)), (starved > 0 ? starved + " row(s) starved: no slope can describe those" : "from the completed rows")
                        + (k == LoadKind.BEAM ? "; " + LoadNotes.beamVerdict(result.rows().stream()
                        .filter(r -> r.kind().equals(k.label())).toList()) : ""));
            } else {
                lines.row(k.runtime(), rows.size(), Double.NaN,
                        starved > 0 ? "starved under load: no round trip, so no slope" : "too few completed rows for a slope");
            }
        }
        for (PublishedFigure f : result.published()) {
            if (f.metric().equals("microsPerBusyProcess")) {
                lines.row(f.runtime() + " (published)", 0, f.value(), f.note());
            }
        }
        return lines.build();
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
