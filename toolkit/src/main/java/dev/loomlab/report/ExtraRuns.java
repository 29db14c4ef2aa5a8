package dev.loomlab.report;

import dev.loomlab.util.Durations;
import dev.loomlab.util.Progress;
import dev.loomlab.load.LoadResult;
import dev.loomlab.load.LoadRunner;
import dev.loomlab.load.LoadSpec;
import dev.loomlab.supervise.RestartIntensity;
import dev.loomlab.supervise.SupervisionDemo;
import dev.loomlab.supervise.SupervisionReport;
import java.time.Duration;

/**
 * Runs the report's two experiments whose results are not measurements, each guarded: a failure
 * becomes the reason in {@link ReportExtras} and the report goes on. {@code load} runs one fresh
 * JVM per row, each with its own deadline (starvation is a row, not a failure); {@code supervise}
 * runs in this JVM and ends by giving up, which is its expected result.
 */
final class ExtraRuns {

    /** Runs a load spec; {@link LoadRunner#run} in a report, something that fails in a test. */
    interface LoadRun {
        LoadResult run(LoadSpec spec, Progress progress);
    }

    /** The article's intensity: 3 restarts in 60 s. */
    static final RestartIntensity SUPERVISE_INTENSITY = RestartIntensity.of(3, Duration.ofSeconds(60));
    /** One kill more than the intensity allows, so the supervisor gives up. */
    static final int SUPERVISE_KILLS = 4;

    private ExtraRuns() {}

    static ReportExtras load(ReportExtras extras, LoadSpec spec, LoadRun runner, String prefix, Progress progress) {
        progress.say(prefix + String.format("load %d kinds x loops %s, %,d round trips, up to %s per row, a fresh JVM per row ...",
                spec.kinds().size(), spec.loops(), spec.rounds(), Durations.format(spec.deadline())));
        long start = System.nanoTime();
        try {
            LoadResult result = runner.run(spec, line -> progress.say("       | " + line));
            long starved = result.rows().stream().filter(r -> !r.completed()).count();
            progress.say(String.format("       ok in %.1f s: %d rows, %d without a full result (starved or killed)",
                    seconds(start), result.rows().size(), starved));
            return extras.withLoad(result, null);
        } catch (RuntimeException e) {
            return extras.withLoad(null, failed(e, start, progress));
        }
    }

    static ReportExtras supervise(ReportExtras extras, String prefix, Progress progress) {
        progress.say(prefix + "supervise " + SUPERVISE_INTENSITY + ", " + SUPERVISE_KILLS + " kills, in this JVM ...");
        long start = System.nanoTime();
        try {
            SupervisionReport result = SupervisionDemo.run(SUPERVISE_INTENSITY, SUPERVISE_KILLS, line -> progress.say("       | " + line));
            progress.say(String.format("       ok in %.1f s: %d restarts, %s", seconds(start), result.restarts(),
                    result.gaveUp() ? "then the supervisor gave up (as expected)" : "and the supervisor did not give up"));
            return extras.withSupervise(result, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return extras.withSupervise(null, failed(e, start, progress));
        } catch (RuntimeException e) {
            return extras.withSupervise(null, failed(e, start, progress));
        }
    }

    private static String failed(Exception e, long start, Progress progress) {
        String why = String.format("failed after %.1f s: %s: %s", seconds(start), e.getClass().getSimpleName(), e.getMessage());
        progress.say("       FAILED: " + why + " (the report goes on)");
        return why;
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
