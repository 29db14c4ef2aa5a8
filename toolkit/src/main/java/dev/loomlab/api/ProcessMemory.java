package dev.loomlab.api;

import dev.loomlab.api.SafeRun.Outcome;
import dev.loomlab.display.Displayable;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Kind;
import dev.loomlab.measure.Units;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * What {@link Klab#perProcess} measured: bytes per process for each kind at n, each in a fresh JVM.
 * Shows as KLab's first table beside ours; {@link #wall()} extrapolates the memory wall from it and
 * {@link #stacks()} measures what a platform thread's stack size changes (the {@code +h 1} analogue).
 */
public final class ProcessMemory implements Displayable {

    private final int n;
    private final Outcome process;
    private final Outcome virtual;
    private final Outcome platform;
    private final Outcome hibernated;

    ProcessMemory(int n, Outcome process, Outcome virtual, Outcome platform, Outcome hibernated) {
        this.n = n;
        this.process = process;
        this.virtual = virtual;
        this.platform = platform;
        this.hibernated = hibernated;
    }

    /** Bytes per toolkit process measured here (NaN if that run failed). */
    public double processBytes() {
        return process.metric("bytesPerProcess");
    }

    /** Bytes per raw virtual thread measured here. */
    public double virtualBytes() {
        return virtual.metric("bytesPerProcess");
    }

    /** Bytes per hibernated process measured here. */
    public double hibernatedBytes() {
        return hibernated.metric("bytesPerProcess");
    }

    /** Bytes per platform thread (heap and native stack) measured here. */
    public double platformBytes() {
        return platform.metric("bytesPerProcess");
    }

    @Override
    public Table toTable() {
        StringColumn runtime = StringColumn.create("runtime");
        DoubleColumn bytes = DoubleColumn.create("bytes per process");
        DoubleColumn words = DoubleColumn.create("words (4 B on 32-bit, 8 B on 64-bit)");
        DoubleColumn ratio = DoubleColumn.create("vs BEAM 2008");
        StringColumn how = StringColumn.create("source, how");
        row(runtime, bytes, words, ratio, how, "BEAM R12B-0, 32-bit (KLab 2008)", Klab.BEAM_2008_BYTES, 4,
                "published: 1,000 processes, memory processes(user) 1,267,016; documented 309 words");
        row(runtime, bytes, words, ratio, how, "BEAM R12B-0, 64-bit, +h 1 (KLab 2008)", Klab.BEAM_H1_BYTES, 8,
                "published: 906,848 for 1,000; 113 words");
        row(runtime, bytes, words, ratio, how, "BEAM OTP 28, 64-bit (today)",
                Klab.published("un-million", "spawn", "bytesPerProcess", 1L, null), 8,
                "published (French article): one idle process, heap 233 words");
        row(runtime, bytes, words, ratio, how, "JVM here: toolkit process", processBytes(), 8, ours(process, n));
        row(runtime, bytes, words, ratio, how, "JVM here: raw virtual thread", virtualBytes(), 8, ours(virtual, n));
        row(runtime, bytes, words, ratio, how, "JVM here: platform thread (heap + native stack)", platformBytes(), 8,
                ours(platform, Math.min(n, 1_000)) + "; native stack from Native Memory Tracking");
        row(runtime, bytes, words, ratio, how, "JVM here: hibernated toolkit process", hibernatedBytes(), 8, ours(hibernated, n));
        return Table.create(String.format("Memory per process: KLab's 1,000 processes in 2008, today's BEAM, and ours at %,d", n),
                runtime, bytes, words, ratio, how);
    }

    private static String ours(Outcome o, int n) {
        return o.ok() ? String.format("measured: %,d in a fresh JVM, heap after GC / n", n) : "did not run: " + o.outcome();
    }

    private static void row(StringColumn runtime, DoubleColumn bytes, DoubleColumn words, DoubleColumn ratio, StringColumn how,
                            String r, double b, int wordSize, String h) {
        runtime.append(r);
        bytes.append(round(b));
        words.append(Double.isNaN(b) ? Double.NaN : Math.round(b / wordSize));
        ratio.append(Double.isNaN(b) ? Double.NaN : Math.round(b / Klab.BEAM_2008_BYTES * 100) / 100.0);
        how.append(h);
    }

    /**
     * The memory wall: what N this machine could hold at the bytes per process measured here,
     * clearly an extrapolation, beside what the T2000 held.
     */
    public Table wall() {
        StringColumn runtime = StringColumn.create("runtime");
        DoubleColumn bytes = DoubleColumn.create("bytes per process");
        StringColumn memory = StringColumn.create("memory");
        DoubleColumn processes = DoubleColumn.create("processes");
        StringColumn how = StringColumn.create("how");
        double ram = Klab.totalMemory();
        double heap = Runtime.getRuntime().maxMemory();
        wallRow(runtime, bytes, memory, processes, how, "BEAM R12B-0 64-bit (T2000)", Klab.T2000_10M_BYTES / 10e6,
                "24 GB of 32 GB", 10_000_000, "published: 10 M started, 20 M failed; the article estimates 15 M in 32 GB");
        wallRow(runtime, bytes, memory, processes, how, "BEAM R12B-0 64-bit, +h 1 (T2000)", Klab.BEAM_H1_BYTES,
                "32 GB", 30_000_000, "published: 30 M started");
        wallRow(runtime, bytes, memory, processes, how, "BEAM R12B-0 64-bit, hibernated (T2000)", Double.NaN,
                "32 GB", 40_000_000, "published: 40 M started");
        double[] ours = {processBytes(), virtualBytes(), hibernatedBytes()};
        String[] names = {"JVM here: toolkit process", "JVM here: raw virtual thread", "JVM here: hibernated process"};
        for (int i = 0; i < ours.length; i++) {
            wallRow(runtime, bytes, memory, processes, how, names[i], ours[i], Units.bytes(ram) + " (all RAM)",
                    ram / ours[i], "EXTRAPOLATION, not measured: RAM / bytes per process; needs -Xmx near the RAM "
                            + "and ignores the JVM's own ~50 MB and GC headroom");
            wallRow(runtime, bytes, memory, processes, how, names[i], ours[i], Units.bytes(heap) + " (default max heap)",
                    heap / ours[i], "EXTRAPOLATION: default -Xmx (1/4 of RAM) / bytes per process: where OutOfMemoryError "
                            + "would come without flags");
        }
        return Table.create("The memory wall: the T2000's 32 GB then, and what this machine could hold "
                + "(extrapolated from the bytes per process measured above)", runtime, bytes, memory, processes, how);
    }

    private static void wallRow(StringColumn runtime, DoubleColumn bytes, StringColumn memory, DoubleColumn processes,
                                StringColumn how, String r, double b, String m, double p, String h) {
        runtime.append(r);
        bytes.append(round(b));
        memory.append(m);
        processes.append(Double.isNaN(p) || Double.isInfinite(p) ? Double.NaN : Math.round(p / 1e5) * 1e5);
        how.append(h);
    }

    /**
     * The {@code +h 1} analogue, measured: a platform thread's stack is reserved at its full size
     * ({@code -Xss}, or {@code Thread.Builder.stackSize} per thread) but committed as it is touched;
     * a virtual thread's stack lives in the heap and grows on demand. Runs the platform threads again
     * with {@code -Xss256k} in a fresh JVM.
     */
    public Table stacks() {
        int size = Math.min(n, 1_000);
        Outcome small = SafeRun.run(ExperimentSpec.of("spawn", size).withKind(Kind.PLATFORM).withJvmFlags("-Xss256k"));
        StringColumn what = StringColumn.create("unit");
        StringColumn reserved = StringColumn.create("stack reserved per unit");
        DoubleColumn total = DoubleColumn.create("bytes per unit (ours)");
        DoubleColumn stack = DoubleColumn.create("of which native stack, committed");
        StringColumn beam = StringColumn.create("BEAM analogue (KLab)");
        DoubleColumn beamBytes = DoubleColumn.create("BEAM bytes");
        stackRow(what, reserved, total, stack, beam, beamBytes, "platform thread, default -Xss", "1 MiB (Linux x64 default)",
                platform, "default initial heap, 309 words (32-bit)", Klab.BEAM_2008_BYTES);
        stackRow(what, reserved, total, stack, beam, beamBytes, "platform thread, -Xss256k (= Thread.ofPlatform().stackSize(262144))",
                "256 KiB", small, "+h 1: 113 words (64-bit)", Klab.BEAM_H1_BYTES);
        stackRow(what, reserved, total, stack, beam, beamBytes, "virtual thread", "none: stack chunks in the heap, grown on demand",
                virtual, "", Double.NaN);
        stackRow(what, reserved, total, stack, beam, beamBytes, "toolkit process (virtual thread + mailbox)",
                "none: as a virtual thread", process, "", Double.NaN);
        return Table.create(String.format("Saving memory: stack size (the +h 1 analogue), %,d platform threads per fresh JVM, "
                + "virtual threads and processes at %,d", size, n), what, reserved, total, stack, beam, beamBytes);
    }

    private static void stackRow(StringColumn what, StringColumn reserved, DoubleColumn total, DoubleColumn stack,
                                 StringColumn beam, DoubleColumn beamBytes, String w, String r, Outcome o, String b, double bb) {
        what.append(w + (o.ok() ? "" : " (did not run: " + o.outcome() + ")"));
        reserved.append(r);
        total.append(round(o.metric("bytesPerProcess")));
        double s = o.metric("nativeStackBytesPerProcess");
        stack.append(o.ok() && Double.isNaN(s) ? 0 : round(s));
        beam.append(b);
        beamBytes.append(round(bb));
    }

    /** Rounded to a whole number, NaN kept (an empty cell, not a zero). */
    static double round(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? Double.NaN : Math.round(v);
    }

    /**
     * Hibernation at this n: idle processes against hibernated ones, bytes per process, beside
     * BEAM's (2008 default, {@code +h 1}, today's idle and hibernated, and what KLab's 40 M
     * hibernated processes in 32 GB imply).
     */
    public Table hibernation() {
        StringColumn what = StringColumn.create("process");
        DoubleColumn ours = DoubleColumn.create("JVM bytes per process (ours)");
        StringColumn outcome = StringColumn.create("outcome");
        StringColumn beamWhat = StringColumn.create("BEAM, published");
        DoubleColumn beam = DoubleColumn.create("BEAM bytes");
        DoubleColumn ratio = DoubleColumn.create("JVM / BEAM");
        double todayIdle = Klab.published("un-million", "spawn", "bytesPerProcess", (long) 100_000, null);
        double todayHib = Klab.published("un-million", "hibernate", "bytesPerProcess", (long) 1_000_000, null);
        hibRow(what, ours, outcome, beamWhat, beam, ratio, "idle, waiting in receive", process,
                "OTP 28 idle, 100,000 (French article)", todayIdle);
        hibRow(what, ours, outcome, beamWhat, beam, ratio, "idle, waiting in receive", process,
                "R12B-0 32-bit default, 309 words (KLab)", Klab.BEAM_2008_BYTES);
        hibRow(what, ours, outcome, beamWhat, beam, ratio, "idle, waiting in receive", process,
                "R12B-0 64-bit +h 1, 113 words (KLab)", Klab.BEAM_H1_BYTES);
        hibRow(what, ours, outcome, beamWhat, beam, ratio, "hibernated (no thread)", hibernated,
                "OTP 28 hibernated, 1,000,000 (French article)", todayHib);
        hibRow(what, ours, outcome, beamWhat, beam, ratio, "hibernated (no thread)", hibernated,
                "R12B-0 hibernated: 40 M in 32 GB, at most (KLab, derived)", Klab.T2000_BYTES / 40e6);
        return Table.create(String.format("Hibernation: %,d processes, idle against hibernated, each in a fresh JVM "
                + "(bytes per process = heap after GC / n)", n), what, ours, outcome, beamWhat, beam, ratio);
    }

    private static void hibRow(StringColumn what, DoubleColumn ours, StringColumn outcome, StringColumn beamWhat, DoubleColumn beam,
                               DoubleColumn ratio, String w, Outcome o, String bw, double b) {
        what.append(w);
        double v = o.metric("bytesPerProcess");
        ours.append(round(v));
        outcome.append(o.outcome());
        beamWhat.append(bw);
        beam.append(round(b));
        ratio.append(Double.isNaN(v) || Double.isNaN(b) ? Double.NaN : Math.round(v / b * 100) / 100.0);
    }

    @Override
    public String toString() {
        return toTable().printAll();
    }
}
