package dev.loomlab.workshop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load check, not a timed test: a room's worth of traffic on loopback (127.0.0.1 only).
 * Once the server has answered once and {@value #POLLERS} pages are open, {@value #POSTS}
 * participants post at once while the pages poll the way the page does (If-None-Match and
 * {@code ?since=}, merging what is new), ten times as often. What it asserts is that nothing
 * is lost and every page ends up with exactly what was stored; "the page answers within a
 * second" is a deadline on each poll ({@value #POLL_DEADLINE_MILLIS} ms: a poll that takes longer
 * fails with a timeout), not a measured timing. Bounded: each wait has a deadline. Tagged
 * {@code load} ({@code -DexcludedGroups=load} leaves it out).
 */
@Tag("load")
class WorkshopLoadTest {

    static final int POSTS = 60;
    static final int POLLERS = 30;
    static final long POLL_DEADLINE_MILLIS = 1_000;
    /** Each page polls ten times as often as the real page does. */
    static final Duration POLL_EVERY = Duration.ofSeconds(WorkshopPage.POLL_SECONDS).dividedBy(10);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    /** What one polling page holds, merged from its answers as page.js merges them. */
    static final class Page {
        String etag;
        String version;
        final Map<String, JsonNode> machines = new LinkedHashMap<>();
        int notModified;

        void poll(WorkshopFixtures.Client client) throws Exception {
            HttpResponse<String> response = client.get("/api/results" + (version == null ? "" : "?since=" + version), etag,
                    Duration.ofMillis(POLL_DEADLINE_MILLIS));
            if (response.statusCode() == 304) {
                notModified++;
                return;
            }
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            JsonNode data = MAPPER.readTree(response.body());
            if (!data.has("since")) {
                machines.clear();
            }
            data.get("machines").forEach(m -> machines.put(m.get("id").asText(), m));
            List<String> ids = new ArrayList<>();
            data.get("ids").forEach(id -> ids.add(id.asText()));
            machines.keySet().retainAll(ids);
            assertThat(machines.keySet()).as("every id has its machine").containsExactlyInAnyOrderElementsOf(ids);
            version = data.get("version").asText();
            etag = response.headers().firstValue("ETag").orElseThrow();
        }
    }

    @Test
    void sixtyConcurrentPostsAndThirtyPollingPagesLoseNothingAndEveryPageEndsWithEverything() throws Exception {
        List<String> bodies = new ArrayList<>();
        for (int i = 0; i < POSTS; i++) {
            bodies.add(WorkshopFixtures.results("laptop-" + i, 3, 1 + i / 10.0));
        }
        try (WorkshopServer server = WorkshopFixtures.serve(dir);
             var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            var client = WorkshopFixtures.Client.of(server);
            String code = JoinCode.inFolder(dir).toString();
            CountDownLatch go = new CountDownLatch(1);
            AtomicBoolean posting = new AtomicBoolean(true);
            List<Future<HttpResponse<String>>> posts = new ArrayList<>();
            for (int i = 0; i < POSTS; i++) {
                String name = "participant-" + i;
                String body = bodies.get(i);
                posts.add(threads.submit(() -> {
                    go.await();
                    return client.post(code, name, body);
                }));
            }
            // the room before the rush: the server has answered once, and every page is open
            assertThat(client.post(code, "warm-up", WorkshopFixtures.results("warm-up", 3, 1)).statusCode()).isEqualTo(201);
            assertThat(client.get("/api/results").statusCode()).isEqualTo(200);
            CountDownLatch open = new CountDownLatch(POLLERS);
            List<Future<Page>> pages = new ArrayList<>();
            for (int i = 0; i < POLLERS; i++) {
                pages.add(threads.submit(() -> {
                    Page page = new Page();
                    try {
                        page.poll(client);
                    } finally {
                        open.countDown();
                    }
                    go.await();
                    while (posting.get()) {
                        page.poll(client);
                        Thread.sleep(POLL_EVERY.toMillis());
                    }
                    // after the last post: what is new, then nothing (a poll may get the rendering before the last one)
                    for (int polls = 0; polls < 20 && (page.machines.size() < POSTS + 1 || page.notModified == 0); polls++) {
                        page.poll(client);
                        Thread.sleep(POLL_EVERY.toMillis());
                    }
                    return page;
                }));
            }
            assertThat(open.await(60, TimeUnit.SECONDS)).isTrue();
            go.countDown();
            try {
                for (Future<HttpResponse<String>> post : posts) {
                    HttpResponse<String> response = post.get(120, TimeUnit.SECONDS);
                    assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
                }
            } finally {
                posting.set(false);
            }
            for (Future<Page> future : pages) {
                Page page = future.get(60, TimeUnit.SECONDS);
                assertThat(page.machines).as("each page ends with every machine").hasSize(POSTS + 1);
                assertThat(page.notModified).as("the last poll of an unchanged store is a 304").isPositive();
                JsonNode seventh = page.machines.values().stream().filter(m -> m.get("participant").asText().equals("participant-7"))
                        .findFirst().orElseThrow();
                assertThat(seventh.get("values").get("spawn|virtual|1000|0|bytesPerProcess").asDouble()).isEqualTo(700 * 1.7);
            }

            try (Stream<Path> files = Files.list(dir)) {
                assertThat(files.filter(f -> f.getFileName().toString().startsWith("results-"))).hasSize(POSTS + 1);
            }
            var merged = MAPPER.readTree(client.get("/api/results").body());
            assertThat(merged.get("machines")).hasSize(POSTS + 1);
            assertThat(client.get("/").statusCode()).isEqualTo(200);
        }
    }
}
