package dev.loomlab.display;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.view.Grid;
import dev.loomlab.view.GridLines;
import dev.loomlab.view.Plot;
import dev.loomlab.view.Section;
import dev.loomlab.view.Series;
import dev.loomlab.view.Tabular;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The core's views, drawn: a Grid becomes the same Tablesaw table, a Plot an XChart chart, a Section HTML with its notes. */
class ViewDrawingTest {

    private record Row(String what, double bytes, int n) {}

    private static final Grid GRID = Grid.of("Idle weight", List.of(new Row("process", 812.5, 1_000), new Row("thread", Double.NaN, 10)))
            .text("unit", Row::what).number("bytes", Row::bytes).whole("n", Row::n).build();

    @Test
    void aGridBecomesTheSameTableWithNaNAsAnEmptyCell() {
        var table = Tables.from(GRID);
        assertThat(table.name()).isEqualTo("Idle weight");
        assertThat(table.columnNames()).containsExactly("unit", "bytes", "n");
        assertThat(table.stringColumn("unit").asList()).containsExactly("process", "thread");
        assertThat(table.doubleColumn("bytes").get(0)).isEqualTo(812.5);
        assertThat(table.doubleColumn("bytes").isMissing(1)).isTrue();
        assertThat(table.intColumn("n").get(1)).isEqualTo(10);
        assertThat(GRID.toText()).contains("Idle weight", "process", "813", "1,000").doesNotContain("812.5");
        assertThat(table.printAll()).contains("813", "1,000").doesNotContain("812.5"); // the notebook's table: the same rule
    }

    @Test
    void linesWrittenOneAtATimeKeepAMissingWholeNumberEmpty() {
        Grid g = new GridLines("t").text("a").whole("b").row("x", null).row("y", 3).build();
        var table = Tables.from(g);
        assertThat(table.intColumn("b").isMissing(0)).isTrue();
        assertThat(table.intColumn("b").get(1)).isEqualTo(3);
    }

    @Test
    void aSectionShowsAsHtmlWithNotesAndItsPlotAsPng() {
        Plot lines = Plot.lines("cost", "n", "bytes", true, true, List.of(new Series("ours", List.of(1, 10), List.of(2.0, 20.0))));
        Plot bars = Plot.bars("kinds", "bytes", true, List.of("a", "b"), Map.of("ours", List.of(1.0, 100.0)));
        Section section = new Section(GRID, lines, List.of("a note"));
        assertThat(Display.mimeBundle(section).get(Display.HTML)).contains("Idle weight", "a note");
        assertThat(Display.mimeBundle(section.chart())).containsKey(Display.PNG);
        assertThat(Display.mimeBundle(bars)).containsKey(Display.PNG);
        assertThat(Display.mimeBundle(GRID)).containsKey(Display.HTML);
        assertThat(section.toString()).contains("note: a note");
    }

    @Test
    void detailsShowCollapsedUnderTheMainTableAndInTextAfterIt() {
        Grid runs = new GridLines("every run").text("run").whole("ns").row("1", 900).row("2", 700).build();
        Tabular result = new Tabular() {
            @Override
            public Grid grid() {
                return GRID;
            }

            @Override
            public List<Grid> details() {
                return List.of(runs);
            }
        };
        String html = Display.mimeBundle(result).get(Display.HTML);
        assertThat(html.indexOf("Idle weight")).isLessThan(html.indexOf("<details"));
        assertThat(html).contains("<details class=\"loomlab-details\"><summary>every run</summary>").contains("<td>700</td>");
        assertThat(html.indexOf("<table", html.indexOf("<details"))).isPositive();
        assertThat(Tabular.text(result)).contains("Idle weight", "every run", "700");
    }
}
