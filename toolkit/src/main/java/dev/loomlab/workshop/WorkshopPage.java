package dev.loomlab.workshop;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The live page: a static HTML shell ({@code page.html}), its script ({@code page.js}) and the
 * script that draws its charts ({@code chart.js}), resources beside this class. The shell holds no data; the script polls
 * {@code GET /api/results} every {@value #POLL_SECONDS} seconds and redraws when the version
 * changes, putting every name and reason into the page as text ({@code textContent}, never as
 * HTML). The page's Content-Security-Policy allows only its own script and {@code data:} images.
 */
final class WorkshopPage {

    /** How often the page asks for news, in seconds. */
    static final int POLL_SECONDS = 2;
    static final String CONTENT_SECURITY_POLICY =
            "default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'unsafe-inline'; form-action 'none'";

    private static final String HTML = resource("page.html");
    private static final String CHART_SCRIPT = resource("chart.js");
    private static final String SCRIPT = resource("page.js").replace("POLL_MILLIS = 2000", "POLL_MILLIS = " + POLL_SECONDS * 1000);

    private WorkshopPage() {}

    static String html() {
        return HTML;
    }

    static String script() {
        return SCRIPT;
    }

    static String chartScript() {
        return CHART_SCRIPT;
    }

    private static String resource(String name) {
        try (InputStream in = WorkshopPage.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the toolkit jar lacks " + name + " beside " + WorkshopPage.class.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
