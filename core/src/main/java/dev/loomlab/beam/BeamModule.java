package dev.loomlab.beam;

import dev.loomlab.jvm.ChildJvm;
import dev.loomlab.jvm.ChildJvmException;
import dev.loomlab.jvm.ChildOutcome;
import dev.loomlab.jvm.ChildRun;
import dev.loomlab.util.Progress;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Erlang side of the BEAM measurements ({@link #MODULES}, {@code .erl} files), shipped in the jar as source
 * and compiled with the reader's own {@code erlc} on first use, into a directory named after the
 * source's hash and the OTP release (so an edit or another Erlang compiles afresh). The directory
 * appears atomically: a half-compiled module is never used. Each use touches the entry; entries
 * and abandoned compilations unused for a day are pruned ({@link BeamCache}).
 */
final class BeamModule {

    static final String NAME = "loomlab_beam";
    /** The modules: the entry point (JSON, dispatch, helpers), what processes weigh, what messages cost. */
    static final List<String> MODULES = List.of(NAME, "loomlab_beam_memory", "loomlab_beam_messages");
    private static final Duration COMPILE_DEADLINE = Duration.ofMinutes(2);
    /** A cache entry is {@code otp<release>-<hash of the sources>}. */
    static final String ENTRY_PREFIX = "otp";

    private BeamModule() {}

    /** The directory holding {@code loomlab_beam.beam} for this Erlang, compiling it if needed. */
    static synchronized Path compiled(Erlang erlang) {
        Map<String, byte[]> sources = new LinkedHashMap<>();
        MODULES.forEach(module -> sources.put(module, source(module)));
        Path dir = cacheRoot().resolve(ENTRY_PREFIX + erlang.otpRelease() + "-" + hash(sources.values()));
        if (compiledIn(dir)) {
            markUsed(dir);
            BeamCache.prune(dir.getParent(), dir, BeamCache.STALE_AFTER);
            return dir;
        }
        try {
            Files.createDirectories(dir.getParent());
            Path work = Files.createTempDirectory(dir.getParent(), BeamCache.COMPILING_PREFIX);
            List<String> command = new ArrayList<>(List.of(erlang.erlc().toString(), "-o", work.toString()));
            for (Map.Entry<String, byte[]> e : sources.entrySet()) {
                Path erl = work.resolve(e.getKey() + ".erl");
                Files.write(erl, e.getValue());
                command.add(erl.toString());
            }
            Path log = work.resolve("erlc.log");
            ChildRun run = ChildJvm.runCommand(command, log, COMPILE_DEADLINE, Progress.SILENT);
            if (run.outcome() != ChildOutcome.OK || !compiledIn(work)) {
                throw new ChildJvmException(ChildOutcome.FAILED, "erlc could not compile the BEAM measurements ("
                        + run.outcome().words() + "): " + (Files.exists(log) ? Files.readString(log).strip() : run.lastError()));
            }
            try {
                Files.move(work, dir, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException e) {
                // another JVM compiled it first: use theirs
            } catch (IOException e) {
                if (!compiledIn(dir)) {
                    throw e;
                }
            }
            markUsed(dir);
            BeamCache.prune(dir.getParent(), dir, BeamCache.STALE_AFTER);
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("could not compile the BEAM measurements into " + dir, e);
        }
    }

    /** Says the entry was used now (its modification time), so pruning keeps it. */
    private static void markUsed(Path dir) {
        try {
            Files.setLastModifiedTime(dir, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis()));
        } catch (IOException ignored) {
            // another JVM pruned or replaced it meanwhile: the next use compiles again
        }
    }

    private static boolean compiledIn(Path dir) {
        return MODULES.stream().allMatch(module -> Files.exists(dir.resolve(module + ".beam")));
    }

    static byte[] source(String module) {
        String resource = "/dev/loomlab/beam/" + module + ".erl";
        try (InputStream in = BeamModule.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the toolkit jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path cacheRoot() {
        return Path.of(System.getProperty("java.io.tmpdir"), "loomlab-beam-" + System.getProperty("user.name", "user"));
    }

    private static String hash(java.util.Collection<byte[]> sources) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            sources.forEach(digest::update);
            return HexFormat.of().formatHex(digest.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
