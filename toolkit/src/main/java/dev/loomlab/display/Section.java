package dev.loomlab.display;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.knowm.xchart.internal.chartpart.Chart;
import tech.tablesaw.api.Table;

/**
 * The one "section" value: what a runner or an article's helper returns. The table (shown when the value is displayed, ours beside the
 * published figures) and, where a curve says more, a chart drawn from the same runs. Measure once,
 * show twice: {@code var r = Karui.state(); r} then {@code r.chart()}.
 */
public final class Section implements Displayable {

    private final Table table;
    private final Chart<?, ?> chart;
    private final List<String> notes;
    private final List<JsonNode> measurements;

    /** A table, an optional chart (null for none) and notes. */
    public Section(Table table, Chart<?, ?> chart, List<String> notes) {
        this(table, chart, notes, List.of());
    }

    /**
     * The same with the measurements behind the rows, each as the {@code measurement} objects of
     * the result schema, so that {@code --json} carries every figure, not only the rounded cells.
     */
    public Section(Table table, Chart<?, ?> chart, List<String> notes, List<JsonNode> measurements) {
        this.table = table;
        this.chart = chart;
        this.notes = List.copyOf(notes);
        this.measurements = List.copyOf(measurements);
    }

    /** The measurements behind the rows, in the result schema; empty where the rows are not measurements. */
    public List<JsonNode> measurements() {
        return measurements;
    }

    @Override
    public Table toTable() {
        return table;
    }

    /** The plot of the same figures, or an error if this report has none. */
    public Chart<?, ?> chart() {
        if (chart == null) {
            throw new IllegalStateException("this report has no chart: show it as a table");
        }
        return chart;
    }

    /** What the numbers include, in words. */
    public List<String> notes() {
        return notes;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(table.printAll());
        for (String note : notes) {
            text.append("\n  note: ").append(note);
        }
        return text.toString();
    }
}
