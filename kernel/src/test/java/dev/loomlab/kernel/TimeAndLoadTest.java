package dev.loomlab.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loomlab.fresh.FreshRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** {@code %time}, {@code %%time}, {@code %load}, and what the fresh cells parse and declare, without a VM. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TimeAndLoadTest {

    @TempDir
    Path tmp;

    private Evaluator evaluator;

    @BeforeAll
    void start() {
        evaluator = new Evaluator(null, System.out, System.err);
    }

    @AfterAll
    void stop() {
        evaluator.close();
    }

    @Test
    void timeGivesTheValueAndAWallTimeAfterIt() throws Exception {
        Evaluator.Result line = evaluator.eval("%time 6 * 7");
        assertThat(line.value()).isEqualTo(42);
        assertThat(line.after()).startsWith("Wall time: ");
        Evaluator.Result cell = evaluator.eval("%%time\nint twenty = 20;\ntwenty + 1");
        assertThat(cell.value()).isEqualTo(21);
        assertThat(cell.after()).startsWith("Wall time: ");
        assertThat(evaluator.eval("1 + 1").after()).isEmpty();
    }

    @Test
    void timedCellsKeepTheirLineNumbers() {
        assertThatThrownBy(() -> evaluator.eval("%%time\nint ok = 1;\nint bad = nope;"))
                .isInstanceOfSatisfying(CellException.class, e -> assertThat(e.evalue()).startsWith("line 3:"));
    }

    @Test
    void wallTimeIsWrittenAsIPythonDoes() {
        assertThat(Evaluator.wallTime(Duration.ofNanos(850_000))).isEqualTo("850 µs");
        assertThat(Evaluator.wallTime(Duration.ofNanos(12_345_000))).isEqualTo("12.3 ms");
        assertThat(Evaluator.wallTime(Duration.ofMillis(1_234))).isEqualTo("1.23 s");
        assertThat(Evaluator.wallTime(Duration.ofSeconds(125))).isEqualTo("2min 5s");
    }

    @Test
    void loadEvaluatesAFileAndAMissingOneIsOneLine() throws Exception {
        Path file = Files.writeString(tmp.resolve("helpers.jsh"), "int loaded() { return 7; }\n");
        assertThat(evaluator.eval("%load " + file + "\nloaded() * 6").value()).isEqualTo(42);
        assertThatThrownBy(() -> evaluator.eval("%load " + tmp.resolve("missing.jsh")))
                .isInstanceOfSatisfying(CellException.class, e -> {
                    assertThat(e.ename()).isEqualTo("MagicError");
                    assertThat(e.evalue()).contains("missing.jsh not found").doesNotContain("\n");
                });
    }

    @Test
    void unknownMagicsListWhatTheKernelKnows() {
        assertThatThrownBy(() -> evaluator.eval("%%nosuch\n1"))
                .isInstanceOfSatisfying(CellException.class, e -> assertThat(e.evalue())
                        .contains("%%fresh").contains("%%erl").contains("%%time"));
    }

    @Test
    void badFreshOptionsAreMagicErrors() {
        assertThatThrownBy(() -> evaluator.eval("%%fresh --deadline soon\n1"))
                .isInstanceOfSatisfying(CellException.class, e -> assertThat(e.evalue()).contains("not a duration"));
        assertThatThrownBy(() -> evaluator.eval("%%fresh --carriers 0\n1"))
                .isInstanceOfSatisfying(CellException.class, e -> assertThat(e.evalue()).contains("at least 1"));
        assertThatThrownBy(() -> evaluator.eval("%%erl +P lots\nmain() -> 1."))
                .isInstanceOfSatisfying(CellException.class, e -> assertThat(e.evalue()).contains("+P takes a number"));
        assertThatThrownBy(() -> evaluator.eval("%%fresh --into 2x\n1"))
                .isInstanceOfSatisfying(CellException.class, e -> assertThat(e.evalue()).contains("not a Java variable name"));
    }

    @Test
    void intoDeclaresNumbersAndStrings() throws Exception {
        assertThat(FreshCells.declaration(run(FreshRun.Kind.INTEGER, "42"), "n", "%%fresh")).isEqualTo("long n = 42L;");
        String text = FreshCells.declaration(run(FreshRun.Kind.STRING, "say \"hi\"\n"), "s", "%%erl");
        evaluator.eval(text);
        assertThat(evaluator.eval("s").value()).isEqualTo("say \"hi\"\n");
        evaluator.eval(FreshCells.declaration(run(FreshRun.Kind.DECIMAL, "0.1"), "d", "%%fresh"));
        assertThat(evaluator.eval("d").value()).isEqualTo(0.1);
        assertThatThrownBy(() -> FreshCells.declaration(run(FreshRun.Kind.OTHER, ""), "t", "%%fresh"))
                .isInstanceOfSatisfying(CellException.class, e -> assertThat(e.evalue()).contains("not a number or a string"));
    }

    private static FreshRun run(FreshRun.Kind kind, String text) {
        return new FreshRun(Map.of("text/plain", text), kind, text, Optional.empty(), "");
    }

    @Test
    void documentationOfAToolkitHelperHasItsJavadoc() {
        String doc = evaluator.documentation("dev.loomlab.api.Loomlab.ring(10_000, 1)", "dev.loomlab.api.Loomlab.ri".length());
        assertThat(doc).startsWith("dev.loomlab.experiment.Measurement dev.loomlab.api.Loomlab.ring(int n, int m)")
                .contains("A token m times round a ring of n processes");
        assertThat(evaluator.documentation("dev.loomlab.fresh.FreshJava", 20)).contains("brand-new JVM");
    }

    @Test
    void documentationOfAJdkMethod() {
        String doc = evaluator.documentation("var b = Thread.ofVirtual()", "var b = Thread.ofV".length());
        assertThat(doc).contains("ofVirtual()");
        assertThat(List.of(doc.split("\n")).getFirst()).contains("Thread.Builder.OfVirtual");
        assertThat(evaluator.documentation("Math.max(1, 2)", 6)).contains("int Math.max(int a, int b)")
                .contains("long Math.max(long a, long b)");
        assertThat(evaluator.documentation("Math.max(1, ", "Math.max(1, ".length())).contains("Math.max(");
        assertThat(evaluator.documentation("Math.max(1, 2)", 2)).startsWith("java.lang.Math");
        assertThat(evaluator.documentation("nothingNamedSo", 3)).isEmpty();
    }
}
