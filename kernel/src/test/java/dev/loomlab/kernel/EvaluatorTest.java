package dev.loomlab.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tech.tablesaw.api.Table;

/** The JShell side of the kernel, without Jupyter: values, errors, startup, completion. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EvaluatorTest {

    private Evaluator evaluator;

    static Path fixture(String name) {
        try {
            return Path.of(EvaluatorTest.class.getResource("/fixture/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @BeforeAll
    void start() {
        evaluator = new Evaluator(fixture("startup.jsh"), System.out, System.err);
        assertThat(evaluator.startupNotes()).isEmpty();
    }

    @AfterAll
    void stop() {
        evaluator.close();
    }

    @Test
    void lastExpressionIsTheValue() throws Exception {
        Evaluator.Result r = evaluator.eval("int a = 20;\nint b = 22;\na + b");
        assertThat(r.hasValue()).isTrue();
        assertThat(r.value()).isEqualTo(42);
    }

    @Test
    void aBareVariableIsAValue() throws Exception {
        assertThat(evaluator.eval("String word = \"hi\";\nword").value()).isEqualTo("hi");
    }

    @Test
    void declarationsAndStatementsHaveNoValue() throws Exception {
        assertThat(evaluator.eval("1 + 1;\nint unused = 3;").hasValue()).isFalse();
        assertThat(evaluator.eval("System.out.println(\"printed\")").hasValue()).isFalse();
    }

    @Test
    void valuesAreTheKernelsOwnClasses() throws Exception {
        Object value = evaluator.eval("Table.create(\"same class\")").value();
        assertThat(value).isInstanceOf(Table.class); // the test's Table class, not a copy
        assertThat(((Table) value).name()).isEqualTo("same class");
    }

    @Test
    void startupFileAndDefaultImportsAreLoaded() throws Exception {
        assertThat(evaluator.eval("fixtureGreeting()").value()).isEqualTo("from the startup file");
        assertThat(evaluator.eval("new ArrayList<String>(List.of(\"x\")).size()").value()).isEqualTo(1);
    }

    @Test
    void aMissingStartupFileIsANoteNotAFailure() throws Exception {
        try (Evaluator plain = new Evaluator(Path.of("/nonexistent/loomlab.jsh"), System.out, System.err)) {
            assertThat(plain.startupNotes()).singleElement().asString().contains("not found");
            assertThat(plain.eval("Math.max(1, 2)").value()).isEqualTo(2);
        }
    }

    @Test
    void compileErrorNamesTheLineAndShowsTheSource() {
        assertThatThrownBy(() -> evaluator.eval("int ok = 1;\n\nint broken = undefinedThing + 1;"))
                .isInstanceOfSatisfying(CellException.class, e -> {
                    assertThat(e.ename()).isEqualTo("CompileError");
                    assertThat(e.evalue()).isEqualTo("line 3: cannot find symbol");
                    assertThat(e.traceback()).contains("    int broken = undefinedThing + 1;");
                    assertThat(e.traceback()).anyMatch(l -> l.contains("symbol:") && l.contains("undefinedThing"));
                    assertThat(e.traceback()).contains("    " + " ".repeat(13) + "^" + "~".repeat(13));
                });
    }

    @Test
    void incompleteCodeAtTheEndIsACompileError() {
        assertThatThrownBy(() -> evaluator.eval("int x = ("))
                .isInstanceOfSatisfying(CellException.class, e -> assertThat(e.ename()).isEqualTo("CompileError"));
    }

    @Test
    void runtimeExceptionKeepsItsNameMessageAndUserFrames() {
        String cell = """
                void explode() { throw new IllegalStateException("boom", new RuntimeException("root")); }
                explode()
                """;
        assertThatThrownBy(() -> evaluator.eval(cell))
                .isInstanceOfSatisfying(CellException.class, e -> {
                    assertThat(e.ename()).isEqualTo("java.lang.IllegalStateException");
                    assertThat(e.evalue()).isEqualTo("boom");
                    assertThat(e.traceback().getFirst()).isEqualTo("java.lang.IllegalStateException: boom");
                    assertThat(e.traceback()).anyMatch(l -> l.startsWith("    at explode (#"));
                    assertThat(e.traceback()).contains("Caused by: java.lang.RuntimeException: root");
                    assertThat(e.traceback()).noneMatch(l -> l.contains("jdk.jshell") || l.contains("reflect"));
                });
    }

    @Test
    void aFailingSnippetStopsTheCell() throws Exception {
        evaluator.eval("int counter = 1;");
        assertThatThrownBy(() -> evaluator.eval("counter = 2;\nthrow new RuntimeException(\"stop here\");\ncounter = 3;"))
                .isInstanceOf(CellException.class);
        assertThat(evaluator.eval("counter").value()).isEqualTo(2);
    }

    @Test
    void displayPublishesMidCell() throws Exception {
        List<Map<String, String>> shown = new ArrayList<>();
        Displays.setSink((bundle, id, updates) -> shown.add(bundle));
        try {
            evaluator.eval("display(\"first\");\ndisplay(Table.create(\"second\"));\n3");
        } finally {
            Displays.setSink(null);
        }
        assertThat(shown).hasSize(2);
        assertThat(shown.get(0)).containsEntry("text/plain", "first");
        assertThat(shown.get(1)).containsKey("text/html");
    }

    @Test
    void aDisplayHandleUpdatesTheSameOutput() throws Exception {
        List<String> shown = new ArrayList<>();
        Displays.setSink((bundle, id, updates) -> shown.add(id + " " + updates + " " + bundle.get("text/plain")));
        try {
            evaluator.eval("var h = display(\"step 0\");\nfor (int i = 1; i <= 2; i++) h.update(\"step \" + i);\n"
                    + "var other = display(\"other\");");
        } finally {
            Displays.setSink(null);
        }
        assertThat(shown).hasSize(4);
        String id = shown.get(0).split(" ")[0];
        assertThat(shown.subList(0, 3)).containsExactly(id + " 0 step 0", id + " 1 step 1", id + " 2 step 2");
        assertThat(shown.get(3)).doesNotStartWith(id).endsWith(" 0 other");
    }

    @Test
    void aProgressLineIsOneOutputReplacedInPlace() throws Exception {
        List<String> shown = new ArrayList<>();
        Displays.setSink((bundle, id, updates) -> shown.add(id + " " + updates + " " + bundle.get("text/plain")));
        dev.loomlab.util.ProgressLine.showIn(what -> new ProgressView());
        try {
            evaluator.eval("try (var p = dev.loomlab.util.ProgressLine.start(\"rows\", 2)) {\n"
                    + "    p.step(1, 2, \"row 1 done\");\n    p.step(2, 2, \"row 2 done\");\n}");
        } finally {
            dev.loomlab.util.ProgressLine.showIn(null);
            Displays.setSink(null);
        }
        assertThat(shown).hasSize(4);
        String id = shown.get(0).split(" ")[0];
        assertThat(shown).allMatch(s -> s.startsWith(id + " "));
        assertThat(shown.get(0)).startsWith(id + " 0 rows: 0 of 2 done");
        assertThat(shown.get(3)).startsWith(id + " 3 rows: 2 of 2 done").endsWith("in all · row 2 done");
    }

    @Test
    void completionOffersMembers() {
        // variables declared earlier in the same cell are not known yet: JShell completes against its state
        String cell = "int before = 1;\n\"abc\".toUpp";
        Evaluator.Completion c = evaluator.complete(cell, cell.length());
        assertThat(c.candidates()).contains("toUpperCase(");
        assertThat(cell.substring(c.start(), c.end())).isEqualTo("toUpp");
    }

    @Test
    void completionSeesEarlierSnippetsOfTheCell() throws Exception {
        evaluator.eval("int alphabetSoup = 1;");
        String cell = "%classpath .\nint other = 2;\nalphabetS";
        Evaluator.Completion c = evaluator.complete(cell, cell.length());
        assertThat(c.candidates()).contains("alphabetSoup");
        assertThat(c.start()).isEqualTo(cell.length() - "alphabetS".length());
    }

    @Test
    void isCompleteTellsIncompleteFromComplete() {
        assertThat(evaluator.isComplete("int x = (")).isEqualTo("incomplete");
        assertThat(evaluator.isComplete("for (int i = 0; i < 3; i++) {")).isEqualTo("incomplete");
        assertThat(evaluator.isComplete("int x = 1;\nx + 1")).isEqualTo("complete");
        assertThat(evaluator.isComplete("%jars lib/*.jar\nint x = 1;")).isEqualTo("complete");
        assertThat(evaluator.isComplete("")).isEqualTo("complete");
    }
}
