package dev.loomlab.workshop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Twenty participants posting at once: every result is stored and the page keeps answering. */
class WorkshopLoadTest {

    static final int PARTICIPANTS = 20;

    @TempDir
    Path dir;

    @Test
    void twentyConcurrentPostsAreAllStoredAndThePageStillAnswers() throws Exception {
        List<String> bodies = new ArrayList<>();
        for (int i = 0; i < PARTICIPANTS; i++) {
            bodies.add(WorkshopFixtures.results("laptop-" + i, 3, 1 + i / 10.0));
        }
        try (WorkshopServer server = WorkshopFixtures.serve(dir);
             var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            var client = WorkshopFixtures.Client.of(server);
            String code = JoinCode.inFolder(dir).toString();
            CountDownLatch go = new CountDownLatch(1);
            List<Future<HttpResponse<String>>> posts = new ArrayList<>();
            for (int i = 0; i < PARTICIPANTS; i++) {
                String name = "participant-" + i;
                String body = bodies.get(i);
                posts.add(threads.submit(() -> {
                    go.await();
                    return client.post(code, name, body);
                }));
            }
            // a viewer keeps asking for the page and the merged results while the posts arrive
            Future<List<Integer>> viewer = threads.submit(() -> {
                go.await();
                List<Integer> statuses = new ArrayList<>();
                for (int i = 0; i < 10; i++) {
                    statuses.add(client.get("/").statusCode());
                    statuses.add(client.get("/api/results").statusCode());
                }
                return statuses;
            });
            go.countDown();
            for (Future<HttpResponse<String>> post : posts) {
                HttpResponse<String> response = post.get(60, TimeUnit.SECONDS);
                assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
            }
            assertThat(viewer.get(60, TimeUnit.SECONDS)).containsOnly(200);

            try (Stream<Path> files = Files.list(dir)) {
                assertThat(files.filter(f -> f.getFileName().toString().startsWith("results-"))).hasSize(PARTICIPANTS);
            }
            var merged = new ObjectMapper().readTree(client.get("/api/results").body());
            assertThat(merged.get("machines")).hasSize(PARTICIPANTS);
            assertThat(merged.get("experiments").get(0).get("table").get("columns")).hasSize(3 + PARTICIPANTS + 2);
            assertThat(client.get("/").statusCode()).isEqualTo(200);
        }
    }
}
