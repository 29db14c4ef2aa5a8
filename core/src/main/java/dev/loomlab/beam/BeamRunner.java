package dev.loomlab.beam;

import dev.loomlab.jvm.ChildJvm;
import dev.loomlab.jvm.ChildRun;
import dev.loomlab.util.Durations;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.util.Progress;
import dev.loomlab.measure.Env;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one experiment on BEAM: a fresh {@code erl} per measurement, with the articles' flags,
 * killed at the spec's deadline like a child JVM. A VM that crashed, hit {@code system_limit} or
 * overran its deadline comes back as a {@link Measurement} whose outcome says so; only a missing
 * or too old Erlang is an error (its message says how to install one).
 */
public final class BeamRunner {

    private BeamRunner() {}

    /**
     * Measures {@code spec} (kind {@code beam}) in a fresh BEAM VM.
     *
     * @throws IllegalArgumentException if the experiment has no BEAM version or the spec is invalid
     * @throws dev.loomlab.jvm.ChildJvmException if Erlang is missing or too old
     */
    public static Measurement run(ExperimentSpec spec, Progress progress) {
        validate(spec);
        Erlang erlang = Erlang.require();
        erlang.requireRelease(spec.experiment(), Erlang.MINIMUM_RELEASE);
        Path ebin = BeamModule.compiled(erlang);
        List<String> command = command(erlang.erl(), ebin, BeamExperiments.flags(spec), BeamExperiments.arguments(spec));
        progress.say(String.format("%s on BEAM (%s), n=%,d, in a fresh VM, deadline %s", spec.experiment(),
                erlang.oneLine(), spec.n(), Durations.format(spec.deadline())));
        return run(spec, command, progress);
    }

    /** Checks the spec before any VM starts, with the JVM experiment's own limits (cap, sizes). */
    public static void validate(ExperimentSpec spec) {
        BeamExperiments.check(spec.experiment());
        Experiments.named(spec.experiment()).validate(spec.withKind(Kind.PROCESS));
        if (BeamExperiments.processLimit(spec) < 1_024) {
            throw new IllegalArgumentException("BEAM's +P is at least 1,024 (erl refuses less), got "
                    + BeamExperiments.processLimit(spec));
        }
    }

    /** {@code erl -noinput <flags> -pa <ebin> -eval "loomlab_beam:main()" -extra <arguments>}. */
    static List<String> command(Path erl, Path ebin, List<String> flags, List<String> arguments) {
        List<String> command = new ArrayList<>(List.of(erl.toString(), "-noinput"));
        command.addAll(flags);
        command.addAll(List.of("-env", "ERL_CRASH_DUMP_BYTES", "0", "-pa", ebin.toString(),
                "-eval", BeamModule.NAME + ":main()", "-extra"));
        command.addAll(arguments);
        return command;
    }

    /** Runs {@code command} and turns whatever happened into a measurement. */
    static Measurement run(ExperimentSpec spec, List<String> command, Progress progress) {
        Env env = Env.current();
        Printed done = runPrinting(command, spec.deadline(), progress);
        ChildRun run = done.run();
        List<String> notes = List.of("command: " + String.join(" ", command));
        return switch (run.outcome()) {
            case DEADLINE -> BeamResults.failed(spec, env, "killed at its deadline: the BEAM VM did not finish within "
                    + Durations.format(spec.deadline()) + " (raise --deadline or lower n)", notes);
            case OK -> done.stdout().isEmpty()
                    ? BeamResults.failed(spec, env, "failed: the BEAM VM exited without a result: " + run.lastError(), notes)
                    : readOrFail(spec, env, done.stdout(), notes);
            default -> BeamResults.failed(spec, env, "crashed: the BEAM VM exited with code " + run.exitCode()
                    + (run.lastError().isEmpty() ? "" : ": " + run.lastError()), notes);
        };
    }

    /** How a VM ended and what it printed on standard output (stripped). */
    record Printed(ChildRun run, String stdout) {}

    /** Runs {@code command} with its standard output in a temporary file, killed at {@code deadline}. */
    static Printed runPrinting(List<String> command, Duration deadline, Progress progress) {
        Path out = null;
        try {
            out = Files.createTempFile("loomlab-beam-", ".json");
            ChildRun run = ChildJvm.runCommand(command, out, deadline, progress);
            return new Printed(run, Files.readString(out).strip());
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the BEAM VM's output", e);
        } finally {
            if (out != null) {
                try {
                    Files.deleteIfExists(out);
                } catch (IOException ignored) {
                    // a temp file left behind is harmless
                }
            }
        }
    }

    private static Measurement readOrFail(ExperimentSpec spec, Env env, String printed, List<String> notes) {
        try {
            return BeamResults.measurement(spec, env, printed);
        } catch (IllegalArgumentException e) {
            return BeamResults.failed(spec, env, "failed: " + e.getMessage(), notes);
        }
    }
}
