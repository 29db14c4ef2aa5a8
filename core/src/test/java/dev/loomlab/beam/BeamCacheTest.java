package dev.loomlab.beam;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The erlc cache keeps the entry in use and recent ones, and prunes the stale ones exactly once. */
class BeamCacheTest {

    @TempDir
    Path root;

    private Path entry(String name, Duration age) throws IOException {
        Path dir = Files.createDirectories(root.resolve(name));
        Files.writeString(dir.resolve("loomlab_beam.beam"), "x");
        Files.setLastModifiedTime(dir, FileTime.from(Instant.now().minus(age)));
        return dir;
    }

    @Test
    void staleEntriesAndAbandonedCompilationsGoTheCurrentAndRecentOnesStay() throws IOException {
        Path current = entry("otp25-aaaa", Duration.ofDays(30));
        Path recent = entry("otp25-bbbb", Duration.ofMinutes(5));
        Path stale = entry("otp24-cccc", Duration.ofDays(3));
        Path abandoned = entry("compiling-123", Duration.ofDays(2));
        Path foreign = entry("someone-elses", Duration.ofDays(90));

        assertThat(BeamCache.prune(root, current, Duration.ofDays(1))).isEqualTo(2);
        assertThat(current).exists();
        assertThat(recent).exists();
        assertThat(foreign).exists();
        assertThat(stale).doesNotExist();
        assertThat(abandoned).doesNotExist();
        try (var left = Files.list(root)) {
            assertThat(left.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("pruning-"));
        }
    }

    @Test
    void twoPrunersAtOnceRemoveEachStaleEntryOnceAndNeitherFails() throws Exception {
        Path current = entry("otp25-aaaa", Duration.ZERO);
        for (int i = 0; i < 20; i++) {
            entry("otp25-old" + i, Duration.ofDays(2));
        }
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Callable<Integer> prune = () -> BeamCache.prune(root, current, Duration.ofDays(1));
            Future<Integer> a = pool.submit(prune);
            Future<Integer> b = pool.submit(prune);
            assertThat(a.get(30, TimeUnit.SECONDS) + b.get(30, TimeUnit.SECONDS)).isEqualTo(20);
        } finally {
            pool.shutdownNow();
        }
        try (var left = Files.list(root)) {
            assertThat(left.toList()).containsExactly(current);
        }
    }
}
