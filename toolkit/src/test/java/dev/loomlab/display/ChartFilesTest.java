package dev.loomlab.display;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loomlab.view.Plot;
import dev.loomlab.view.Series;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Charts as PNG files for jshell and --chart: the file is a picture, named by its title; a viewer only where there is a desktop. */
class ChartFilesTest {

    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G'};

    private static Plot plot() {
        return Plot.lines("What one idle unit weighs", "n", "bytes", true, false,
                List.of(new Series("ours", List.of(1_000, 10_000), List.of(900.0, 880.0))));
    }

    @Test
    void aPlotIsWrittenAsAPngFile(@TempDir Path dir) throws Exception {
        Path file = ChartFiles.write(plot(), dir.resolve("sub/chart.png"));
        assertThat(file).exists();
        byte[] head = new byte[4];
        System.arraycopy(Files.readAllBytes(file), 0, head, 0, 4);
        assertThat(head).isEqualTo(PNG);
    }

    @Test
    void aPrintedPlotInJshellNamesItsFile(@TempDir Path dir) {
        Plot.whenPrinted(p -> ChartFiles.show(p, dir));
        try {
            assertThat(plot().toString()).startsWith("lines \"What one idle unit weighs\": written to "
                    + dir.resolve("what-one-idle-unit-weighs.png"));
            assertThat(dir.resolve("what-one-idle-unit-weighs.png")).exists();
        } finally {
            Plot.whenPrinted(null);
        }
        assertThat(plot().toString()).isEqualTo("lines \"What one idle unit weighs\"");
    }

    @Test
    void aViewerOpensOnlyWhereThereIsADesktop() {
        assertThat(ChartFiles.viewer(Map.of(), "Linux", p -> true)).isEmpty();
        assertThat(ChartFiles.viewer(Map.of("DISPLAY", ":0"), "Linux", p -> false)).isEmpty();
        assertThat(ChartFiles.viewer(Map.of("DISPLAY", ":0"), "Linux", "xdg-open"::equals)).contains(List.of("xdg-open"));
        assertThat(ChartFiles.viewer(Map.of("WAYLAND_DISPLAY", "wayland-0"), "Linux", "xdg-open"::equals)).contains(List.of("xdg-open"));
        assertThat(ChartFiles.viewer(Map.of(), "Mac OS X", "open"::equals)).contains(List.of("open"));
    }

    @Test
    void aTitleBecomesAPlainFileName() {
        assertThat(ChartFiles.fileName("Ring: ns per hop (n=10,000)")).isEqualTo("ring-ns-per-hop-n-10-000.png");
        assertThat(ChartFiles.fileName("")).isEqualTo("chart.png");
        assertThat(ChartFiles.fileName(null)).isEqualTo("chart.png");
    }
}
