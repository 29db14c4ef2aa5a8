package dev.loomlab.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Cell output is routed to the current cell and sent live, without waiting for the cell's end. */
class CellOutputTest {

    private final ByteArrayOutputStream kernelLog = new ByteArrayOutputStream();
    private final PrintStream original = new PrintStream(kernelLog, true, StandardCharsets.UTF_8);
    private final List<String> sent = new CopyOnWriteArrayList<>();

    @Test
    void beforeAnyCellOutputGoesToTheKernelsOwnStreams() {
        CellOutput output = new CellOutput(original, original);
        output.out().println("startup line");
        assertThat(kernelLog.toString(StandardCharsets.UTF_8)).isEqualTo("startup line" + System.lineSeparator());
    }

    @Test
    void outputWithoutNewlineArrivesWithinTheLatency() throws Exception {
        CellOutput output = new CellOutput(original, original);
        output.attach((stderr, text) -> sent.add((stderr ? "err:" : "out:") + text));
        output.out().print("progress 10%");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (sent.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(sent).containsExactly("out:progress 10%");
    }

    @Test
    void burstsAreBatchedAndFlushSendsEverything() {
        CellOutput output = new CellOutput(original, original);
        output.attach((stderr, text) -> sent.add((stderr ? "err:" : "out:") + text));
        for (int i = 0; i < 1000; i++) {
            output.out().println(i);
        }
        output.err().print("oops");
        output.flush();
        String all = String.join("", sent.stream().filter(s -> s.startsWith("out:")).map(s -> s.substring(4)).toList());
        assertThat(all.lines()).hasSize(1000).startsWith("0").endsWith("999");
        assertThat(sent).hasSizeLessThan(100).contains("err:oops");
        assertThat(kernelLog.size()).isZero();
    }
}
