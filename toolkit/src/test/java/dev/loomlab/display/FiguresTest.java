package dev.loomlab.display;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.Table;

class FiguresTest {

    @Test
    void publishedValuesPrintRoundedNotAsADoublesDigits() {
        assertThat(Figures.print(849 * 1e6 / (1024 * 1024))).isEqualTo("810");
        assertThat(Figures.print(2632)).isEqualTo("2,632");
        assertThat(Figures.print(85.8)).isEqualTo("85.8");
        assertThat(Figures.print(1.6)).isEqualTo("1.6");
        assertThat(Figures.print(1.23456)).isEqualTo("1.23");
        assertThat(Figures.print(0.012345)).isEqualTo("0.0123");
        assertThat(Figures.print(-12.345)).isEqualTo("-12.3");
        assertThat(Figures.print(Double.NaN)).isEmpty();
    }

    @Test
    void everyTableBuiltOrShownPrintsItsDecimalsThatWay() {
        Table built = Tables.of("t", java.util.List.of(809.6694946289062)).number("MiB", d -> d).build();
        assertThat(built.printAll()).contains("810").doesNotContain("809.669");
        Table byHand = Table.create("h", DoubleColumn.create("x", 3.0800000001, Double.NaN));
        assertThat(Display.html(byHand)).contains("3.08").doesNotContain("3.0800000001");
        assertThat(byHand.doubleColumn("x").get(0)).isEqualTo(3.0800000001);
    }

    @Test
    void wholeNumbersPrintWithTheSameThousandsSeparators() {
        Table built = Tables.of("t", java.util.List.of(100_000)).whole("processes", n -> n).build();
        assertThat(built.printAll()).contains("100,000").doesNotContain("100000");
        Table byHand = Table.create("h", IntColumn.create("n", 1_000, 40));
        assertThat(Display.html(byHand)).contains("1,000").doesNotContain("1000");
        assertThat(byHand.intColumn("n").get(0)).isEqualTo(1_000);
    }
}
