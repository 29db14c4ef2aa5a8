package dev.loomlab.experiment;

import dev.loomlab.util.Progress;
import dev.loomlab.measure.ProcStatus;
import dev.loomlab.measure.MemoryDelta;
import dev.loomlab.measure.MemorySnapshot;
import dev.loomlab.measure.NativeMemory;
import java.util.OptionalLong;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The French article's first table: spawn {@code n} idle units, check every one is parked, and
 * read the heap after a full GC. {@code bytesPerProcess} is that heap difference divided by n
 * (the analogue of {@code :erlang.memory(:processes)}); for platform threads it adds their
 * native stacks, read from Native Memory Tracking.
 */
public final class SpawnExperiment extends NamedExperiment {

    SpawnExperiment() {
        super("spawn",
                "n idle processes: spawn time and memory per process, counted once all are parked",
                "bytesPerProcess");
    }

    /** Option: a platform thread's stack size in bytes, the analogue of BEAM's min_heap_size control. */
    static final String STACK_SIZE = "stackSize";

    @Override
    public void validate(ExperimentSpec spec) {
        checkCap(spec);
        if (stackSize(spec) != 0 && spec.kind() != Kind.PLATFORM) {
            throw new IllegalArgumentException("a stack size applies to platform threads only (--kind platform): "
                    + "a virtual thread's stack grows on demand");
        }
        if (stackSize(spec) < 0) {
            throw new IllegalArgumentException("the stack size cannot be negative: " + stackSize(spec));
        }
        if (spec.n() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("n is too large for one JVM: " + spec.n());
        }
    }

    @Override
    public List<String> jvmFlags(ExperimentSpec spec) {
        return spec.kind() == Kind.PLATFORM ? List.of("-XX:NativeMemoryTracking=summary") : List.of();
    }

    @Override
    public boolean runsOnActors() {
        return true;
    }

    @Override
    public Map<String, Double> runOnce(ExperimentSpec spec, Progress progress) throws Exception {
        if (spec.kind().actors()) {
            return runActors(spec);
        }
        int n = (int) spec.n();
        MemorySnapshot before = MemorySnapshot.take();
        OptionalLong reservedBefore = NativeMemory.threadStacksReserved();
        try (IdleGroup group = IdleGroup.start(spec.kind(), n, stackSize(spec), Duration.ofSeconds(60))) {
            MemoryDelta delta = MemorySnapshot.take().minus(before);
            Map<String, Double> metrics = timings(n, group.spawnNanos(), group.parkedNanos());
            double stacks = spec.kind() == Kind.PLATFORM ? platformStacksPer(delta, n) : 0;
            metrics.put("bytesPerProcess", delta.heapPer(n) + stacks);
            metrics.put("heapBytesPerProcess", delta.heapPer(n));
            if (spec.kind() == Kind.PLATFORM) {
                metrics.put("nativeStackBytesPerProcess", stacks);
                OptionalLong reservedAfter = NativeMemory.threadStacksReserved();
                metrics.put("reservedStackBytesPerProcess", reservedBefore.isPresent() && reservedAfter.isPresent()
                        ? (double) (reservedAfter.getAsLong() - reservedBefore.getAsLong()) / n : Double.NaN);
            }
            metrics.put("rssBytesPerProcess", delta.rssPer(n));
            return metrics;
        }
    }

    /**
     * The same for actors: the system is started first, so its own weight is in the reading before;
     * the actors are counted once every one has answered a first message and the dispatcher is idle.
     */
    private static Map<String, Double> runActors(ExperimentSpec spec) throws Exception {
        int n = (int) spec.n();
        try (ActorGroup group = ActorGroup.start(spec.kind())) {
            MemorySnapshot before = MemorySnapshot.take();
            ActorRuntime.Actor[] idle = group.spawn(n, i -> message -> { }, spec.deadline());
            MemoryDelta delta = MemorySnapshot.take().minus(before);
            if (group.started() != n || idle.length != n) {
                throw new IllegalStateException(group.started() + " of " + n + " actors started");
            }
            Map<String, Double> metrics = timings(n, group.spawnNanos(), group.readyNanos());
            metrics.put("bytesPerProcess", delta.heapPer(n));
            metrics.put("heapBytesPerProcess", delta.heapPer(n));
            metrics.put("rssBytesPerProcess", delta.rssPer(n));
            return metrics;
        }
    }

    /** The timings every kind shares, first in display order (nsPerSpawn is what the warm-up protocol watches). */
    private static Map<String, Double> timings(int n, long spawnNanos, long parkedNanos) {
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put("nsPerSpawn", (double) spawnNanos / n);
        metrics.put("nsToAllParked", (double) (spawnNanos + parkedNanos) / n);
        metrics.put("totalMillis", spawnNanos / 1e6);
        return metrics;
    }

    /** The option {@code stackSize} (bytes, platform threads only), 0 when not given. */
    static long stackSize(ExperimentSpec spec) {
        try {
            return Long.parseLong(spec.option(STACK_SIZE, "0"));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("the stack size must be a whole number of bytes, got " + spec.option(STACK_SIZE, ""));
        }
    }

    /** Native stacks per platform thread: NMT's committed stacks, or RSS growth when NMT is off. */
    private static double platformStacksPer(MemoryDelta delta, int n) {
        if (delta.stacksKnown()) {
            return delta.stacksPer(n);
        }
        return delta.rssKnown() ? Math.max(0, delta.rssPer(n) - delta.heapPer(n)) : 0;
    }

    @Override
    public List<String> notes(ExperimentSpec spec) {
        List<String> notes = new ArrayList<>();
        if (spec.kind().actors()) {
            notes.add("bytesPerProcess: heap used after a full GC, every actor having answered a first message and the "
                    + "dispatcher's threads parked, minus the same after the actor system started and before spawning, "
                    + "divided by n; an actor has no stack of its own, so the heap is all it weighs (the references kept "
                    + "to the actors count, as the other kinds' do)");
            notes.add("nsPerSpawn: the spawn loop alone, run by one actor of the system's as a Pekko user spawns (every actor "
                    + "is a child of that one); "
                    + "nsToAllParked adds the wait until every actor has answered its first message and the dispatcher is idle");
            notes.add(ProcStatus.available() ? "rssBytesPerProcess: the growth of the whole process's resident memory, divided by n"
                    : ProcStatus.unavailable("rssBytesPerProcess"));
            return notes;
        }
        notes.add("bytesPerProcess: heap used after a full GC, all units verified parked, minus the same before spawning, divided by n"
                + (spec.kind() == Kind.PLATFORM ? ", plus native thread stacks: committed stacks from Native Memory Tracking "
                        + "when it is on (the child JVM turns it on), else RSS growth beyond the heap" : "")
                + "; virtual-thread stacks live in the heap, so the heap counts them");
        notes.add("nsPerSpawn: the spawn loop alone, as the article times spawn; nsToAllParked adds the wait until every unit is parked");
        if (spec.kind() == Kind.PLATFORM) {
            notes.add("reservedStackBytesPerProcess: address space reserved for each stack (NMT); a smaller --stack-size "
                    + "shrinks it, while the committed part (nativeStackBytesPerProcess) is what the thread touched plus guard pages");
        }
        notes.add(ProcStatus.available() ? "rssBytesPerProcess: the growth of the whole process's resident memory, divided by n; "
                + "the heap may have been committed earlier, so it can read lower or higher" : ProcStatus.unavailable("rssBytesPerProcess"));
        return notes;
    }
}
