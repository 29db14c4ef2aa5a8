package dev.loomlab.beam;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Prunes the erlc cache ({@code $TMPDIR/loomlab-beam-<user>/}): an entry ({@code otp25-<hash>})
 * other than the one in use, or an abandoned {@code compiling-*} directory, is stale once it has
 * not been used (its modification time) for {@link #STALE_AFTER}. Safe with several JVMs at once:
 * a stale entry is first renamed atomically to a {@code pruning-*} name that only its pruner
 * knows, so two pruners never delete the same directory and a JVM never sees a half-deleted entry
 * (it sees the entry whole, or not at all and compiles it again). The entry in use is never touched,
 * and a failure to prune is ignored: pruning only saves disk.
 */
final class BeamCache {

    /** How long an entry may go unused before it is pruned. */
    static final Duration STALE_AFTER = Duration.ofDays(1);
    /** The prefix of a compilation in progress, or abandoned by a JVM that died. */
    static final String COMPILING_PREFIX = "compiling-";
    private static final String PRUNING_PREFIX = "pruning-";

    private BeamCache() {}

    /**
     * Removes the stale entries of {@code root}, keeping {@code current}; returns how many it removed.
     * An entry a concurrent pruner took first is skipped.
     */
    static int prune(Path root, Path current, Duration staleAfter) {
        Instant before = Instant.now().minus(staleAfter);
        int removed = 0;
        try (Stream<Path> entries = Files.list(root)) {
            for (Path entry : entries.toList()) {
                if (entry.equals(current) || !Files.isDirectory(entry) || !prunable(entry.getFileName().toString())) {
                    continue;
                }
                try {
                    if (Files.getLastModifiedTime(entry).toInstant().isAfter(before)) {
                        continue;
                    }
                    if (entry.getFileName().toString().startsWith(PRUNING_PREFIX)) {
                        // a pruner's leftover (or one still at work): deleted as it is, never renamed or counted,
                        // so no entry is counted by two pruners
                        deleteTree(entry);
                        continue;
                    }
                    Path doomed = root.resolve(PRUNING_PREFIX + UUID.randomUUID());
                    Files.move(entry, doomed, StandardCopyOption.ATOMIC_MOVE);
                    removed++; // the atomic rename is the one moment an entry becomes this pruner's
                    deleteTree(doomed);
                } catch (NoSuchFileException e) {
                    // another JVM pruned it first
                } catch (IOException | UncheckedIOException e) {
                    // left for a later prune
                }
            }
        } catch (IOException e) {
            return removed;
        }
        return removed;
    }

    private static boolean prunable(String name) {
        return name.startsWith(BeamModule.ENTRY_PREFIX) || name.startsWith(COMPILING_PREFIX) || name.startsWith(PRUNING_PREFIX);
    }

    private static void deleteTree(Path dir) throws IOException {
        List<Path> all;
        try (Stream<Path> walk = Files.walk(dir)) {
            all = walk.sorted(Comparator.reverseOrder()).toList();
        }
        for (Path p : all) {
            Files.deleteIfExists(p);
        }
    }
}
