package dev.loomlab.jvm;

import java.io.UncheckedIOException;
import dev.loomlab.util.Progress;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Starts a fresh JVM on the toolkit's class path, forwards its standard error line by line as it
 * comes, and kills it at its deadline: the caller always gets a {@link ChildRun} saying how it
 * ended (ok, killed at its deadline, out of memory, failed), never a hang. It knows nothing of
 * experiments; the toolkit's child mains run through it by the one child protocol
 * ({@link ChildCall}, {@link ChildSide}).
 */
public final class ChildJvm {

    private static final int TAIL_LINES = 40;
    /**
     * The exit code of a JVM stopped by {@code -XX:+ExitOnOutOfMemoryError} (every child gets it),
     * and of a child that reports running out of memory itself.
     */
    public static final int EXIT_ON_OUT_OF_MEMORY = 3;

    private ChildJvm() {}

    /**
     * Starts {@code java [flags] -cp <toolkit> mainClass args}, forwards its standard error to
     * {@code progress}, and waits at most {@code deadline}, then kills it.
     */
    public static ChildRun launch(String mainClass, List<String> args, List<String> jvmFlags, Duration deadline,
                                  Progress progress) {
        return launch(List.of(), mainClass, args, jvmFlags, deadline, progress);
    }

    /** The same with a class path of the caller's choice (e.g. a minimal one, for a footprint measurement). */
    public static ChildRun launch(String mainClass, List<String> args, List<String> jvmFlags, Duration deadline,
                                  Progress progress, String classPath) {
        return launch(List.of(), mainClass, args, jvmFlags, deadline, progress, classPath);
    }

    /**
     * As {@link #launch(String, List, List, Duration, Progress)}, with the java command run through
     * {@code wrapper} (e.g. a shell that moves itself into a cgroup, then execs the rest).
     */
    public static ChildRun launch(List<String> wrapper, String mainClass, List<String> args, List<String> jvmFlags,
                                  Duration deadline, Progress progress) {
        return launch(wrapper, mainClass, args, jvmFlags, deadline, progress, classPath());
    }

    /**
     * The flags every child JVM starts with, before the caller's: it exits on an OutOfMemoryError, its
     * "Terminating due to ...OutOfMemoryError" reaches the stderr tail, and its stderr is UTF-8 whatever
     * the locale, as it is read back ("µs" stays "µs").
     */
    public static final List<String> OWN_FLAGS = List.of("-XX:+ExitOnOutOfMemoryError", "-XX:+DisplayVMOutputToStderr",
            "-Dstderr.encoding=UTF-8");

    static ChildRun launch(List<String> wrapper, String mainClass, List<String> args, List<String> jvmFlags,
                           Duration deadline, Progress progress, String classPath) {
        List<String> command = new ArrayList<>(wrapper);
        command.add(javaExecutable());
        command.addAll(OWN_FLAGS);
        command.addAll(jvmFlags);
        command.add("-cp");
        command.add(classPath);
        command.add(mainClass);
        command.addAll(args);
        return runCommand(command, null, deadline, progress);
    }

    /**
     * Runs any {@code command} (a JVM, or a BEAM VM) the same way: standard output to {@code stdout}
     * (discarded when null), standard error forwarded to {@code progress} line by line, killed with
     * its descendants at {@code deadline}.
     */
    public static ChildRun runCommand(List<String> command, Path stdout, Duration deadline, Progress progress) {
        long start = System.nanoTime();
        Process process;
        try {
            process = new ProcessBuilder(command).redirectOutput(stdout == null ? ProcessBuilder.Redirect.DISCARD
                    : ProcessBuilder.Redirect.to(stdout.toFile())).start();
        } catch (IOException e) {
            throw new ChildJvmException(ChildOutcome.FAILED, "could not start " + command.get(0) + ": " + e.getMessage());
        }
        Deque<String> tail = new ArrayDeque<>();
        Thread reader = Thread.ofPlatform().daemon(true).name("loomlab-child-stderr").start(() -> {
            try (var in = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    synchronized (tail) {
                        tail.addLast(line);
                        if (tail.size() > TAIL_LINES) {
                            tail.removeFirst();
                        }
                    }
                    progress.say(line);
                }
            } catch (IOException ignored) {
                // the child is gone
            }
        });
        boolean finished;
        try {
            finished = process.waitFor(deadline.toMillis(), TimeUnit.MILLISECONDS);
            if (!finished) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
            reader.join(Duration.ofSeconds(5));
        } catch (InterruptedException e) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new ChildJvmException(ChildOutcome.FAILED, "interrupted while waiting for the child JVM; it was killed");
        } finally {
            try {
                process.getOutputStream().close();
            } catch (IOException ignored) {
                // closing our end tells the child to halt if it is somehow still there
            }
        }
        List<String> lines;
        synchronized (tail) {
            lines = List.copyOf(tail);
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        ChildOutcome outcome;
        int code = finished ? process.exitValue() : -1;
        if (!finished) {
            outcome = ChildOutcome.DEADLINE;
        } else if (code == EXIT_ON_OUT_OF_MEMORY || code != 0 && lines.stream().anyMatch(l -> l.contains("OutOfMemoryError"))) {
            // a child that caught an OutOfMemoryError, said so and ended normally has a result, not a failure
            outcome = ChildOutcome.OUT_OF_MEMORY;
        } else if (code != 0) {
            outcome = ChildOutcome.FAILED;
        } else {
            outcome = ChildOutcome.OK;
        }
        return new ChildRun(outcome, code, elapsed, lines, List.copyOf(command));
    }

    /**
     * The flags that run a child on {@code carriers} carriers: its virtual-thread scheduler's
     * parallelism, and a pool that may still grow past it when a carrier is pinned.
     */
    public static List<String> carrierFlags(int carriers) {
        if (carriers < 1) {
            throw new IllegalArgumentException("carriers must be at least 1, got " + carriers);
        }
        return List.of("-Djdk.virtualThreadScheduler.parallelism=" + carriers,
                "-Djdk.virtualThreadScheduler.maxPoolSize=" + Math.max(256, carriers));
    }

    /** The java of this JVM: a child runs on the same JDK as its parent. */
    static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Where the toolkit's classes are, plus this JVM's class path (tests run from classes): a child's default class path. */
    public static String classPath() {
        Set<String> entries = new LinkedHashSet<>();
        try {
            var source = ChildJvm.class.getProtectionDomain().getCodeSource();
            if (source != null) {
                entries.add(Path.of(source.getLocation().toURI()).toString());
            }
        } catch (URISyntaxException | RuntimeException ignored) {
            // fall back to java.class.path alone
        }
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                entries.add(entry);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    /**
     * The core module's classes alone, as Maven built them: {@code core/target/classes} when this
     * JVM runs from class directories (tests), {@code loomlab-core.jar} when it runs from it, and
     * from a shaded jar (the CLI's, the kernel's) the {@code core/target/loomlab-core.jar} built
     * beside it. A JVM that needs only the JDK and the core (the million-tasks child) runs on this
     * and never opens the 50 MB shaded jar; if no core jar is found, the shaded jar itself is used.
     */
    public static String coreClassPath() {
        Path source = codeSource();
        if (Files.isDirectory(source) || source.getFileName().toString().startsWith("loomlab-core")) {
            return source.toString();
        }
        Path dir = source.toAbsolutePath().getParent();
        for (Path candidate : List.of(dir.resolve(CORE_JAR), dir.resolve("../../core/target").resolve(CORE_JAR))) {
            if (Files.isRegularFile(candidate)) {
                return candidate.normalize().toString();
            }
        }
        return source.toString();
    }

    /** The core module's jar, as its pom names it. */
    static final String CORE_JAR = "loomlab-core.jar";

    /**
     * The jar of a module that only child JVMs load (e.g. {@code pekko}: {@code loomlab-pekko.jar},
     * the module's classes with its dependencies): the file the system property
     * {@link #moduleJarProperty} names when set, else the one beside the jar this JVM runs from,
     * else {@code <module>/target/} of the same checkout (as Maven builds it). Empty when none exists.
     */
    public static Optional<Path> moduleJar(String module) {
        String configured = System.getProperty(moduleJarProperty(module));
        if (configured != null) {
            Path jar = Path.of(configured);
            return Files.isRegularFile(jar) ? Optional.of(jar) : Optional.empty();
        }
        Path dir = codeSource().toAbsolutePath().getParent();
        String name = moduleJarName(module);
        for (Path candidate : List.of(dir.resolve(name), dir.resolve("../../" + module + "/target").resolve(name))) {
            if (Files.isRegularFile(candidate)) {
                return Optional.of(candidate.normalize());
            }
        }
        return Optional.empty();
    }

    /** The system property that names a module's jar explicitly: {@code loomlab.<module>.jar}. */
    public static String moduleJarProperty(String module) {
        return "loomlab." + module + ".jar";
    }

    /** Where {@link #moduleJar} looked, in words, for the error that says it found nothing. */
    public static String moduleJarWords(String module) {
        String configured = System.getProperty(moduleJarProperty(module));
        return configured != null ? "no " + moduleJarName(module) + " is at " + configured + " (-D" + moduleJarProperty(module) + ")"
                : "no " + moduleJarName(module) + " is built (" + module + "/target/ beside core/ and toolkit/)";
    }

    private static String moduleJarName(String module) {
        return "loomlab-" + module + ".jar";
    }

    private static Path codeSource() {
        try {
            return Path.of(ChildJvm.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            throw new IllegalStateException("cannot find where the core's classes are: " + e.getMessage(), e);
        }
    }

    /** A fresh temporary directory for a child's files. */
    public static Path tempDir() {
        try {
            return Files.createTempDirectory("loomlab-child-");
        } catch (IOException e) {
            throw new UncheckedIOException("could not create a temporary directory for the child JVM", e);
        }
    }

    /** Deletes a child's temporary directory, ignoring failures. */
    public static void deleteQuietly(Path dir) {
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temp dir left behind is harmless
        }
    }
}
