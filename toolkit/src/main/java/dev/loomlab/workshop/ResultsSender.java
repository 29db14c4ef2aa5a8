package dev.loomlab.workshop;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Posts a {@code results.json} to a workshop server ({@code POST URL/api/results} with the join
 * code and the participant's name in their headers) and returns the server's answer. Every wait
 * has a deadline: connecting and the whole exchange each take at most {@code timeout}.
 */
public final class ResultsSender {

    private ResultsSender() {}

    /**
     * Sends {@code file}.
     *
     * @param teacher the server's address, e.g. {@code http://192.168.1.20:8077} (a trailing
     *                slash or {@code /api/results} is accepted)
     * @throws IOException when the server cannot be reached or does not answer in time
     * @throws IllegalArgumentException when the address is not an http(s) URL or the name is unusable
     */
    public static Answer send(String teacher, String code, Participant name, Path file, Duration timeout) throws IOException {
        URI uri = endpoint(teacher);
        HttpClient client = HttpClient.newBuilder().connectTimeout(timeout).build();
        try (client) {
            HttpRequest request = HttpRequest.newBuilder(uri).timeout(timeout)
                    .header(WorkshopServer.CODE_HEADER, code == null ? "" : code)
                    .header(WorkshopServer.NAME_HEADER, name.toHeader())
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(Files.readAllBytes(file))).build();
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), response.body().strip());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while sending to " + uri, e);
        }
    }

    /** {@code URL/api/results} for the teacher's address. */
    public static URI endpoint(String teacher) {
        String base = teacher == null ? "" : teacher.strip();
        if (!base.startsWith("http://") && !base.startsWith("https://")) {
            throw new IllegalArgumentException("the teacher's address must start with http:// (e.g. http://192.168.1.20:8077), got \""
                    + base + "\"");
        }
        base = base.replaceAll("/+$", "");
        if (base.endsWith("/api/results")) {
            base = base.substring(0, base.length() - "/api/results".length());
        }
        try {
            return URI.create(base + "/api/results");
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the teacher's address is not a URL: " + teacher);
        }
    }

    /** The command that sends {@code file} later, for the line printed when the teacher was unreachable. */
    public static String laterCommand(Path file, String teacher, String code, String name) {
        return "./loomlab workshop send " + quote(file.toString()) + " --to " + quote(teacher) + " --code " + quote(code)
                + " --name " + quote(name);
    }

    private static String quote(String s) {
        return s.matches("[A-Za-z0-9_./:@%+=,-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
