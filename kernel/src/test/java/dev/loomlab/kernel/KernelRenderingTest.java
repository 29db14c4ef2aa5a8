package dev.loomlab.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.dflib.jjava.jupyter.kernel.ReplacementOptions;
import org.dflib.jjava.jupyter.kernel.display.DisplayData;
import org.dflib.jjava.jupyter.kernel.display.mime.MIMEType;
import java.util.Base64;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** What the kernel hands Jupyter for a cell's last value: the MIME bundle of the toolkit's Display. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KernelRenderingTest {

    private LoomlabKernel kernel;

    @BeforeAll
    void start() {
        kernel = new LoomlabKernel(EvaluatorTest.fixture("startup.jsh"), new CellOutput(System.out, System.err), System.err);
    }

    @AfterAll
    void stop() {
        kernel.close();
    }

    @Test
    void aStringIsPlainText() throws Exception {
        DisplayData data = kernel.evalCell("\"plain \" + \"text\"");
        assertThat(data.getData(MIMEType.TEXT_PLAIN)).isEqualTo("plain text");
        assertThat(data.hasDataForType(MIMEType.TEXT_HTML)).isFalse();
        assertThat(data.hasDataForType(MIMEType.IMAGE_PNG)).isFalse();
    }

    @Test
    void aTableIsHtml() throws Exception {
        DisplayData data = kernel.evalCell("Table.create(\"runs\", IntColumn.create(\"n\", 1, 2, 3))");
        assertThat((String) data.getData(MIMEType.TEXT_HTML)).contains("<table").contains("runs");
        assertThat(data.hasDataForType(MIMEType.TEXT_PLAIN)).isTrue();
    }

    @Test
    void anXyChartIsPng() throws Exception {
        DisplayData data = kernel.evalCell("""
                XYChart chart = new XYChartBuilder().width(240).height(160).title("cost").build();
                chart.addSeries("spawn", new double[] {1, 10, 100}, new double[] {2, 3, 5});
                chart
                """);
        byte[] png = Base64.getDecoder().decode((String) data.getData(MIMEType.IMAGE_PNG));
        assertThat(png).startsWith(0x89, 'P', 'N', 'G');
    }

    @Test
    void noValueMeansNoResult() throws Exception {
        assertThat(kernel.evalCell("int quiet = 1;")).isNull();
    }

    @Test
    void errorsReachTheKernelAsCellExceptions() {
        assertThatThrownBy(() -> kernel.evalCell("Integer.parseInt(\"x\")"))
                .isInstanceOfSatisfying(CellException.class,
                        e -> assertThat(e.ename()).isEqualTo("java.lang.NumberFormatException"));
    }

    @Test
    void completionAndIsCompleteUseBaseKernelsConventions() throws Exception {
        kernel.evalCell("1"); // waits for JShell to be ready
        ReplacementOptions options = kernel.complete("Math.ma", 7);
        assertThat(options.getReplacements()).contains("max(");
        assertThat(options.getSourceStart()).isEqualTo(5);
        assertThat(kernel.isComplete("int x = (")).isEqualTo(""); // incomplete, no indent
        assertThat(kernel.isComplete("int x = 1;")).isEqualTo("complete");
    }
}
