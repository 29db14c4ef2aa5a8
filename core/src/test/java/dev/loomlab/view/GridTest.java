package dev.loomlab.view;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A grid read cell by cell, and printed as text with the notebook's rule for decimals. */
class GridTest {

    private record Row(String what, double mib, int n) {}

    private static final Grid GRID = Grid.of("Idle weight", List.of(
                    new Row("published", 809.6694946289062, 1_234_567),
                    new Row("ours", 1.23456, 10),
                    new Row("none", Double.NaN, 0)))
            .text("unit", Row::what).number("MiB", Row::mib).whole("n", Row::n).build();

    @Test
    void aNarrowViewKeepsTheNamedColumnsInTheGivenOrderAndRefusesAnUnknownOne() {
        Grid narrow = GRID.select("narrow", "n", "unit");
        assertThat(narrow.title()).isEqualTo("narrow");
        assertThat(narrow.columnNames()).containsExactly("n", "unit");
        assertThat(narrow.texts("unit")).containsExactly("published", "ours", "none");
        assertThatThrownBy(() -> GRID.select("narrow", "bytes")).hasMessageContaining("no column \"bytes\"");
    }

    @Test
    void aNarrowedSectionShowsTheNamedColumnsAndKeepsEveryColumnInItsDetails() {
        Section s = Section.narrowed(GRID, null, List.of("a note"), List.of(), "unit", "MiB");
        assertThat(s.grid().title()).isEqualTo("Idle weight");
        assertThat(s.grid().columnNames()).containsExactly("unit", "MiB");
        assertThat(s.details()).singleElement().satisfies(d -> {
            assertThat(d.title()).isEqualTo("Every column: Idle weight");
            assertThat(d.columnNames()).containsExactly("unit", "MiB", "n");
        });
        assertThat(s.toString()).contains("a note");
    }

    @Test
    void theTextFormPrintsANarrowedTableNarrowAndNamesTheColumnsItLeavesOut() {
        String text = Section.narrowed(GRID, null, List.of(), List.of(), "unit", "MiB").toString();
        assertThat(text.split("published", -1)).hasSize(2);
        assertThat(text).doesNotContain("Every column", "1,234,567")
                .contains("  1 more column in .details() (--details on the command line): n\n");
        Section withOtherDetails = new Section(GRID.select("Idle weight", "unit"), null, List.of(), List.of(),
                List.of(GRID.select("runs", "n")));
        assertThat(withOtherDetails.toString()).contains("published", "runs").doesNotContain("more column");
    }

    @Test
    void withEveryColumnTheTextFormPrintsANarrowedTableOnceAsItsFullGrid() {
        String text = Tabular.text(Section.narrowed(GRID, null, List.of(), List.of(), "unit", "MiB"), true);
        assertThat(text.split("published", -1)).hasSize(2);
        assertThat(text).startsWith("Idle weight\n").contains("1,234,567").doesNotContain("Every column", "more column");
    }

    @Test
    void theTextFormPrintsDecimalsAsTheTablesDoNotAsADoublesDigits() {
        String text = GRID.toText();
        assertThat(text).contains("810", "1.23").doesNotContain("809.6", "1.234");
        assertThat(line("ours")).endsWith("1.23  |        10");
    }

    @Test
    void aRatioInASentenceHasTwoSignificantDigitsEvenWhereRoundingCarries() {
        assertThat(Grid.printRatio(1.0)).isEqualTo("1.0");
        assertThat(Grid.printRatio(0.999)).isEqualTo("1.0");
        assertThat(Grid.printRatio(9.96)).isEqualTo("10");
        assertThat(Grid.printRatio(0.534)).isEqualTo("0.53");
        assertThat(Grid.printRatio(0.0512)).isEqualTo("0.051");
        assertThat(Grid.printRatio(11.4)).isEqualTo("11");
        assertThat(Grid.printRatio(1234.5)).isEqualTo("1,235");
        assertThat(Grid.printRatio(Double.NaN)).isEqualTo("?");
    }

    @Test
    void everyCellPrintsByTheOneRuleWholeNumbersTooAsTheNotebooksTablesDo() {
        assertThat(GridText.cell(809.6694946289062)).isEqualTo(Grid.print(809.6694946289062)).isEqualTo("810");
        assertThat(GridText.cell(2632.0)).isEqualTo("2,632");
        assertThat(GridText.cell(0.012345)).isEqualTo("0.0123");
        assertThat(GridText.cell(Double.NaN)).isEmpty();
        assertThat(GridText.cell(Double.POSITIVE_INFINITY)).isEqualTo("∞");
        assertThat(GridText.cell(1_234_567)).isEqualTo("1,234,567");
        assertThat(GridText.cell(1_000L)).isEqualTo("1,000");
        assertThat(GridText.cell(null)).isEmpty();
        assertThat(GridText.cell("a, b")).isEqualTo("a, b");
    }

    @Test
    void aNaNIsAnEmptyCellInTheTextForm() {
        assertThat(line("none")).doesNotContain("NaN").matches("none\\s+\\|\\s+\\|\\s+0");
    }

    private static String line(String unit) {
        return GRID.toText().lines().filter(l -> l.startsWith(unit)).findFirst().orElseThrow();
    }

    @Test
    void cellsAreReadAsTextOrAsNumbersByColumnName() {
        assertThat(GRID.texts("unit")).containsExactly("published", "ours", "none");
        assertThat(GRID.number(1, "MiB")).isEqualTo(1.23456);
        assertThat(GRID.number(2, "MiB")).isNaN();
        assertThat(GRID.number(0, "n")).isEqualTo(1_234_567);
        assertThat(new GridLines("t").whole("b").row((Object) null).build().number(0, "b")).isNaN();
        assertThatThrownBy(() -> GRID.texts("nosuch")).hasMessageContaining("no column \"nosuch\"").hasMessageContaining("unit, MiB, n");
    }
}
