package dev.loomlab.workshop;

import static dev.loomlab.workshop.WorkshopFixtures.otherSchema;
import static dev.loomlab.workshop.WorkshopFixtures.results;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loomlab.report.Compare;
import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The wire protocol and the safety rules, against a real server on 127.0.0.1 and an ephemeral port. */
class WorkshopServerTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;
    WorkshopServer server;
    WorkshopFixtures.Client client;
    String code;

    @BeforeEach
    void start() {
        server = WorkshopFixtures.serve(dir);
        client = WorkshopFixtures.Client.of(server);
        code = JoinCode.inFolder(dir).toString();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private List<Path> stored() throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().startsWith("results-")).sorted().toList();
        }
    }

    private JsonNode merged() throws Exception {
        var response = client.get("/api/results");
        assertThat(response.statusCode()).isEqualTo(200);
        return MAPPER.readTree(response.body());
    }

    @Test
    void aPostIsStoredThenReplacedByTheSameParticipantAndMachineOnly() throws Exception {
        var first = client.post(code, "alice", results("laptop-a", 3, 1));
        assertThat(first.statusCode()).as(first.body()).isEqualTo(201);
        assertThat(first.body()).contains("stored", "alice (laptop-a)");
        assertThat(client.post(code.toLowerCase(), "bob", results("laptop-b", 3, 2)).statusCode()).as("the code in any case").isEqualTo(201);
        List<Path> two = stored();
        assertThat(two).hasSize(2);
        String bobBefore = Files.readString(two.get(1));

        var again = client.post(code, "alice", results("laptop-a", 3, 1.5));
        assertThat(again.statusCode()).as(again.body()).isEqualTo(200);
        assertThat(again.body()).contains("replaced");
        assertThat(stored()).containsExactlyElementsOf(two);
        assertThat(Files.readString(two.get(1))).as("bob's file untouched").isEqualTo(bobBefore);
        assertThat(Files.readString(two.get(0))).contains("\"participant\" : \"alice\"");

        JsonNode merged = merged();
        assertThat(merged.get("machines")).extracting(m -> m.get("column").asText()).containsExactly("alice (laptop-a)", "bob (laptop-b)");
        JsonNode spawn = merged.get("experiments").get(0);
        assertThat(spawn.get("name").asText()).isEqualTo("spawn");
        assertThat(spawn.get("rows")).extracting(r -> r.get("key").asText())
                .contains("spawn|process|1000|0|bytesPerProcess", "spawn|virtual|1000|0|nsPerSpawn");
        assertThat(spawn.get("rows")).as("the published figure beside each row").anyMatch(r -> r.has("published"));
        JsonNode alice = merged.get("machines").get(0);
        assertThat(alice.get("values").get("spawn|virtual|1000|0|bytesPerProcess").asDouble()).isEqualTo(700 * 1.0 * 1.5);
        // a busy machine may be marked (that depends on the machine running the test); a warm median is never marked cold
        assertThat(alice.get("marks")).as("warm medians are not marked cold")
                .noneMatch(m -> m.get("mark").asText().equals("cold run"));

        // the stored files are what compare reads: the same side-by-side from the folder
        Compare compare = Compare.load(stored());
        assertThat(compare.refused()).isEmpty();
        assertThat(compare.files()).extracting(f -> f.label()).containsExactly("laptop-a", "laptop-b");
    }

    @Test
    void coldRunsAreMarkedOnThePageAndInTheDownloads() throws Exception {
        assertThat(client.post(code, "carol", results("carol", 1, 1)).statusCode()).isEqualTo(201);
        // other marks (a busy machine) depend on the machine running the test: look at the cold-run one
        List<JsonNode> marks = new ArrayList<>();
        JsonNode carol = merged().get("machines").get(0);
        carol.get("marks").forEach(m -> {
            if (m.get("mark").asText().equals("cold run") && m.get("experiment").asText().equals("spawn")) {
                marks.add(m);
            }
        });
        assertThat(marks).hasSize(1);
        assertThat(carol.get("marked").get("spawn|process|1000|0|nsPerSpawn").asText()).contains("cold run");
        assertThat(marks.get(0).get("line").asText()).startsWith("carol: cold run in spawn process n=1,000").contains("the only run, cold");
        assertThat(client.get("/download/workshop.html").body()).contains("carol: cold run in spawn");
        var csv = client.get("/download/workshop.csv");
        assertThat(csv.headers().firstValue("Content-Disposition")).hasValueSatisfying(v -> assertThat(v).contains("workshop.csv"));
        assertThat(csv.body().lines().findFirst()).hasValueSatisfying(h -> assertThat(h).startsWith("experiment,kind,n,metric,carol"));
        assertThat(csv.body()).contains("spawn,process", "ring,virtual");
    }

    @Test
    void aWrongOrMissingCodeIsRefusedAndNothingIsStored() throws Exception {
        var wrong = client.post("NOPE42", "mallory", results("m", 1, 1));
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(wrong.body()).contains("join code");
        assertThat(client.post(null, "mallory", results("m", 1, 1)).statusCode()).isEqualTo(401);
        assertThat(stored()).isEmpty();
        assertThat(merged().get("refusals")).as("strangers cannot write on the page").isEmpty();
    }

    @Test
    void aBodyOverOneMebibyteIsRefusedWhileReadingWithOrWithoutALength() throws Exception {
        byte[] big = new byte[WorkshopServer.BODY_LIMIT + 1];
        java.util.Arrays.fill(big, (byte) ' ');
        var sized = client.post(code, "dave", HttpRequest.BodyPublishers.ofByteArray(big));
        assertThat(sized.statusCode()).isEqualTo(413);
        assertThat(sized.body()).contains("1024 KiB");
        var chunked = client.post(code, "dave", HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big)));
        assertThat(chunked.statusCode()).isEqualTo(413);
        assertThat(stored()).isEmpty();
        assertThat(merged().get("refusals")).hasSize(2);
        // the server goes on
        assertThat(client.post(code, "dave", results("dave", 1, 1)).statusCode()).isEqualTo(201);
    }

    @Test
    void anotherSchemaVersionOrNotAResultsFileIs422WithTheReasonShownOnThePage() throws Exception {
        var future = client.post(code, "erin", otherSchema("erin"));
        assertThat(future.statusCode()).isEqualTo(422);
        assertThat(future.body()).contains("schema version 999", "rerun ./loomlab report");
        var notJson = client.post(code, "erin", "hello");
        assertThat(notJson.statusCode()).isEqualTo(422);
        assertThat(notJson.body()).contains("not JSON");
        assertThat(client.post(code, "erin", "{\"schemaVersion\": 1}").statusCode()).isEqualTo(422);
        assertThat(client.post(code, "erin", "[1, 2]").statusCode()).isEqualTo(422);
        var longLabel = client.post(code, "erin", results("x".repeat(101), 1, 1));
        assertThat(longLabel.statusCode()).isEqualTo(422);
        assertThat(longLabel.body()).contains("--label SHORT_NAME");
        assertThat(stored()).isEmpty();
        JsonNode refusals = merged().get("refusals");
        assertThat(refusals).hasSize(5);
        assertThat(refusals.get(0).get("participant").asText()).isEqualTo("erin");
        assertThat(refusals.get(0).get("reason").asText()).contains("schema version 999");
        assertThat(client.get("/download/workshop.html").body()).contains("refused from erin", "schema version 999");
    }

    @Test
    void aMissingOrUnusableNameIs400() throws Exception {
        assertThat(client.post(code, null, results("x", 1, 1)).statusCode()).isEqualTo(400);
        assertThat(client.post(code, "   ", results("x", 1, 1)).statusCode()).isEqualTo(400);
        assertThat(client.post(code, "a%0Ab", results("x", 1, 1)).statusCode()).as("a control character").isEqualTo(400);
        assertThat(client.post(code, "x".repeat(65), results("x", 1, 1)).statusCode()).isEqualTo(400);
        assertThat(stored()).isEmpty();
    }

    @Test
    void theDownloadedPageSetsTheMachinesLoadRowsSideBySideWithVerdictsOnTheirIntervals() throws Exception {
        assertThat(client.post(code, "alice", withLoad(results("laptop-a", 3, 1), 10, 11, 12)).statusCode()).isEqualTo(201);
        assertThat(client.post(code, "bob", withLoad(results("laptop-b", 3, 1), 30, 31, 32)).statusCode()).isEqualTo(201);
        String html = client.get("/download/workshop.html").body();
        assertThat(html).contains("Load: round-trip p50", "alice (laptop-a)", "bob (laptop-b)",
                "verdict: virtual, 0 busy loops, round-trip p50: alice (laptop-a) 11 µs [", "slower (the intervals do not overlap)");
    }

    /** A results file with a load section of one row over three VMs, with these p50s in µs. */
    private static String withLoad(String results, double... p50s) throws Exception {
        com.fasterxml.jackson.databind.node.ObjectNode root = (com.fasterxml.jackson.databind.node.ObjectNode) MAPPER.readTree(results);
        var row = root.putObject("load").putArray("rows").addObject()
                .put("kind", "virtual").put("loops", 0).put("status", "ok").put("roundTripMicrosP50", p50s[1]);
        var vms = row.putArray("vms");
        for (double p50 : p50s) {
            vms.addObject().put("kind", "virtual").put("loops", 0).put("status", "ok").put("roundTripMicrosP50", p50);
        }
        return root.toString();
    }

    @Test
    void namesAreEscapedEverywhereAndTheScriptSetsTextOnly() throws Exception {
        String evil = "<img src=x onerror=alert(1)>";
        String label = "<script>alert(2)</script>";
        var response = client.post(code, new Participant(evil).toHeader(), results(label, 1, 1));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        String html = client.get("/download/workshop.html").body();
        assertThat(html).doesNotContain(evil).doesNotContain(label).contains("&lt;img src=x onerror=alert(1)&gt;");
        assertThat(merged().get("machines").get(0).get("participant").asText()).isEqualTo(evil);
        var page = client.get("/");
        assertThat(page.body()).doesNotContain(evil);
        assertThat(page.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(v -> assertThat(v).contains("script-src 'self'"));
        assertThat(client.get("/page.js").body()).contains("textContent").doesNotContain("innerHTML").doesNotContain("insertAdjacentHTML");
        assertThat(client.get("/chart.js").body()).contains("textContent", "createElementNS").doesNotContain("innerHTML")
                .doesNotContain("insertAdjacentHTML");
    }

    @Test
    void noPathFromARequestReachesTheFileSystem() throws Exception {
        var response = client.post(code, "..%2F..%2Fetc%2Fpasswd", results("../../../tmp/evil", 1, 1));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        List<Path> files = stored();
        assertThat(files).hasSize(1);
        assertThat(files.get(0).getParent()).isEqualTo(dir);
        assertThat(files.get(0).getFileName().toString()).matches("results-etc-passwd--tmp-evil-[0-9a-f]{16}\\.json");
        for (String path : List.of("/join-code.txt", "/../join-code.txt", "/%2e%2e/join-code.txt", "/download/" + files.get(0).getFileName(),
                "/api/results/../../join-code.txt", "/refused.json")) {
            var get = client.get(path.replace("/../", "/%2E%2E/"));
            assertThat(get.statusCode()).as(path).isEqualTo(404);
            assertThat(get.body()).doesNotContain(code);
        }
    }

    @Test
    void aRestartedServerShowsTheSamePageAndKeepsTheSameCode() throws Exception {
        client.post(code, "alice", results("a", 1, 1));
        client.post(code, "bob", results("b", 3, 2));
        client.post(code, "erin", otherSchema("e"));
        JsonNode before = merged();
        server.close();

        server = WorkshopFixtures.serve(dir);
        client = WorkshopFixtures.Client.of(server);
        assertThat(JoinCode.inFolder(dir).toString()).isEqualTo(code);
        JsonNode after = merged();
        assertThat(after.get("machines")).isEqualTo(before.get("machines"));
        assertThat(after.get("experiments")).isEqualTo(before.get("experiments"));
        assertThat(after.get("refusals")).isEqualTo(before.get("refusals"));
        assertThat(after.get("version")).as("a restart is a new version, so open pages redraw").isNotEqualTo(before.get("version"));
        assertThat(client.post(code, "alice", results("a", 1, 3)).statusCode()).as("alice again, after the restart").isEqualTo(200);
    }

    @Test
    void unknownRoutesAre404AndTheServerBindsWhereItIsTold() throws Exception {
        assertThat(client.get("/nothing").statusCode()).isEqualTo(404);
        assertThat(server.address().isLoopbackAddress()).isTrue();
    }

    @Test
    void anUnchangedPollIsA304AndAChangedOneCarriesOnlyTheMachinesStoredSince() throws Exception {
        client.post(code, "alice", results("a", 3, 1));
        var first = client.get("/api/results");
        String etag = first.headers().firstValue("ETag").orElseThrow();
        String version = MAPPER.readTree(first.body()).get("version").asText();
        assertThat(etag).isEqualTo("\"" + version + "\"");

        var unchanged = client.get("/api/results?since=" + version, etag, java.time.Duration.ofSeconds(30));
        assertThat(unchanged.statusCode()).isEqualTo(304);
        assertThat(unchanged.body()).isEmpty();

        client.post(code, "bob", results("b", 3, 2));
        var changed = client.get("/api/results?since=" + version, etag, java.time.Duration.ofSeconds(30));
        assertThat(changed.statusCode()).isEqualTo(200);
        JsonNode delta = MAPPER.readTree(changed.body());
        assertThat(delta.get("since").asText()).isEqualTo(version);
        assertThat(delta.get("machines")).extracting(m -> m.get("participant").asText()).containsExactly("bob");
        assertThat(delta.get("ids")).hasSize(2);
        assertThat(delta.get("experiments").get(0).get("rows")).isNotEmpty();

        JsonNode stranger = MAPPER.readTree(client.get("/api/results?since=another-run-3").body());
        assertThat(stranger.has("since")).as("a version of another run gets everything").isFalse();
        assertThat(stranger.get("machines")).hasSize(2);
    }

    @Test
    void theTeacherRemovesAnEntryWithTheTokenIntoTheTrashAndTheJoinCodeDoesNotSuffice() throws Exception {
        client.post(code, "alice", results("a", 3, 1));
        client.post(code, "test-run", results("t", 1, 1));
        String token = JoinCode.teacherToken(dir).toString();
        assertThat(token).hasSize(20).isNotEqualTo(code);
        Path victim = stored().stream().filter(f -> f.getFileName().toString().contains("test-run")).findFirst().orElseThrow();
        String file = victim.getFileName().toString();
        String content = Files.readString(victim);

        assertThat(client.delete(file, null).statusCode()).isEqualTo(401);
        var withCode = client.delete(file, code);
        assertThat(withCode.statusCode()).as("the join code is not the teacher's token").isEqualTo(401);
        assertThat(withCode.body()).contains("teacher's token");
        assertThat(client.delete("..%2Fjoin-code.txt", token).statusCode()).as("only a stored entry's name").isEqualTo(404);
        assertThat(Files.exists(dir.resolve(JoinCode.FILE))).isTrue();
        assertThat(stored()).hasSize(2);

        var removed = client.delete(file, token);
        assertThat(removed.statusCode()).as(removed.body()).isEqualTo(200);
        assertThat(removed.body()).contains("removed test-run (t)", "trash/");
        assertThat(stored()).extracting(f -> f.getFileName().toString()).noneMatch(f -> f.equals(file));
        try (Stream<Path> trash = Files.list(dir.resolve(WorkshopStore.TRASH))) {
            List<Path> kept = trash.toList();
            assertThat(kept).hasSize(1);
            assertThat(kept.get(0).getFileName().toString()).startsWith(file.replace(".json", "--removed-"));
            assertThat(Files.readString(kept.get(0))).isEqualTo(content);
        }
        assertThat(merged().get("machines")).extracting(m -> m.get("participant").asText()).containsExactly("alice");
        assertThat(client.delete(file, token).statusCode()).as("already removed").isEqualTo(404);

        server.close();
        server = WorkshopFixtures.serve(dir);
        client = WorkshopFixtures.Client.of(server);
        assertThat(merged().get("machines")).as("a restart does not bring it back").hasSize(1);
    }

    @Test
    void resultsSentWithTheTeachersTokenAreMarkedAsTheTeachersMachine() throws Exception {
        String token = JoinCode.teacherToken(dir).toString();
        assertThat(client.post(token, "teacher", results("front-desk", 3, 1)).statusCode()).isEqualTo(201);
        assertThat(client.post(code, "alice", results("a", 3, 1)).statusCode()).isEqualTo(201);
        JsonNode machines = merged().get("machines");
        assertThat(machines).extracting(m -> m.get("participant").asText() + "=" + m.get("teacher").asBoolean())
                .containsExactly("alice=false", "teacher=true");
    }

    @Test
    void thePageCarriesTheJoinAddressTheCodeTheCommandWithTheCapAndAQrCode() throws Exception {
        server.close();
        JoinCode joinCode = JoinCode.inFolder(dir);
        server = WorkshopServer.start(WorkshopStore.open(dir), new Room(joinCode, JoinCode.teacherToken(dir), "127.0.0.1", 5_000),
                java.net.InetAddress.getLoopbackAddress(), 0);
        client = WorkshopFixtures.Client.of(server);
        JsonNode join = MAPPER.readTree(client.get("/api/join").body());
        String url = "http://127.0.0.1:" + server.port();
        assertThat(join.get("url").asText()).isEqualTo(url + "/");
        assertThat(join.get("code").asText()).isEqualTo(code);
        assertThat(join.get("command").asText()).isEqualTo("./loomlab report --cap 5000 --send " + url + " --code " + code + " --name YOUR_NAME");
        assertThat(client.get("/api/join").body()).doesNotContain(JoinCode.teacherToken(dir).toString());
        var qr = client.get("/join.svg");
        assertThat(qr.statusCode()).isEqualTo(200);
        assertThat(qr.headers().firstValue("Content-Type")).hasValue("image/svg+xml");
        assertThat(qr.body()).startsWith("<svg").contains("<path");
        assertThat(client.get("/").body()).contains("id=\"qr\"", "/join.svg", "id=\"join-code\"");
    }
}
