package dev.loomlab.experiment;

import dev.loomlab.view.Grid;
import dev.loomlab.util.Progress;
import dev.loomlab.process.Pid;
import dev.loomlab.process.ProcessLimit;
import dev.loomlab.process.ProcessLimitException;
import dev.loomlab.process.Processes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The process limit, hit on purpose: spawn up to n processes under a limit set when the JVM
 * starts ({@code --process-limit}, BEAM's {@code +P}) and record where spawning was refused and
 * what the error said. The article lowered {@code +P} to 1,024 and saw the count stop exactly there.
 */
public final class LimitExperiment extends NamedExperiment {

    LimitExperiment() {
        super("limit",
                "spawn n processes under the process limit (--process-limit): where it stops and what it says",
                "liveProcesses");
    }

    /** Measured once per JVM: not a timing to warm up. */
    @Override
    public boolean timed() {
        return false;
    }

    @Override
    public boolean hasBaseline() {
        return false;
    }

    @Override
    public long bytesPerUnit(ExperimentSpec spec) {
        return 1_000;
    }

    @Override
    public Map<String, Double> runOnce(ExperimentSpec spec, Progress progress) throws Exception {
        List<Pid> pids = new ArrayList<>();
        String error = NOT_REACHED;
        try {
            try {
                for (long i = 0; i < spec.n(); i++) {
                    pids.add(Processes.spawn(self -> self.receive()));
                }
            } catch (ProcessLimitException e) {
                error = e.getMessage();
            }
            Map<String, Double> metrics = new LinkedHashMap<>();
            metrics.put("processLimit", (double) Processes.limit());
            metrics.put("attempted", (double) spec.n());
            metrics.put("liveProcesses", (double) Processes.live());
            metrics.put("refused", error.equals(NOT_REACHED) ? 0.0 : 1.0);
            lastError = error;
            return metrics;
        } finally {
            Processes.killAll(pids, Duration.ofSeconds(30));
        }
    }

    /**
     * The two defaults side by side, as the lowered limits are in the table: the toolkit's
     * {@link ProcessLimit#DEFAULT} and BEAM's published default {@code +P}.
     */
    static String defaults() {
        String beam = dev.loomlab.published.PublishedFigures.of("limit", "processLimit").stream()
                .filter(f -> f.source().equals("un-million") && f.n() == null).findFirst()
                .map(f -> Grid.print(f.value())).orElse("?");
        return String.format("defaults, compared the same way: the toolkit's %,d (2^20) against BEAM's %s (+P); the table "
                + "compares the lowered limits, ours against the article's +P 1024", ProcessLimit.DEFAULT, beam);
    }

    /** The error of a run that spawned all it was asked for. */
    private static final String NOT_REACHED = "none: the limit was not reached";

    /** The error of the last run in this JVM, reported in the notes. */
    private static volatile String lastError = "";

    /**
     * The error's own words, how the limit is set where no error said so (nothing was refused), and
     * the two defaults.
     */
    @Override
    public List<String> notes(ExperimentSpec spec) {
        return lastError.equals(NOT_REACHED)
                ? List.of("the error: " + lastError,
                        "the limit is fixed when the JVM starts: -Dloomlab.processLimit=N, or --process-limit N on the command line",
                        defaults())
                : List.of("the error: " + lastError, defaults());
    }
}
