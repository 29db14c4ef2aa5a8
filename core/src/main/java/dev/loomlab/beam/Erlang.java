package dev.loomlab.beam;

import dev.loomlab.jvm.ChildJvm;
import dev.loomlab.jvm.ChildJvmException;
import dev.loomlab.jvm.ChildOutcome;
import dev.loomlab.jvm.ChildRun;
import dev.loomlab.util.Progress;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The Erlang installation the BEAM measurements run on: where {@code erl} is, and which OTP
 * release and how many schedulers it has. {@code erl} is {@code -Dloomlab.erl}, else
 * {@code $LOOMLAB_ERL}, else the first {@code erl} on {@code PATH}; {@code erlc} sits beside it.
 * The version probe starts one {@code erl} per path and JVM and is cached, so asking is cheap.
 *
 * @param erl          the {@code erl} launcher
 * @param otpRelease   e.g. {@code 25}
 * @param erts         the runtime system's version, e.g. {@code 13.1.5}
 * @param schedulers   scheduler threads a default VM starts (one per processor it sees)
 * @param processLimit a default VM's {@code +P}
 */
public record Erlang(Path erl, int otpRelease, String erts, int schedulers, int processLimit) {

    /** The property that names the {@code erl} to use. */
    public static final String PROPERTY = "loomlab.erl";
    /** The one line that says how to get Erlang. */
    public static final String HOW_TO_INSTALL =
            "install Erlang: sudo apt-get install erlang-nox (Debian/Ubuntu), or conda install -c conda-forge erlang";
    /** The oldest OTP release the measurements run on ({@code atomics} came in OTP 21.2). */
    public static final int MINIMUM_RELEASE = 22;

    private static final Duration PROBE_DEADLINE = Duration.ofSeconds(20);
    private static final Map<Path, Optional<Erlang>> PROBED = new ConcurrentHashMap<>();

    /** The Erlang found where the property, the environment or {@code PATH} says, if it runs. */
    public static Optional<Erlang> installed() {
        return locate().flatMap(erl -> PROBED.computeIfAbsent(erl, Erlang::probe));
    }

    /** The Erlang to measure on, or an error whose message says how to install it. */
    public static Erlang require() {
        return installed().orElseThrow(() -> new ChildJvmException(ChildOutcome.FAILED, missing()));
    }

    /** "Erlang is not installed (no erl ...): install ...", one line. */
    public static String missing() {
        String where = System.getProperty(PROPERTY, System.getenv("LOOMLAB_ERL"));
        return "Erlang is not installed (" + (where != null ? "no working erl at " + where : "no erl on PATH")
                + "), so there is no BEAM here: " + HOW_TO_INSTALL;
    }

    /** Refuses an experiment this release is too old for, naming both versions. */
    public void requireRelease(String experiment, int minimum) {
        if (otpRelease < minimum) {
            throw new ChildJvmException(ChildOutcome.FAILED, String.format(
                    "%s on BEAM needs Erlang/OTP %d or later; %s is OTP %d: install a newer Erlang (%s)",
                    experiment, minimum, erl, otpRelease, HOW_TO_INSTALL));
        }
    }

    /** {@code erlc}, beside {@code erl} (both are in Debian's erlang-nox and conda's erlang). */
    public Path erlc() {
        return erl.resolveSibling("erlc");
    }

    /** "Erlang/OTP 25 (erts 13.1.5), 2 schedulers by default", for tables and progress lines. */
    public String oneLine() {
        return String.format("Erlang/OTP %d (erts %s), %d scheduler%s by default", otpRelease, erts, schedulers,
                schedulers == 1 ? "" : "s");
    }

    static Optional<Path> locate() {
        String configured = System.getProperty(PROPERTY, System.getenv("LOOMLAB_ERL"));
        if (configured != null && !configured.isBlank()) {
            Path erl = Path.of(configured.trim());
            return Files.isExecutable(erl) ? Optional.of(erl.toAbsolutePath()) : Optional.empty();
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path erl = Path.of(dir.isEmpty() ? "." : dir, "erl");
            if (Files.isExecutable(erl)) {
                return Optional.of(erl.toAbsolutePath());
            }
        }
        return Optional.empty();
    }

    /** Starts {@code erl} once and reads its release, erts version, schedulers and process limit. */
    static Optional<Erlang> probe(Path erl) {
        try {
            Path out = Files.createTempFile("loomlab-erl-", ".txt");
            try {
                ChildRun run = ChildJvm.runCommand(List.of(erl.toString(), "-noinput", "-eval",
                        "io:format(\"~s ~s ~b ~b~n\", [erlang:system_info(otp_release), erlang:system_info(version),"
                                + " erlang:system_info(schedulers), erlang:system_info(process_limit)]), halt()."),
                        out, PROBE_DEADLINE, Progress.SILENT);
                return run.outcome() == ChildOutcome.OK ? parse(erl, Files.readString(out)) : Optional.empty();
            } finally {
                Files.deleteIfExists(out);
            }
        } catch (IOException | ChildJvmException e) {
            return Optional.empty();
        }
    }

    /** Reads the probe's line, {@code "25 13.1.5 2 262144"}. */
    static Optional<Erlang> parse(Path erl, String line) {
        String[] parts = line.trim().split("\\s+");
        if (parts.length != 4) {
            return Optional.empty();
        }
        try {
            return Optional.of(new Erlang(erl, Integer.parseInt(parts[0].replaceAll("\\D.*", "")), parts[1],
                    Integer.parseInt(parts[2]), Integer.parseInt(parts[3])));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
