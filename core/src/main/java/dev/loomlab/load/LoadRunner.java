package dev.loomlab.load;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.jvm.ChildCall;
import dev.loomlab.jvm.ChildEnding;
import dev.loomlab.jvm.ChildJvmException;
import dev.loomlab.jvm.ChildOutcome;
import dev.loomlab.jvm.ChildReply;
import dev.loomlab.util.Durations;
import dev.loomlab.util.Progress;
import dev.loomlab.measure.Env;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Runs the load experiment the only safe way: each row (kind × loop count) in its own fresh JVMs,
 * because a JVM whose carriers a busy loop holds must be thrown away. The child reports its row
 * itself, from a platform thread, even when starved (see {@link LoadChildMain}); if it cannot, it
 * is killed at a hard deadline and its row says {@code killed}, with the round trips it had
 * streamed by then. Either way the caller gets every row back, in order, and no child outlives
 * the call. A child runs through the one child protocol ({@link ChildCall}), and a failed one's
 * detail is worded by the one rule ({@link ChildEnding}).
 */
public final class LoadRunner {

    /** Beyond the row's own deadline: JVM start, warm-up, rate window and writing the result. */
    static final Duration CHILD_ALLOWANCE = Duration.ofSeconds(15);

    private LoadRunner() {}

    /**
     * Runs every row of {@code spec} in {@code spec.vms()} fresh VMs each, taken in turn: every row's
     * first VM, then every row's second, so that what changes on the machine during the run falls on
     * every row alike. Progress lines go to {@code progress}, the last one when every VM is done.
     */
    public static LoadResult run(LoadSpec spec, Progress progress) {
        int perPass = spec.kinds().size() * spec.loops().size();
        List<List<LoadRow>> perRow = new ArrayList<>();
        for (int i = 0; i < perPass; i++) {
            perRow.add(new ArrayList<>());
        }
        Set<String> pinnings = new LinkedHashSet<>();
        Env childEnv = null;
        int total = perPass * spec.vms();
        int done = 0;
        for (int vm = 1; vm <= spec.vms(); vm++) {
            int row = 0;
            for (LoadKind kind : spec.kinds()) {
                for (int loops : spec.loops()) {
                    progress.step(done++, total, String.format("load: %s, %d busy loop%s, %s, up to %s for %,d round trips, in a fresh %s%s",
                            kind.label(), loops, loops == 1 ? "" : "s", carriers(spec), Durations.format(spec.deadline()),
                            spec.rounds(), kind == LoadKind.BEAM ? "BEAM VM" : "JVM",
                            spec.vms() > 1 ? String.format(" (%d of %d)", vm, spec.vms()) : ""));
                    RowAndEnv got;
                    if (kind == LoadKind.BEAM) {
                        got = runRow(spec, kind, loops, List.of(), progress);
                    } else {
                        try (CpuPinning.Pin pin = CpuPinning.pin(spec.cpus())) {
                            pinnings.add(pin.description());
                            got = runRow(spec, kind, loops, pin.wrapper(), progress);
                        }
                    }
                    perRow.get(row++).add(got.row());
                    if (childEnv == null) {
                        childEnv = got.env();
                    }
                }
            }
        }
        progress.step(total, total, "");
        pinnings.remove("");
        List<LoadRow> rows = perRow.stream().map(LoadRow::acrossVms).toList();
        return new LoadResult(spec, childEnv != null ? childEnv : Env.current(), childEnv != null, rows, String.join("; ", pinnings));
    }

    /** The longest one row's JVM may live: the row's deadline, its warm-up and {@link #CHILD_ALLOWANCE}. */
    public static Duration rowLimit(LoadSpec spec) {
        return spec.deadline().plus(LoadTier.WARM_UP).plus(CHILD_ALLOWANCE);
    }

    private record RowAndEnv(LoadRow row, Env env) {}

    private static RowAndEnv runRow(LoadSpec spec, LoadKind kind, int loops, List<String> pinWrapper, Progress progress) {
        var other = OtherRuntimeLoad.forKind(kind);
        if (other.isPresent()) {
            return new RowAndEnv(other.get().row(spec, loops, line -> progress.say("  " + line)), null);
        }
        List<String> flags = new ArrayList<>(spec.schedulerFlags());
        flags.addAll(spec.jvmFlags());
        Duration hard = rowLimit(spec);
        ChildReply reply = ChildCall.of(LoadChildMain.class.getName(),
                        String.join("\n", LoadChildMain.spec(kind, loops, spec.rounds(), spec.deadline())), flags, hard)
                .inside(pinWrapper).run(line -> progress.say("  " + line));
        int carriers = spec.parallelism() > 0 ? spec.parallelism() : Runtime.getRuntime().availableProcessors();
        ChildEnding ending = new ChildEnding("the child JVM", "", "");
        ChildJvmException failure = ending.failure(reply.run(), hard)
                .orElseGet(() -> reply.result().isPresent() ? null : ending.noResult());
        if (failure == null) {
            JsonNode root = LoadJson.parse(reply.result().get());
            try {
                return new RowAndEnv(LoadJson.readRow(root.get("row")), LoadJson.childEnv(root));
            } catch (IOException e) {
                throw new UncheckedIOException("could not read the child's row", e);
            }
        }
        String detail = ChildEnding.oneLine(failure.getMessage());
        long waited = reply.run().elapsed().toMillis();
        if (failure.outcome() == ChildOutcome.DEADLINE) {
            long done = (long) reply.number(LoadChildMain.ROUNDS_DONE);
            return new RowAndEnv(LoadRow.killed(kind, loops, carriers, spec.rounds(), waited, done, detail
                    + String.format("; %,d of %,d round trips were done by then", done, spec.rounds())), null);
        }
        return new RowAndEnv(LoadRow.noResult(kind, loops, carriers, spec.rounds(), LoadRow.FAILED, waited, detail), null);
    }

    private static String carriers(LoadSpec spec) {
        return spec.parallelism() == 0 ? "default carriers" : spec.parallelism() + " carrier" + (spec.parallelism() == 1 ? "" : "s");
    }
}
