package dev.loomlab.beam;

import dev.loomlab.jvm.ChildJvmException;
import dev.loomlab.jvm.ChildRun;
import dev.loomlab.util.Durations;
import dev.loomlab.util.Progress;
import dev.loomlab.load.LoadRow;
import dev.loomlab.load.LoadSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One row of the load experiment on BEAM: the German article's script in a fresh {@code erl}, with
 * {@code +S p} for {@code --parallelism p} ({@code +S 1} as the article forced one scheduler),
 * k busy processes, an echo, and timed round trips until done or the row's deadline. The busy
 * processes' work is read in reductions. A VM that is missing, crashes or overruns gives a row that
 * says so, never a hang.
 */
public final class BeamLoad {

    /** Beyond the row's own deadline: VM start, warm-up, rate window and printing the result. */
    static final Duration ALLOWANCE = Duration.ofSeconds(15);

    private BeamLoad() {}

    /** The row for {@code loops} busy processes under {@code spec}. */
    public static LoadRow row(LoadSpec spec, int loops, Progress progress) {
        int processors = Runtime.getRuntime().availableProcessors();
        Erlang erlang;
        try {
            erlang = Erlang.require();
            erlang.requireRelease("load", Erlang.MINIMUM_RELEASE);
        } catch (ChildJvmException e) {
            return noResult(loops, spec, processors, LoadRow.FAILED, 0, e.getMessage());
        }
        List<String> flags = new ArrayList<>();
        if (spec.parallelism() > 0) {
            flags.addAll(List.of("+S", Integer.toString(spec.parallelism())));
        }
        List<String> command = BeamRunner.command(erlang.erl(), BeamModule.compiled(erlang), flags,
                List.of("load", Integer.toString(loops), "0", "1", "rounds=" + spec.rounds(),
                        "deadlineMillis=" + spec.deadline().toMillis()));
        Duration hard = spec.deadline().plus(ALLOWANCE);
        BeamRunner.Printed done = BeamRunner.runPrinting(command, hard, progress);
        ChildRun run = done.run();
        return switch (run.outcome()) {
            case OK -> done.stdout().isEmpty()
                    ? noResult(loops, spec, processors, LoadRow.FAILED, run.elapsed().toMillis(),
                            "the BEAM VM exited without its row: " + run.lastError())
                    : readOrFail(done.stdout(), loops, spec, processors, run);
            case DEADLINE -> noResult(loops, spec, processors, LoadRow.KILLED, run.elapsed().toMillis(),
                    "the BEAM VM did not report within " + Durations.format(hard) + " and was killed");
            default -> noResult(loops, spec, processors, LoadRow.FAILED, run.elapsed().toMillis(),
                    "the BEAM VM exited with code " + run.exitCode() + ": " + run.lastError());
        };
    }

    private static LoadRow readOrFail(String printed, int loops, LoadSpec spec, int processors, ChildRun run) {
        try {
            return BeamResults.loadRow(printed, processors);
        } catch (IllegalArgumentException e) {
            return noResult(loops, spec, processors, LoadRow.FAILED, run.elapsed().toMillis(), e.getMessage());
        }
    }

    /** A row with no figures: nothing is known, not even whether it would have starved. */
    static LoadRow noResult(int loops, LoadSpec spec, int processors, String status, long waitedMillis, String detail) {
        return new LoadRow(BeamResults.KIND, loops, spec.parallelism(), processors, status, false, waitedMillis, 0,
                spec.rounds(), Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                List.of(), detail);
    }
}
