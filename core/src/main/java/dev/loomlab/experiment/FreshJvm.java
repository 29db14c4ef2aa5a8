package dev.loomlab.experiment;

import dev.loomlab.jvm.ChildJvm;
import dev.loomlab.jvm.ChildJvmException;
import dev.loomlab.jvm.ChildOutcome;
import dev.loomlab.jvm.ChildRun;
import dev.loomlab.measure.Cap;
import dev.loomlab.util.Durations;
import dev.loomlab.util.Progress;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs an experiment in a fresh JVM, the way the French article learned to: one VM per tier, so
 * that no tier profits or suffers from the one before, and nothing risky runs in the notebook's
 * own JVM. The child ({@link ChildMain}) gets the flags the experiment needs, writes its result as
 * JSON, and is killed at its deadline; the caller always gets a result or a clear error, never a
 * hang. The child's standard error (its progress) is forwarded line by line as it comes. A spec
 * of a kind that another runtime runs ({@link OtherRuntime}, e.g. BEAM) goes to that runtime, under
 * the same rules.
 */
public final class FreshJvm {

    private FreshJvm() {}

    /**
     * Runs {@code spec} in a fresh JVM.
     *
     * @throws IllegalArgumentException if the spec is invalid (checked here first, before any start)
     * @throws ChildJvmException        if the child failed, ran out of memory or overran its deadline
     */
    public static Measurement run(ExperimentSpec spec, Progress progress) {
        var other = OtherRuntime.forKind(spec.kind());
        if (other.isPresent()) {
            return other.get().run(spec, progress);
        }
        Experiment experiment = Experiments.named(spec.experiment());
        experiment.validate(spec);
        Path dir = ChildJvm.tempDir();
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
            ChildRun run = ChildJvm.launch(ChildMain.class.getName(), List.of(specFile.toString(), resultFile.toString()),
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
            ChildJvm.deleteQuietly(dir);
        }
    }

    /**
     * Checks {@code spec} as the runtime that will run it does (the experiment's own check, or
     * another runtime's for its kind), before anything starts.
     *
     * @throws IllegalArgumentException naming the problem
     */
    public static void validate(ExperimentSpec spec) {
        var other = OtherRuntime.forKind(spec.kind());
        if (other.isPresent()) {
            other.get().validate(spec);
        } else {
            Experiments.named(spec.experiment()).validate(spec);
        }
    }

    /**
     * Runs {@code spec} in a fresh JVM and always returns a measurement: the child's, or, when it
     * failed, ran out of memory, overran its deadline or was refused before it started, a
     * {@linkplain Measurement#failed failed row} whose outcome says which. This is the one way a
     * failed child becomes a row of a table, a report or a results file.
     */
    public static Measurement attempt(ExperimentSpec spec, Progress progress) {
        try {
            return run(spec, progress);
        } catch (ChildJvmException e) {
            String message = oneLine(e.getMessage());
            String words = e.outcome().words();
            return Measurement.failed(spec, message.startsWith(words) ? message : words + ": " + message);
        } catch (IllegalArgumentException e) {
            return Measurement.failed(spec, Measurement.NOT_RUN + ": " + oneLine(e.getMessage()));
        } catch (RuntimeException e) {
            return Measurement.failed(spec, "failed: " + e.getClass().getSimpleName() + ": " + oneLine(e.getMessage()));
        }
    }

    private static String oneLine(String message) {
        String m = message == null ? "" : message.replaceAll("\\s+", " ").trim();
        return m.length() > 300 ? m.substring(0, 297) + "..." : m;
    }
}
