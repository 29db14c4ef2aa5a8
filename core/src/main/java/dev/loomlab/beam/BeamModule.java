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
 * appears atomically: a half-compiled module is never used.
 */
final class BeamModule {

    static final String NAME = "loomlab_beam";
    /** The modules: the entry point (JSON, dispatch, helpers), what processes weigh, what messages cost. */
    static final List<String> MODULES = List.of(NAME, "loomlab_beam_memory", "loomlab_beam_messages");
    private static final Duration COMPILE_DEADLINE = Duration.ofMinutes(2);

    private BeamModule() {}

    /** The directory holding {@code loomlab_beam.beam} for this Erlang, compiling it if needed. */
    static synchronized Path compiled(Erlang erlang) {
        Map<String, byte[]> sources = new LinkedHashMap<>();
        MODULES.forEach(module -> sources.put(module, source(module)));
        Path dir = cacheRoot().resolve("otp" + erlang.otpRelease() + "-" + hash(sources.values()));
        if (compiledIn(dir)) {
            return dir;
        }
        try {
            Files.createDirectories(dir.getParent());
            Path work = Files.createTempDirectory(dir.getParent(), "compiling-");
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
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("could not compile the BEAM measurements into " + dir, e);
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
