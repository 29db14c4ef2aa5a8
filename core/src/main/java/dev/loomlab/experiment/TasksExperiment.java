package dev.loomlab.experiment;

import dev.loomlab.util.Progress;
import dev.loomlab.jvm.ChildEnding;
import dev.loomlab.jvm.ChildJvm;
import dev.loomlab.jvm.ChildRun;
import dev.loomlab.util.Durations;
import dev.loomlab.measure.Cap;
import dev.loomlab.measure.ProcStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The million-tasks benchmark: the peak memory of a whole fresh JVM that runs n concurrent tasks,
 * each sleeping (10 s in the benchmark), and waits for them all. The measured JVM runs
 * {@link TasksProgram} and nothing else, with exactly the flags of the spec (none by default, as
 * in the benchmark); it reads its own peak resident set from the kernel before it exits.
 *
 * <p>Options: {@code sleep} (a duration, default {@value #DEFAULT_SLEEP}), {@code gc}
 * ("true" by default: a second fresh JVM runs the same with one {@code System.gc()} while all sleep, to read the heap after GC;
 * "false" runs only the untouched program and reports no heap figure), {@code breakdown} (NMT categories).
 */
public final class TasksExperiment extends NamedExperiment {

    TasksExperiment() {
        super("tasks",
                "n concurrent tasks that each sleep, in a whole fresh JVM: peak resident memory (the million-tasks benchmark)",
                "peakRssBytes");
    }

    static final String DEFAULT_SLEEP = "10s";
    /** Above this, platform threads need the cap lifted: each is an OS thread. */
    static final int PLATFORM_MAX = 10_000;
    private static final double MIB = 1024.0 * 1024.0;

    /** n tasks of {@code kind}, each sleeping {@code sleep}, with a deadline that leaves room for the sleep. */
    public ExperimentSpec spec(int n, Kind kind, Duration sleep, String... jvmFlags) {
        return ExperimentSpec.of(this, n).withKind(kind).withOption("sleep", Durations.format(sleep))
                .withDeadline(sleep.plus(ExperimentSpec.DEFAULT_DEADLINE)).withJvmFlags(jvmFlags);
    }

    /** Measured once per JVM: not a timing to warm up. */
    @Override
    public boolean timed() {
        return false;
    }

    @Override
    public void validate(ExperimentSpec spec) {
        checkCap(spec);
        if (spec.n() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("n is too large for one JVM: " + spec.n());
        }
        if (spec.kind() == Kind.PLATFORM && spec.n() > PLATFORM_MAX && Cap.current() != 0) {
            throw new IllegalArgumentException(String.format("tasks on platform threads: n = %,d is above %,d; each is an "
                    + "OS thread (the 2023 benchmark could not start 100,000 of them). Lift the cap on purpose "
                    + "(--no-cap) to try", spec.n(), PLATFORM_MAX));
        }
        Duration sleep = sleep(spec);
        if (sleep.compareTo(Duration.ofMinutes(10)) > 0) {
            throw new IllegalArgumentException("--sleep " + Durations.format(sleep) + " is longer than 10 minutes: "
                    + "the benchmark sleeps 10s, a notebook less");
        }
        if (sleep.plusSeconds(5).compareTo(spec.deadline()) > 0) {
            throw new IllegalArgumentException("--sleep " + Durations.format(sleep) + " leaves no time before the deadline "
                    + Durations.format(spec.deadline()) + ": raise --deadline to at least the sleep plus 5s (plus "
                    + "the time to start n tasks)");
        }
        String gc = spec.option("gc", "true");
        if (!gc.equals("true") && !gc.equals("false")) {
            throw new IllegalArgumentException("option gc must be true or false, got \"" + gc + "\"");
        }
    }

    /** The sleep of each task, from the option {@code sleep}, with a clear error for bad input. */
    static Duration sleep(ExperimentSpec spec) {
        String text = spec.option("sleep", DEFAULT_SLEEP);
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--sleep: " + e.getMessage(), e);
        }
    }

    @Override
    public Map<String, Double> runOnce(ExperimentSpec spec, Progress progress) throws Exception {
        boolean gc = Boolean.parseBoolean(spec.option("gc", "true"));
        boolean breakdown = Boolean.parseBoolean(spec.option("breakdown", "false"));
        Map<String, Long> r = launch(spec, false, breakdown, progress);
        Map<String, Double> metrics = new LinkedHashMap<>();
        double peak = bytes(r.get("peakRssKib"));
        metrics.put("peakMegabytes", peak / MIB);
        metrics.put("peakRssBytes", peak);
        Map<String, Long> withGc = gc ? launch(spec, true, false, progress) : Map.of();
        metrics.put("heapAfterGcBytes", gc ? withGc.get("heapAfterGcBytes") : Double.NaN);
        metrics.put("peakRssWithGcBytes", gc ? bytes(withGc.get("peakRssKib")) : Double.NaN);
        metrics.put("rssAsleepBytes", bytes(r.get("rssAsleepKib")));
        metrics.put("spawnMillis", r.get("spawnNanos") / 1e6);
        metrics.put("elapsedMillis", r.get("elapsedNanos") / 1e6);
        metrics.put("allAsleepAtOnce", (double) r.get("allAsleepAtOnce"));
        r.forEach((key, kib) -> {
            if (key.startsWith("nmt.")) {
                metrics.put("nmt" + java.util.Arrays.stream(key.substring(4).split("_"))
                        .map(w -> Character.toUpperCase(w.charAt(0)) + w.substring(1)).collect(java.util.stream.Collectors.joining())
                        + "CommittedBytes", kib * 1024.0);
            }
        });
        return metrics;
    }

    /** Runs the benchmark's program once in a fresh JVM with the spec's flags; its key=value result. */
    private static Map<String, Long> launch(ExperimentSpec spec, boolean gc, boolean breakdown, Progress progress)
            throws IOException {
        List<String> flags = new ArrayList<>(spec.jvmFlags());
        Path dir = Files.createTempDirectory("loomlab-tasks-");
        Path resultFile = dir.resolve("result.properties");
        List<String> args = new ArrayList<>(List.of(spec.kind().label(), Long.toString(spec.n()),
                Long.toString(sleep(spec).toMillis()), resultFile.toString(), Boolean.toString(gc)));
        if (breakdown) {
            flags.add("-XX:NativeMemoryTracking=summary");
            args.add("nmt");
        }
        try {
            ChildRun run = ChildJvm.launch(TasksProgram.class.getName(), args, flags, spec.deadline(), progress,
                    ChildJvm.coreClassPath());
            var failure = new ChildEnding("the measured JVM", "", "raise --deadline or lower n").failure(run, spec.deadline());
            if (failure.isPresent()) {
                throw failure.get();
            }
            return read(resultFile);
        } finally {
            try (var files = Files.list(dir)) {
                files.forEach(p -> p.toFile().delete());
            }
            Files.deleteIfExists(dir);
        }
    }

    private static Map<String, Long> read(Path file) {
        try {
            Map<String, Long> values = new LinkedHashMap<>();
            for (String line : Files.readAllLines(file)) {
                int eq = line.indexOf('=');
                if (eq > 0) {
                    values.put(line.substring(0, eq), Long.parseLong(line.substring(eq + 1).trim()));
                }
            }
            return values;
        } catch (IOException e) {
            throw new UncheckedIOException("the measured JVM wrote no result: " + e.getMessage(), e);
        }
    }

    /** KiB as bytes; NaN for the -1 of a figure that could not be read (off Linux). */
    private static double bytes(long kib) {
        return kib < 0 ? Double.NaN : kib * 1024.0;
    }

    @Override
    public List<String> notes(ExperimentSpec spec) {
        List<String> notes = new ArrayList<>();
        if (!ProcStatus.available()) {
            notes.add(ProcStatus.unavailable("peakRssBytes, peakMegabytes and rssAsleepBytes"));
        }
        notes.add("peakRssBytes: the kernel's high-water mark of the measured JVM's resident set (VmHWM in /proc/self/status, "
                + "what /usr/bin/time calls maximum resident set size), read by that JVM after the last join, just before it exits; "
                + "peakMegabytes is the same in MiB (2^20 bytes)");
        notes.add("the measured JVM runs the benchmark's program and nothing else: java " + String.join(" ", ChildJvm.OWN_FLAGS) + " "
                + (spec.jvmFlags().isEmpty() ? "" : String.join(" ", spec.jvmFlags()) + " ")
                + "-cp <a directory with only TasksProgram and the toolkit's process classes> " + TasksProgram.class.getName() + " " + spec.kind().label() + " n sleep"
                + (spec.jvmFlags().isEmpty() ? " (no heap or GC flags, as in the benchmark)" : ""));
        if (Boolean.parseBoolean(spec.option("breakdown", "false"))) {
            notes.add("breakdown: the measured JVM ran with -XX:NativeMemoryTracking=summary (which costs a little itself); "
                    + "nmt*CommittedBytes are its categories' committed memory, read after the last join");
        }
        if (Boolean.parseBoolean(spec.option("gc", "true"))) {
            notes.add("heapAfterGcBytes: heap in use after one System.gc() while all tasks sleep (Runtime total - free), read in a "
                    + "second fresh JVM, because a full GC raises the peak (its marking structures): peakRssWithGcBytes is that "
                    + "second JVM's peak; peakRssBytes comes from the first, untouched run");
        }
        notes.add("each task sleeps " + Durations.format(sleep(spec)) + " (the benchmark: 10s); allAsleepAtOnce = 1 when the first "
                + "task was still asleep after the last one started, so all n were alive together");
        return notes;
    }
}
