package dev.loomlab.display;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.internal.chartpart.Chart;
import tech.tablesaw.api.Table;
import dev.loomlab.view.Grid;
import dev.loomlab.view.Plot;
import dev.loomlab.view.Tabular;
import tech.tablesaw.io.html.HtmlWriteOptions;

/**
 * Turns a value into the MIME bundle a Jupyter front end shows: {@code text/html} for tables,
 * {@code image/png} (base64) for XChart charts and images, and always {@code text/plain}.
 *
 * <p>This is the one place that decides how the toolkit looks in a notebook; the kernel only
 * forwards the bundle. It never throws for an unknown type: it falls back to {@code toString()}.
 */
public final class Display {

    public static final String TEXT = "text/plain";
    public static final String HTML = "text/html";
    public static final String PNG = "image/png";

    private Display() {}

    /** MIME type to data; images are base64-encoded. Insertion order: richest type first. */
    public static Map<String, String> mimeBundle(Object value) {
        Map<String, String> bundle = new LinkedHashMap<>();
        if (value instanceof Tabular t) {
            java.util.List<Table> tables = t.grids().stream().map(Tables::from).toList();
            java.util.List<Table> details = t.details().stream().map(Tables::from).toList();
            if (tables.size() > 1 || !details.isEmpty() || !t.notes().isEmpty()) {
                return page(bundle, tables, details, t.notes(), value);
            }
            value = tables.get(0);
        } else if (value instanceof Grid grid) {
            value = Tables.from(grid);
        } else if (value instanceof Plot plot) {
            value = Charts.of(plot);
        }
        switch (value) {
            case null -> bundle.put(TEXT, "null");
            case Table table -> {
                bundle.put(HTML, html(table));
                bundle.put(TEXT, table.printAll());
            }
            case Chart<?, ?> chart -> {
                bundle.put(PNG, png(BitmapEncoder.getBufferedImage(chart)));
                bundle.put(TEXT, chart.getClass().getSimpleName() + " \"" + chart.getTitle() + "\"");
            }
            case BufferedImage image -> {
                bundle.put(PNG, png(image));
                bundle.put(TEXT, "image " + image.getWidth() + "x" + image.getHeight());
            }
            default -> bundle.put(TEXT, String.valueOf(value));
        }
        return bundle;
    }

    /** Several tables one under the other, the details collapsed under them, then the notes; the value's text beside. */
    private static Map<String, String> page(Map<String, String> bundle, java.util.List<Table> tables, java.util.List<Table> details,
                                            java.util.List<String> notes, Object value) {
        bundle.put(HTML, tables.stream().map(Display::html).collect(java.util.stream.Collectors.joining("\n"))
                + details.stream().map(Display::collapsed).collect(java.util.stream.Collectors.joining())
                + notesHtml(notes));
        bundle.put(TEXT, String.valueOf(value));
        return bundle;
    }

    /** A Tablesaw table as an HTML fragment with its name as caption. */
    public static String html(Table table) {
        String caption = table.name() == null || table.name().isBlank()
                ? ""
                : "<p><b>" + escape(table.name()) + "</b></p>\n";
        return caption + tableHtml(table);
    }

    /** A table one call away, collapsed under its caption. */
    static String collapsed(Table table) {
        String summary = table.name() == null || table.name().isBlank() ? "details" : table.name();
        return "\n<details class=\"loomlab-details\"><summary>" + escape(summary) + "</summary>\n" + tableHtml(table) + "\n</details>";
    }

    /** The table itself as HTML, its figures printed by the one rule ({@link Figures}). */
    private static String tableHtml(Table table) {
        Figures.apply(table);
        var out = new java.io.StringWriter();
        table.write().usingOptions(HtmlWriteOptions.builder(out).build());
        return out.toString();
    }

    /** Notes as a list under the tables, or nothing. */
    static String notesHtml(java.util.List<String> notes) {
        if (notes.isEmpty()) {
            return "";
        }
        StringBuilder html = new StringBuilder("\n<ul class=\"loomlab-notes\">\n");
        notes.forEach(n -> html.append("<li>").append(escape(n)).append("</li>\n"));
        return html.append("</ul>").toString();
    }

    private static String png(BufferedImage image) {
        try (var bytes = new ByteArrayOutputStream()) {
            ImageIO.write(image, "png", bytes);
            return Base64.getEncoder().encodeToString(bytes.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException("could not encode the chart as PNG", e);
        }
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
