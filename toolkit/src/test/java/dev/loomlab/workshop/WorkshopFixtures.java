package dev.loomlab.workshop;

import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Run;
import dev.loomlab.measure.Env;
import dev.loomlab.report.ReportRow;
import dev.loomlab.report.ResultsFile;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Results files built through the toolkit's own API (so they follow the schema as it evolves),
 * and a client for a workshop server on 127.0.0.1.
 */
public final class WorkshopFixtures {

    /** One machine's setting for every file built here: reading it watches the machine's load for a moment. */
    private static final Env ENV = Env.current();

    private WorkshopFixtures() {}

    /**
     * A results.json of spawn and ring for two kinds. With {@code runs} 1 every figure is a cold
     * run; with more, the median of the warm ones. {@code scale} makes machines differ.
     */
    public static String results(String label, int runs, double scale) {
        List<ReportRow> rows = new ArrayList<>();
        for (Kind kind : List.of(Kind.PROCESS, Kind.VIRTUAL)) {
            double k = kind == Kind.PROCESS ? 1.6 : 1.0;
            rows.add(row("spawn", kind, 1_000, 0, runs, Map.of("bytesPerProcess", 700 * k * scale, "nsPerSpawn", 900 * k * scale)));
            rows.add(forked(row("ring", kind, 1_000, 10, runs, Map.of("nsPerHop", 400 * k * scale * 0.95)),
                    row("ring", kind, 1_000, 10, runs, Map.of("nsPerHop", 400 * k * scale)),
                    row("ring", kind, 1_000, 10, runs, Map.of("nsPerHop", 400 * k * scale * 1.05))));
        }
        return new ResultsFile(label, Instant.now().toString(), 1_000, ENV, "test", true, rows, List.of()).toJson();
    }

    private static ReportRow row(String experiment, Kind kind, long n, long m, int runs, Map<String, Double> metrics) {
        ExperimentSpec spec = new ExperimentSpec(experiment, kind, n, m, runs, ExperimentSpec.DEFAULT_DEADLINE, List.of(), Map.of());
        List<Run> list = new ArrayList<>();
        for (int i = 1; i <= runs; i++) {
            list.add(new Run(i, i == 1, metrics));
        }
        Measurement measurement = Measurement.of(spec, ENV, list, List.of("built by the workshop tests"));
        return new ReportRow(experiment, kind.label(), n, m, "ok", 10, measurement);
    }

    /** One row summarised over the VMs of these rows (as a report's ring is): their median, with its interval. */
    private static ReportRow forked(ReportRow... vms) {
        ReportRow first = vms[0];
        ExperimentSpec spec = new ExperimentSpec(first.experiment(), Kind.parse(first.kind()), first.n(), first.m(), 1,
                ExperimentSpec.DEFAULT_DEADLINE, List.of(), Map.of());
        Measurement measurement = Measurement.forked(spec, java.util.Arrays.stream(vms).map(ReportRow::measurement).toList(),
                dev.loomlab.measure.ForkPolicy.adaptive(vms.length, Duration.ZERO, 0.1), dev.loomlab.measure.ForkProtocol.Stop.FIXED);
        return new ReportRow(first.experiment(), first.kind(), first.n(), first.m(), "ok", 30, measurement);
    }

    /** The same file claiming another schema version. */
    static String otherSchema(String label) {
        return results(label, 1, 1).replaceFirst("\"schemaVersion\" : \\d+", "\"schemaVersion\" : 999");
    }

    /** A client for a server on 127.0.0.1. */
    record Client(HttpClient http, URI base) {

        static Client of(WorkshopServer server) {
            return new Client(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build(),
                    URI.create("http://127.0.0.1:" + server.port()));
        }

        HttpResponse<String> post(String code, String participant, String body) throws IOException, InterruptedException {
            return post(code, participant, HttpRequest.BodyPublishers.ofString(body));
        }

        HttpResponse<String> post(String code, String participant, HttpRequest.BodyPublisher body) throws IOException, InterruptedException {
            HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve("/api/results")).timeout(Duration.ofSeconds(30)).POST(body);
            if (code != null) {
                request.header(WorkshopServer.CODE_HEADER, code);
            }
            if (participant != null) {
                request.header(WorkshopServer.NAME_HEADER, participant);
            }
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        }

        HttpResponse<String> get(String path) throws IOException, InterruptedException {
            return http.send(HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30)).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
        }

        /** A GET that says which version it has ({@code If-None-Match}), answered within {@code deadline}. */
        HttpResponse<String> get(String path, String etag, Duration deadline) throws IOException, InterruptedException {
            HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path)).timeout(deadline).GET();
            if (etag != null) {
                request.header("If-None-Match", etag);
            }
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        }

        /** The teacher's removal of an entry, with {@code token} (or none) in its header. */
        HttpResponse<String> delete(String file, String token) throws IOException, InterruptedException {
            HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve("/api/results/" + file)).timeout(Duration.ofSeconds(30)).DELETE();
            if (token != null) {
                request.header(WorkshopServer.TOKEN_HEADER, token);
            }
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        }
    }

    /** Starts a server on 127.0.0.1, any free port, on {@code dir}. */
    static WorkshopServer serve(Path dir) {
        return WorkshopServer.start(WorkshopStore.open(dir), JoinCode.inFolder(dir), java.net.InetAddress.getLoopbackAddress(), 0);
    }
}
