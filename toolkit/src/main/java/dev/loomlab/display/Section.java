package dev.loomlab.display;

import dev.loomlab.display.Displayable;
import java.util.List;
import org.knowm.xchart.internal.chartpart.Chart;
import tech.tablesaw.api.Table;

/**
 * What a section's helper returns: the table (shown when the value is displayed, ours beside the
 * published figures) and, where a curve says more, a chart drawn from the same runs. Measure once,
 * show twice: {@code var r = Karui.state(); r} then {@code r.chart()}.
 */
public final class Section implements Displayable {

    private final Table table;
    private final Chart<?, ?> chart;
    private final List<String> notes;

    public Section(Table table, Chart<?, ?> chart, List<String> notes) {
        this.table = table;
        this.chart = chart;
        this.notes = List.copyOf(notes);
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
