package dev.loomlab.load;

import dev.loomlab.experiment.Kind;
import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.jvm.ChildJvm;
import dev.loomlab.jvm.ChildRun;
import dev.loomlab.util.Durations;
import dev.loomlab.util.Progress;
import dev.loomlab.measure.Env;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Runs the load experiment the only safe way: each row (kind × loop count) in its own fresh JVM,
 * because a JVM whose carriers a busy loop holds must be thrown away. The child reports its row
 * itself, from a platform thread, even when starved (see {@link LoadChildMain}); if it cannot, it
 * is killed at a hard deadline and its row says {@code killed}. Either way the caller gets every
 * row back, in order, and no child outlives the call.
 */
public final class LoadRunner {

    /** Beyond the row's own deadline: JVM start, warm-up, rate window and writing the result. */
    static final Duration CHILD_ALLOWANCE = Duration.ofSeconds(15);

    private LoadRunner() {}

    /** Runs every row of {@code spec}, one fresh JVM each; progress lines go to {@code progress}. */
    public static LoadResult run(LoadSpec spec, Progress progress) {
        List<LoadRow> rows = new ArrayList<>();
        Set<String> pinnings = new LinkedHashSet<>();
        Env childEnv = null;
        int total = spec.kinds().size() * spec.loops().size();
        for (Kind kind : spec.kinds()) {
            for (int loops : spec.loops()) {
                progress.step(rows.size(), total, String.format("load: %s, %d busy loop%s, %s, up to %s for %,d round trips, in a fresh %s",
                        kind.label(), loops, loops == 1 ? "" : "s", carriers(spec),
                        Durations.format(spec.deadline()), spec.rounds(), kind == Kind.BEAM ? "BEAM VM" : "JVM"));
                RowAndEnv got;
                if (kind == Kind.BEAM) {
                    got = runRow(spec, kind, loops, List.of(), progress);
                } else {
                    try (CpuPinning.Pin pin = CpuPinning.pin(spec.cpus())) {
                        pinnings.add(pin.description());
                        got = runRow(spec, kind, loops, pin.wrapper(), progress);
                    }
                }
                rows.add(got.row());
                if (childEnv == null) {
                    childEnv = got.env();
                }
            }
        }
        pinnings.remove("");
        return new LoadResult(spec, childEnv != null ? childEnv : Env.current(), childEnv != null, rows, String.join("; ", pinnings));
    }

    private record RowAndEnv(LoadRow row, Env env) {}

    private static RowAndEnv runRow(LoadSpec spec, Kind kind, int loops, List<String> pinWrapper, Progress progress) {
        var other = OtherRuntimeLoad.forKind(kind);
        if (other.isPresent()) {
            return new RowAndEnv(other.get().row(spec, loops, line -> progress.say("  " + line)), null);
        }
        Path dir;
        try {
            dir = Files.createTempDirectory("loomlab-load-");
        } catch (IOException e) {
            throw new UncheckedIOException("could not create a temporary directory for the child JVM", e);
        }
        Path resultFile = dir.resolve("row.json");
        try {
            List<String> flags = new ArrayList<>(spec.schedulerFlags());
            flags.addAll(spec.jvmFlags());
            Duration hard = spec.deadline().plus(LoadTier.WARM_UP).plus(CHILD_ALLOWANCE);
            long[] doneSoFar = {0};
            ChildRun run = ChildJvm.launch(pinWrapper, LoadChildMain.class.getName(),
                    LoadChildMain.args(resultFile, kind, loops, spec.rounds(), spec.deadline()), flags, hard,
                    line -> {
                        if (line.startsWith(LoadChildMain.DONE_PREFIX)) {
                            doneSoFar[0] = Long.parseLong(line.substring(LoadChildMain.DONE_PREFIX.length()).trim());
                        } else {
                            progress.say("  " + line);
                        }
                    });
            int carriers = spec.parallelism() > 0 ? spec.parallelism() : Runtime.getRuntime().availableProcessors();
            return switch (run.outcome()) {
                case OK -> read(resultFile, kind, loops, carriers, spec.rounds(), run);
                case DEADLINE -> new RowAndEnv(LoadRow.killed(kind, loops, carriers, spec.rounds(), run.elapsed().toMillis(),
                        doneSoFar[0], "the child JVM did not report within " + Durations.format(hard) + " and was killed; "
                                + String.format("%,d of %,d round trips were done by then", doneSoFar[0], spec.rounds())), null);
                case OUT_OF_MEMORY -> new RowAndEnv(LoadRow.noResult(kind, loops, carriers, spec.rounds(), LoadRow.FAILED,
                        run.elapsed().toMillis(), "out of memory: " + run.lastError()), null);
                case FAILED -> new RowAndEnv(LoadRow.noResult(kind, loops, carriers, spec.rounds(), LoadRow.FAILED,
                        run.elapsed().toMillis(), "exit code " + run.exitCode() + ": " + run.lastError()), null);
            };
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : files.toList()) {
                    Files.deleteIfExists(p);
                }
                Files.deleteIfExists(dir);
            } catch (IOException ignored) {
                // a temp dir left behind is harmless
            }
        }
    }

    private static RowAndEnv read(Path file, Kind kind, int loops, int carriers, int rounds, ChildRun run) {
        if (!Files.exists(file)) {
            return new RowAndEnv(LoadRow.noResult(kind, loops, carriers, rounds, LoadRow.FAILED, run.elapsed().toMillis(),
                    "the child JVM exited without writing its row: " + run.lastError()), null);
        }
        try {
            JsonNode root = LoadJson.parse(Files.readString(file));
            return new RowAndEnv(LoadJson.readRow(root.get("row")), LoadJson.childEnv(root));
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the child's row " + file, e);
        }
    }

    private static String carriers(LoadSpec spec) {
        return spec.parallelism() == 0 ? "default carriers" : spec.parallelism() + " carrier" + (spec.parallelism() == 1 ? "" : "s");
    }
}
