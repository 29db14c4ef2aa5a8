package dev.loomlab.display;

import dev.loomlab.util.AtomicFiles;
import dev.loomlab.view.Plot;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Charts as PNG files, for where no notebook shows them: {@code ./loomlab jshell} (a printed
 * {@link Plot} is written to a file, and the file named) and the command line's {@code --chart
 * FILE}. A file is written whole or not at all ({@link AtomicFiles}). Where there is a desktop
 * ({@code DISPLAY} or {@code WAYLAND_DISPLAY} set and {@code xdg-open} on the path, or macOS's
 * {@code open}), {@link #show} also opens it in the desktop's viewer, without waiting for it.
 */
public final class ChartFiles {

    /** The system property {@code ./loomlab jshell} sets to the folder its charts go to. */
    public static final String JSHELL_CHARTS = "loomlab.jshell.charts";

    private ChartFiles() {}

    /** In {@code ./loomlab jshell} (where {@link #JSHELL_CHARTS} is set), every printed plot is shown by {@link #show}; elsewhere nothing changes. */
    public static void inJshell() {
        String dir = System.getProperty(JSHELL_CHARTS, "");
        if (!dir.isEmpty()) {
            Plot.whenPrinted(plot -> show(plot, Path.of(dir)));
        }
    }

    /** {@code plot} drawn as a PNG file at {@code file} (folders created); returns {@code file}. */
    public static Path write(Plot plot, Path file) {
        return write(Charts.of(plot), file);
    }

    /** An XChart chart as a PNG file at {@code file} (folders created); returns {@code file}. */
    public static Path write(Chart<?, ?> chart, Path file) {
        try {
            AtomicFiles.write(file, BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG));
        } catch (IOException e) {
            throw new UncheckedIOException("could not draw the chart " + file + ": " + e.getMessage(), e);
        }
        return file;
    }

    /**
     * Writes {@code plot} into {@code dir} (named after its title) and opens it where there is a
     * desktop; returns the one line that says so: "written to build/charts/tiers.png (opened in the
     * desktop's viewer)", or "... (no display here: open it yourself)".
     */
    public static String show(Plot plot, Path dir) {
        return show(write(plot, dir.resolve(fileName(plot.title()))));
    }

    /** {@link #show(Plot, Path)} for an XChart chart, into {@code build/charts/}. */
    public static String show(Chart<?, ?> chart) {
        return show(write(chart, Path.of("build", "charts").resolve(fileName(chart.getTitle()))));
    }

    private static String show(Path file) {
        Optional<List<String>> viewer = viewer(System.getenv(), System.getProperty("os.name", ""), ChartFiles::onPath);
        if (viewer.isEmpty()) {
            return "written to " + file + " (no display here: open it yourself)";
        }
        List<String> command = new ArrayList<>(viewer.get());
        command.add(file.toAbsolutePath().toString());
        try {
            new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start(); // never waited for
            return "written to " + file + " (opened in the desktop's viewer)";
        } catch (IOException e) {
            return "written to " + file + " (the viewer did not start: " + e.getMessage() + ")";
        }
    }

    /**
     * The command that opens a file in the desktop's viewer, or empty where there is no desktop:
     * macOS's {@code open}; elsewhere {@code xdg-open}, only when {@code DISPLAY} or
     * {@code WAYLAND_DISPLAY} is set.
     */
    static Optional<List<String>> viewer(Map<String, String> env, String osName, Predicate<String> onPath) {
        if (osName.startsWith("Mac")) {
            return onPath.test("open") ? Optional.of(List.of("open")) : Optional.empty();
        }
        boolean display = !env.getOrDefault("DISPLAY", "").isEmpty() || !env.getOrDefault("WAYLAND_DISPLAY", "").isEmpty();
        return display && onPath.test("xdg-open") ? Optional.of(List.of("xdg-open")) : Optional.empty();
    }

    /** A file name for a chart's title: lower case, letters and digits, dashes between; "chart" for none. */
    static String fileName(String title) {
        String slug = (title == null ? "" : title).toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", "-")
                .replaceAll("^-+|-+$", "");
        if (slug.length() > 60) {
            slug = slug.substring(0, 60).replaceAll("-+$", "");
        }
        return (slug.isEmpty() ? "chart" : slug) + ".png";
    }

    private static boolean onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }
}
