package dev.loomlab.fresh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** What {@link FreshErlang} writes and reads, without an erl. */
class FreshErlangTest {

    @Test
    void addsTheModuleAndExportLinesItLacks() {
        assertThat(FreshErlang.withHeader("main() -> 1.", "loomlab_cell"))
                .startsWith("-module(loomlab_cell). -export([main/0]). \n-file(\"loomlab_cell.erl\", 0).\n")
                .endsWith("main() -> 1.");
        String own = "-module(mine).\n-export([main/0]).\nmain() -> 1.";
        assertThat(FreshErlang.moduleName(own)).isEqualTo("mine");
        assertThat(FreshErlang.withHeader(own, "mine")).isEqualTo("\n-file(\"mine.erl\", 0).\n" + own);
    }

    @Test
    void readsWhatMainReturnedOrRaised() {
        FreshRun integer = FreshErlang.read("integer\n42");
        assertThat(integer.kind()).isEqualTo(FreshRun.Kind.INTEGER);
        assertThat(integer.text()).isEqualTo("42");
        assertThat(FreshErlang.read("string\nhello\nworld").text()).isEqualTo("hello\nworld");
        FreshRun term = FreshErlang.read("term\n{ok,1}");
        assertThat(term.kind()).isEqualTo(FreshRun.Kind.OTHER);
        assertThat(term.toString()).isEqualTo("{ok,1}");
        FreshRun raised = FreshErlang.read("exception\nerror\nbadarith\n[{loomlab_cell,main,0,[]}]");
        assertThat(raised.error()).hasValueSatisfying(e -> {
            assertThat(e.ename()).isEqualTo("erlang:error");
            assertThat(e.evalue()).isEqualTo("badarith");
        });
    }

    @Test
    void refusesFlagsItDoesNotTake() {
        assertThatThrownBy(() -> FreshErlang.of("main() -> 1.").flag("+Q", "1"))
                .hasMessageContaining("+P, +S, +hms");
        assertThat(FreshErlang.of("main() -> 1.").flag("+S", "2:2")).isNotNull();
        assertThatThrownBy(() -> FreshErlang.of("main() -> 1.").flag("+P", "2:2")).hasMessageContaining("+P takes a number");
    }
}
