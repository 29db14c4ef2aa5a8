package dev.loomlab.workshop;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The workshop's HTTP server, on the JDK's {@code com.sun.net.httpserver}, one virtual thread per
 * request. Routes (see the package documentation for the protocol):
 * {@code GET /} the page, {@code GET /page.js} and {@code GET /chart.js} its scripts, {@code GET /api/join} and
 * {@code GET /join.svg} what participants need to join, {@code GET /api/results} the page's data
 * (with an ETag: an unchanged poll is a 304), {@code POST /api/results} a participant's results,
 * {@code DELETE /api/results/FILE} the teacher's removal, {@code GET /download/workshop.csv}
 * and {@code GET /download/workshop.html}. Anything else is 404; no request path is ever mapped
 * to a file (a removal names an entry the store knows, or nothing). {@link #close()} stops it and
 * its threads.
 */
public final class WorkshopServer implements AutoCloseable {

    /** The largest body accepted, in bytes (1 MiB). */
    public static final int BODY_LIMIT = 1 << 20;
    /** A refused body up to this size is read to its end (and thrown away) before the answer. */
    static final long DISCARD_LIMIT = 8L * BODY_LIMIT;
    /** The join code's header. */
    public static final String CODE_HEADER = "X-Workshop-Code";
    /** The participant's name's header. */
    public static final String NAME_HEADER = "X-Participant";
    /** The teacher's token's header, for a removal. */
    public static final String TOKEN_HEADER = "X-Teacher-Token";
    private static final String ENTRY_PREFIX = "/api/results/";

    private final HttpServer server;
    private final ExecutorService executor;
    private final WorkshopStore store;
    private final WorkshopView view;
    private final Room room;
    private final String qr;
    private final String join;

    private WorkshopServer(HttpServer server, ExecutorService executor, WorkshopStore store, Room room) {
        this.server = server;
        this.executor = executor;
        this.store = store;
        this.view = new WorkshopView(store);
        this.room = room;
        int port = server.getAddress().getPort();
        this.qr = JoinQr.svg(room.url(port) + "/");
        this.join = new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode().put("url", room.url(port) + "/")
                .put("code", room.code().toString()).put("cap", room.cap()).put("command", room.command(port))
                .put("qr", "/join.svg").toString();
    }

    /**
     * Starts serving {@code store} on {@code bind:port} (port 0: any free one), for participants
     * at the address {@code bind} names (127.0.0.1 when it is every interface), at the default
     * cap, with the teacher's token kept in the store's folder.
     *
     * @throws UncheckedIOException when the port cannot be bound, naming it
     */
    public static WorkshopServer start(WorkshopStore store, JoinCode code, InetAddress bind, int port) {
        String host = bind.isAnyLocalAddress() ? "127.0.0.1" : bind.getHostAddress();
        return start(store, new Room(code, JoinCode.teacherToken(store.dir()), host, dev.loomlab.measure.Cap.DEFAULT), bind, port);
    }

    /**
     * Starts serving {@code store} on {@code bind:port} (port 0: any free one) for {@code room}.
     *
     * @throws UncheckedIOException when the port cannot be bound, naming it
     */
    public static WorkshopServer start(WorkshopStore store, Room room, InetAddress bind, int port) {
        HttpServer http;
        try {
            http = HttpServer.create(new InetSocketAddress(bind, port), 128);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on " + bind.getHostAddress() + ":" + port + " (" + e.getMessage()
                    + "): choose another --port", e);
        }
        ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
        http.setExecutor(executor);
        WorkshopServer server = new WorkshopServer(http, executor, store, room);
        http.createContext("/", server::handle);
        http.start();
        return server;
    }

    /** The port it listens on. */
    public int port() {
        return server.getAddress().getPort();
    }

    /** The address it is bound to. */
    public InetAddress address() {
        return server.getAddress().getAddress();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getRawPath();
            String method = exchange.getRequestMethod();
            exchange.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
            exchange.getResponseHeaders().set("Cache-Control", "no-store");
            if (path.startsWith(ENTRY_PREFIX) && method.equals("DELETE")) {
                Answer answer = remove(exchange, path.substring(ENTRY_PREFIX.length()));
                send(exchange, answer.status(), "text/plain; charset=utf-8", answer.text() + "\n");
                return;
            }
            switch (method + " " + path) {
                case "GET /" -> {
                    exchange.getResponseHeaders().set("Content-Security-Policy", WorkshopPage.CONTENT_SECURITY_POLICY);
                    send(exchange, 200, "text/html; charset=utf-8", WorkshopPage.html());
                }
                case "GET /page.js" -> send(exchange, 200, "text/javascript; charset=utf-8", WorkshopPage.script());
                case "GET /chart.js" -> send(exchange, 200, "text/javascript; charset=utf-8", WorkshopPage.chartScript());
                case "GET /api/results" -> results(exchange);
                case "GET /api/join" -> send(exchange, 200, "application/json; charset=utf-8", join);
                case "GET /join.svg" -> send(exchange, 200, "image/svg+xml", qr);
                case "POST /api/results" -> {
                    Answer answer = post(exchange);
                    send(exchange, answer.status(), "text/plain; charset=utf-8", answer.text() + "\n");
                }
                case "GET /download/workshop.csv" -> {
                    exchange.getResponseHeaders().set("Content-Disposition", "attachment; filename=\"workshop.csv\"");
                    send(exchange, 200, "text/csv; charset=utf-8", view.csv());
                }
                case "GET /download/workshop.html" -> {
                    exchange.getResponseHeaders().set("Content-Disposition", "attachment; filename=\"workshop.html\"");
                    exchange.getResponseHeaders().set("Content-Security-Policy", "default-src 'none'; img-src data:; style-src 'unsafe-inline'");
                    send(exchange, 200, "text/html; charset=utf-8", view.html());
                }
                default -> send(exchange, 404, "text/plain; charset=utf-8", "not found: the page is GET /, results go to POST /api/results\n");
            }
        } catch (RuntimeException e) {
            // the exchange may be half answered; the server itself goes on
            System.err.println("loomlab workshop: " + exchange.getRequestMethod() + " " + exchange.getRequestURI().getRawPath()
                    + " failed: " + e);
        }
    }

    /**
     * The page's data, with the store's version as its ETag: a request whose If-None-Match names
     * it is answered 304 with no body; {@code ?since=VERSION} asks for the machines stored after it.
     */
    private void results(HttpExchange exchange) throws IOException {
        exchange.getResponseHeaders().set("Cache-Control", "no-cache");
        String current = etag(view.version());
        String match = exchange.getRequestHeaders().getFirst("If-None-Match");
        if (match != null && java.util.Arrays.stream(match.split(",")).map(String::strip)
                .anyMatch(m -> m.equals(current) || m.equals("W/" + current) || m.equals("*"))) {
            exchange.getResponseHeaders().set("ETag", current);
            exchange.sendResponseHeaders(304, -1);
            return;
        }
        String query = exchange.getRequestURI().getRawQuery();
        String since = null;
        if (query != null) {
            for (String part : query.split("&")) {
                if (part.startsWith("since=")) {
                    since = java.net.URLDecoder.decode(part.substring("since=".length()), StandardCharsets.UTF_8);
                }
            }
        }
        WorkshopView.Data data = view.data(since); // its own version: the store may have moved on since the check above
        exchange.getResponseHeaders().set("ETag", etag(data.version()));
        send(exchange, 200, "application/json; charset=utf-8", data.json());
    }

    private static String etag(String version) {
        return "\"" + version + "\"";
    }

    private Answer remove(HttpExchange exchange, String file) {
        if (!room.teacher().accepts(exchange.getRequestHeaders().getFirst(TOKEN_HEADER))) {
            return new Answer(Answer.WRONG_CODE, "wrong or missing teacher's token: send the token workshop serve printed in "
                    + TOKEN_HEADER + " (the join code does not remove entries)");
        }
        return store.remove(file);
    }

    private Answer post(HttpExchange exchange) throws IOException {
        String offered = exchange.getRequestHeaders().getFirst(CODE_HEADER);
        boolean teacher = room.teacher().accepts(offered);
        if (!teacher && !room.code().accepts(offered)) {
            return new Answer(Answer.WRONG_CODE, "wrong or missing join code: send the code the teacher shows in " + CODE_HEADER);
        }
        Participant participant;
        try {
            participant = Participant.fromHeader(exchange.getRequestHeaders().getFirst(NAME_HEADER));
        } catch (IllegalArgumentException e) {
            return new Answer(Answer.BAD_NAME, e.getMessage());
        }
        byte[] body;
        String length = exchange.getRequestHeaders().getFirst("Content-Length");
        InputStream in = exchange.getRequestBody(); // closed with the exchange
        try {
            body = BoundedBody.read(in, length == null ? -1 : parseLength(length), BODY_LIMIT);
        } catch (BoundedBody.TooLarge e) {
            long announced = length == null ? -1 : parseLength(length);
            if (announced > DISCARD_LIMIT || !BoundedBody.discard(in, DISCARD_LIMIT)) {
                exchange.getResponseHeaders().set("Connection", "close");
            }
            return store.refuse(participant.name(), Answer.TOO_LARGE, e.getMessage());
        }
        return store.accept(participant, body, teacher);
    }

    private static long parseLength(String value) {
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static void send(HttpExchange exchange, int status, String type, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    /** Stops listening, lets requests under way finish for up to a second, and ends every thread. */
    @Override
    public void close() {
        server.stop(1);
        executor.shutdownNow();
    }
}
