package dev.loomlab.beam;

import dev.loomlab.child.ChildJvm;
import dev.loomlab.child.ChildJvmException;
import dev.loomlab.child.ChildOutcome;
import dev.loomlab.child.ChildRun;
import dev.loomlab.experiment.Progress;
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
import java.util.List;

/**
 * The Erlang side of the BEAM measurements, {@code loomlab_beam.erl}, shipped in the jar as source
 * and compiled with the reader's own {@code erlc} on first use, into a directory named after the
 * source's hash and the OTP release (so an edit or another Erlang compiles afresh). The directory
 * appears atomically: a half-compiled module is never used.
 */
final class BeamModule {

    static final String NAME = "loomlab_beam";
    private static final String RESOURCE = "/dev/loomlab/beam/" + NAME + ".erl";
    private static final Duration COMPILE_DEADLINE = Duration.ofMinutes(2);

    private BeamModule() {}

    /** The directory holding {@code loomlab_beam.beam} for this Erlang, compiling it if needed. */
    static synchronized Path compiled(Erlang erlang) {
        byte[] source = source();
        Path dir = cacheRoot().resolve("otp" + erlang.otpRelease() + "-" + hash(source));
        if (Files.exists(dir.resolve(NAME + ".beam"))) {
            return dir;
        }
        try {
            Files.createDirectories(dir.getParent());
            Path work = Files.createTempDirectory(dir.getParent(), "compiling-");
            Path erl = work.resolve(NAME + ".erl");
            Files.write(erl, source);
            Path log = work.resolve("erlc.log");
            ChildRun run = ChildJvm.runCommand(List.of(erlang.erlc().toString(), "-o", work.toString(), erl.toString()),
                    log, COMPILE_DEADLINE, Progress.SILENT);
            if (run.outcome() != ChildOutcome.OK || !Files.exists(work.resolve(NAME + ".beam"))) {
                throw new ChildJvmException(ChildOutcome.FAILED, "erlc could not compile " + NAME + ".erl ("
                        + run.outcome().words() + "): " + (Files.exists(log) ? Files.readString(log).strip() : run.lastError()));
            }
            try {
                Files.move(work, dir, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException e) {
                // another JVM compiled it first: use theirs
            } catch (IOException e) {
                if (!Files.exists(dir.resolve(NAME + ".beam"))) {
                    throw e;
                }
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("could not compile the BEAM measurements into " + dir, e);
        }
    }

    static byte[] source() {
        try (InputStream in = BeamModule.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the toolkit jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path cacheRoot() {
        return Path.of(System.getProperty("java.io.tmpdir"), "loomlab-beam-" + System.getProperty("user.name", "user"));
    }

    private static String hash(byte[] source) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(source)).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
