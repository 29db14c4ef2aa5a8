package dev.loomlab.fresh;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.loomlab.jvm.ChildEnding;
import dev.loomlab.jvm.ChildJvm;
import dev.loomlab.jvm.ChildJvmException;
import dev.loomlab.jvm.ChildRun;
import dev.loomlab.measure.Cap;
import dev.loomlab.util.Durations;
import dev.loomlab.util.Json;
import dev.loomlab.util.Progress;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Java code (JShell snippets) run in a brand-new JVM: the toolkit on its class path, jshell's
 * {@code DEFAULT} imports and the startup file ({@code notebooks/loomlab.jsh}, from
 * {@value JShellCells#PROPERTY}) evaluated first, as in the kernel and in {@code ./loomlab jshell}.
 * What the code prints streams back line by line as it comes; its last value comes back as the
 * kernel shows values (a toolkit table as HTML); a compile error or an exception comes back as the
 * kernel's errors read. The JVM is killed at its deadline (2 minutes unless told), and nothing it
 * started outlives it. Immutable: each option returns a new runner.
 *
 * <pre>
 * FreshJava.of("Runtime.getRuntime().maxMemory()").jvmOpt("-Xmx256m").deadline("10s").run()
 * </pre>
 */
public final class FreshJava {

    /** The deadline when none is given. */
    public static final Duration DEFAULT_DEADLINE = Duration.ofMinutes(2);

    private final String code;
    private final List<String> jvmOpts;
    private final Duration deadline;
    private final int carriers;
    private final Path startup;

    private FreshJava(String code, List<String> jvmOpts, Duration deadline, int carriers, Path startup) {
        this.code = code;
        this.jvmOpts = List.copyOf(jvmOpts);
        this.deadline = deadline;
        this.carriers = carriers;
        this.startup = startup;
    }

    /** {@code code}, with the configured startup file, the default deadline, the JVM's default carriers. */
    public static FreshJava of(String code) {
        return new FreshJava(code, List.of(), DEFAULT_DEADLINE, 0, JShellCells.configuredStartup());
    }

    /** The same with more JVM flags (e.g. {@code -Xmx256m}), after the ones given before. */
    public FreshJava jvmOpt(String... flags) {
        List<String> all = new ArrayList<>(jvmOpts);
        all.addAll(List.of(flags));
        return new FreshJava(code, all, deadline, carriers, startup);
    }

    /** The same, killed after {@code limit}. */
    public FreshJava deadline(Duration limit) {
        if (limit.isNegative() || limit.isZero()) {
            throw new IllegalArgumentException("a deadline must be positive, got " + limit);
        }
        return new FreshJava(code, jvmOpts, limit, carriers, startup);
    }

    /** The same, killed after {@code limit} as people write it: {@code 500ms}, {@code 30s}, {@code 2m}. */
    public FreshJava deadline(String limit) {
        return deadline(Durations.parse(limit));
    }

    /** The same on {@code n} carriers: the virtual-thread scheduler's parallelism. */
    public FreshJava carriers(int n) {
        ChildJvm.carrierFlags(n); // refuses n < 1, saying so
        return new FreshJava(code, jvmOpts, deadline, n, startup);
    }

    /** The same with {@code file} evaluated before the code ({@code null} for jshell's DEFAULT alone). */
    public FreshJava startup(Path file) {
        return new FreshJava(code, jvmOpts, deadline, carriers, file);
    }

    /** The deadline it will be killed at. */
    public Duration deadline() {
        return deadline;
    }

    /** Runs it, printing what the code prints to this JVM's {@code System.out} and {@code System.err}. */
    public FreshRun run() {
        return run(line -> System.out.println(line), line -> System.err.println(line));
    }

    /**
     * Runs it; each line the code prints goes to {@code out} or {@code err} as it comes (the JVM's
     * own messages go to {@code err}).
     *
     * @throws ChildJvmException if the JVM could not start, or this thread was interrupted (the JVM is then killed)
     */
    public FreshRun run(Progress out, Progress err) {
        Path dir = ChildJvm.tempDir();
        try {
            Path specFile = dir.resolve("spec.json");
            Path resultFile = dir.resolve("result.json");
            Files.writeString(specFile, Json.MAPPER.writeValueAsString(
                    new FreshJavaMain.Spec(code, startup == null ? null : startup.toAbsolutePath().toString())));
            Progress sort = line -> {
                if (line.startsWith(FreshJavaMain.OUT)) {
                    out.say(line.substring(FreshJavaMain.OUT.length()));
                } else if (line.startsWith(FreshJavaMain.ERR)) {
                    err.say(line.substring(FreshJavaMain.ERR.length()));
                } else {
                    err.say(line);
                }
            };
            ChildRun run = ChildJvm.launch(FreshJavaMain.class.getName(),
                    List.of(specFile.toString(), resultFile.toString()), flags(), deadline, sort);
            if (run.outcome() == dev.loomlab.jvm.ChildOutcome.OK && Files.exists(resultFile)) {
                return Json.MAPPER.readValue(Files.readString(resultFile), FreshJavaMain.Written.class).run();
            }
            ChildEnding ending = new ChildEnding("the fresh JVM", "",
                    "give it a longer deadline, or make the code finish sooner");
            ChildJvmException failure = ending.failure(run, deadline).orElseGet(ending::noResult);
            return FreshRun.failed(CellError.of(ChildJvmException.class.getName(), ChildEnding.row(failure)));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("could not read the fresh JVM's result", e);
        } catch (IOException e) {
            throw new UncheckedIOException("could not pass the code to the fresh JVM", e);
        } finally {
            ChildJvm.deleteQuietly(dir);
        }
    }

    /**
     * Headless AWT (charts), this JVM's process cap (a helper called there refuses what it refuses
     * here), quiet about Tablesaw's use of sun.misc.Unsafe, the carriers, then the caller's flags.
     */
    private List<String> flags() {
        List<String> flags = new ArrayList<>(List.of("-Djava.awt.headless=true", "-D" + Cap.PROPERTY + "=" + Cap.current()));
        if (Runtime.version().feature() >= 24) {
            flags.add("--sun-misc-unsafe-memory-access=allow");
        }
        if (carriers > 0) {
            flags.addAll(ChildJvm.carrierFlags(carriers));
        }
        flags.addAll(jvmOpts);
        return flags;
    }
}
