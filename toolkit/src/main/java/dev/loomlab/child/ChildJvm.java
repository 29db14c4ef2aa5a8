package dev.loomlab.child;

import dev.loomlab.beam.BeamRunner;
import dev.loomlab.experiment.Experiment;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Progress;
import dev.loomlab.measure.Cap;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
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
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Runs an experiment in a fresh JVM, the way the French article learned to: one VM per tier, so
 * that no tier profits or suffers from the one before, and nothing risky runs in the notebook's
 * own JVM. The child gets the flags the experiment needs, writes its result as JSON, and is
 * killed at its deadline; the caller always gets a result or a clear error, never a hang.
 * The child's standard error (its progress) is forwarded line by line as it comes. A spec of kind
 * {@code beam} runs in a fresh BEAM VM instead ({@link BeamRunner}), under the same rules.
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
     * Runs {@code spec} in a fresh JVM.
     *
     * @throws IllegalArgumentException if the spec is invalid (checked here first, before any start)
     * @throws ChildJvmException        if the child failed, ran out of memory or overran its deadline
     */
    public static Measurement run(ExperimentSpec spec, Progress progress) {
        if (spec.kind() == Kind.BEAM) {
            return BeamRunner.run(spec, progress);
        }
        Experiment experiment = Experiments.named(spec.experiment());
        experiment.validate(spec);
        Path dir = tempDir();
        try {
            Path specFile = dir.resolve("spec.json");
            Path resultFile = dir.resolve("result.json");
            Files.writeString(specFile, SpecJson.write(spec));
            List<String> flags = new ArrayList<>(experiment.jvmFlags(spec));
            flags.add("-D" + Cap.PROPERTY + "=" + Cap.current());
            flags.addAll(spec.jvmFlags());
            Progress forward = line -> {
                if (!line.startsWith(ChildRun.ERROR_PREFIX)) {
                    progress.say(line); // its one-line error is the exception's message, not progress
                }
            };
            ChildRun run = launch(ChildMain.class.getName(), List.of(specFile.toString(), resultFile.toString()),
                    flags, spec.deadline(), forward);
            String what = String.format("the child JVM for %s (kind %s, n=%,d)", spec.experiment(), spec.kind().label(), spec.n());
            String said = String.format("%s (kind %s, n=%,d): ", spec.experiment(), spec.kind().label(), spec.n());
            switch (run.outcome()) {
                case DEADLINE -> throw new ChildJvmException(run.outcome(), what + " did not finish within "
                        + Durations.format(spec.deadline()) + " and was killed: raise the deadline (--deadline) or lower n");
                case OUT_OF_MEMORY -> throw new ChildJvmException(run.outcome(), run.outcome().words() + ": "
                        + run.reportedError().map(e -> said + e).orElse(what + " " + run.outOfMemory()));
                case FAILED -> throw new ChildJvmException(run.outcome(), run.reportedError().map(e -> said + e)
                        .or(() -> run.killedBySignal().map(k -> what + " " + k))
                        .orElse(what + " failed with exit code " + run.exitCode() + ": " + run.lastError()));
                case OK -> {
                    if (!Files.exists(resultFile)) {
                        throw new ChildJvmException(ChildOutcome.FAILED, what + " exited without writing its result");
                    }
                    return Measurement.fromJson(Files.readString(resultFile));
                }
            }
            throw new AssertionError(run.outcome());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            deleteQuietly(dir);
        }
    }

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

    private static ChildRun launch(List<String> wrapper, String mainClass, List<String> args, List<String> jvmFlags,
                                   Duration deadline, Progress progress, String classPath) {
        List<String> command = new ArrayList<>(wrapper);
        command.add(javaExecutable());
        command.add("-XX:+ExitOnOutOfMemoryError");
        command.add("-XX:+DisplayVMOutputToStderr"); // its "Terminating due to ...OutOfMemoryError" reaches the tail
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
        } else if (code == EXIT_ON_OUT_OF_MEMORY || lines.stream().anyMatch(l -> l.contains("OutOfMemoryError"))) {
            outcome = ChildOutcome.OUT_OF_MEMORY;
        } else if (code != 0) {
            outcome = ChildOutcome.FAILED;
        } else {
            outcome = ChildOutcome.OK;
        }
        return new ChildRun(outcome, code, elapsed, lines, List.copyOf(command));
    }

    /** The java of this JVM: a child runs on the same JDK as its parent. */
    static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Where the toolkit's classes are, plus this JVM's class path (tests run from classes). */
    static String classPath() {
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

    private static Path tempDir() {
        try {
            return Files.createTempDirectory("loomlab-child-");
        } catch (IOException e) {
            throw new UncheckedIOException("could not create a temporary directory for the child JVM", e);
        }
    }

    private static void deleteQuietly(Path dir) {
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temp dir left behind is harmless
        }
    }
}
