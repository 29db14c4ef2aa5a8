package dev.loomlab.report;

import dev.loomlab.display.Display;
import java.util.List;
import tech.tablesaw.api.Table;

/**
 * A self-contained HTML page: styles inline and images as {@code data:} URLs, so the one file
 * opens offline and can be mailed. Text is escaped; tables come from Tablesaw's HTML writer.
 */
final class HtmlPage {

    private static final String STYLE = """
            body { font-family: system-ui, sans-serif; max-width: 72rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
            table { border-collapse: collapse; margin: .5rem 0 1rem; font-size: .9rem; }
            th, td { border: 1px solid #ccc; padding: .25rem .5rem; text-align: right; }
            th { background: #f3f3f3; }
            td:first-child, th:first-child { text-align: left; }
            .note { color: #555; font-size: .9rem; }
            .failed { color: #a00; }
            img { max-width: 100%; border: 1px solid #eee; }
            """;

    private final String title;
    private final StringBuilder body = new StringBuilder();

    HtmlPage(String title) {
        this.title = title;
    }

    HtmlPage heading(int level, String text) {
        body.append("<h").append(level).append('>').append(escape(text)).append("</h").append(level).append(">\n");
        return this;
    }

    HtmlPage paragraph(String text) {
        body.append("<p>").append(escape(text)).append("</p>\n");
        return this;
    }

    HtmlPage note(String text) {
        body.append("<p class=\"note\">").append(escape(text)).append("</p>\n");
        return this;
    }

    HtmlPage failure(String text) {
        body.append("<p class=\"failed\">").append(escape(text)).append("</p>\n");
        return this;
    }

    HtmlPage table(Table table) {
        body.append(Display.html(table)).append('\n');
        return this;
    }

    HtmlPage image(String alt, String pngBase64) {
        body.append("<p><img alt=\"").append(escape(alt)).append("\" src=\"data:image/png;base64,")
                .append(pngBase64).append("\"></p>\n");
        return this;
    }

    HtmlPage list(List<String> items) {
        body.append("<ul>\n");
        items.forEach(i -> body.append("<li>").append(escape(i)).append("</li>\n"));
        body.append("</ul>\n");
        return this;
    }

    String render() {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + escape(title)
                + "</title>\n<style>\n" + STYLE + "</style>\n</head>\n<body>\n<h1>" + escape(title) + "</h1>\n"
                + body + "</body>\n</html>\n";
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
