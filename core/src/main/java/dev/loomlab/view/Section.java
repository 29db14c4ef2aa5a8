package dev.loomlab.view;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * The one "section" value: what a runner or an article's helper returns. The grid (shown when the value is displayed, ours beside the
 * published figures) and, where a curve says more, a plot drawn from the same runs. Measure once,
 * show twice: {@code var r = Karui.state(); r} then {@code r.chart()}.
 */
public final class Section implements Tabular {

    private final Grid table;
    private final Plot chart;
    private final List<String> notes;
    private final List<JsonNode> measurements;
    private final List<Grid> details;

    /** A grid, an optional plot (null for none) and notes. */
    public Section(Grid table, Plot chart, List<String> notes) {
        this(table, chart, notes, List.of());
    }

    /**
     * The same with the measurements behind the rows, each as the {@code measurement} objects of
     * the result schema, so that {@code --json} carries every figure, not only the rounded cells.
     */
    public Section(Grid table, Plot chart, List<String> notes, List<JsonNode> measurements) {
        this(table, chart, notes, measurements, List.of());
    }

    /** The same with grids one call away ({@link #details()}): every column of a table too wide to read at once. */
    public Section(Grid table, Plot chart, List<String> notes, List<JsonNode> measurements, List<Grid> details) {
        this.table = table;
        this.chart = chart;
        this.notes = List.copyOf(notes);
        this.measurements = List.copyOf(measurements);
        this.details = List.copyOf(details);
    }

    /**
     * A wide grid narrowed: the columns {@code shown} of {@code full} (at most 7) as the table, every
     * column one click away in the details ({@link Grid#everyColumn()}).
     */
    public static Section narrowed(Grid full, Plot chart, List<String> notes, List<JsonNode> measurements, String... shown) {
        return new Section(full.select(full.title(), shown), chart, notes, measurements, List.of(full.everyColumn()));
    }

    @Override
    public List<Grid> details() {
        return details;
    }

    /** The measurements behind the rows, in the result schema; empty where the rows are not measurements. */
    public List<JsonNode> measurements() {
        return measurements;
    }

    @Override
    public Grid grid() {
        return table;
    }

    /** True if this section has a plot. */
    public boolean hasChart() {
        return chart != null;
    }

    /** The plot of the same figures, or an error if this report has none. */
    public Plot chart() {
        if (chart == null) {
            throw new IllegalStateException("this report has no chart: show it as a table");
        }
        return chart;
    }

    /** What the numbers include, in words. */
    @Override
    public List<String> notes() {
        return notes;
    }

    @Override
    public String toString() {
        return Tabular.text(this);
    }
}
