package dev.loomlab.articles;

import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.util.ProgressLine;
import dev.loomlab.beam.BeamHere;
import java.util.ArrayList;
import java.util.List;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.measure.Units;
import dev.loomlab.view.Grid;
import dev.loomlab.view.Section;
import dev.loomlab.view.Tabular;

/**
 * What {@link Klab#perProcess} measured: bytes per process for each kind at n, each over fresh JVMs (BEAM here over fresh BEAM VMs).
 * Shows as KLab's first table beside ours; {@link #wall()} extrapolates the memory wall from it and
 * {@link #stacks()} measures what a platform thread's stack size changes (the {@code +h 1} analogue).
 */
public record ProcessMemory(int n, Measurement process, Measurement virtual, Measurement platform, Measurement hibernated,
                            Measurement beamIdle, Measurement beamHibernated) implements Tabular {

    /** Bytes per idle BEAM process measured here, over fresh BEAM VMs (NaN if it did not run). */
    public double beamHereBytes() {
        return BeamHere.value(beamIdle, "bytesPerProcess");
    }

    /** Bytes per hibernated BEAM process measured here, over fresh BEAM VMs (NaN if it did not run). */
    public double beamHibernatedBytes() {
        return BeamHere.value(beamHibernated, "bytesPerProcess");
    }

    /**
     * The measurement of one kind (process, virtual, platform, or {@link Kind#BEAM} for BEAM here; a
     * failed one when it did not run), the one a reader's cell is set beside.
     *
     * @throws IllegalArgumentException for a kind this section did not run
     */
    public Measurement measurement(Kind kind) {
        return switch (kind) {
            case BEAM -> beamIdle;
            case PROCESS -> process;
            case VIRTUAL -> virtual;
            case PLATFORM -> platform;
            default -> throw new IllegalArgumentException(kind.label() + " has no spawn run here (process, virtual, platform or beam only)");
        };
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

    /**
     * One runtime's bytes per process, how that figure was obtained, and the BEAM-here figure it is
     * set against (an idle or a hibernated BEAM process, measured here), NaN for published rows.
     */
    private record Weight(String runtime, double bytes, int wordSize, String how, double beamHere, boolean otherArticle) {
        Weight(String runtime, double bytes, int wordSize, String how, double beamHere) {
            this(runtime, bytes, wordSize, how, beamHere, false);
        }

        Weight(String runtime, double bytes, int wordSize, String how) {
            this(runtime, bytes, wordSize, how, Double.NaN);
        }
    }

    /** KLab's figures, and BEAM and the JVM here; today's BEAM as another article published it is in {@link #details()}. */
    @Override
    public Grid grid() {
        return weights(false);
    }

    /** The same table with today's BEAM as Un million de processus published it (OTP 28, one idle process). */
    @Override
    public List<Grid> details() {
        return List.of(weights(true));
    }

    private Grid weights(boolean withToday) {
        List<Weight> all = List.of(
                new Weight("BEAM R12B-0, 32-bit (KLab 2008)", Klab.BEAM_2008_BYTES, 4,
                        "published: 1,000 processes, memory processes(user) 1,267,016; documented 309 words"),
                new Weight("BEAM R12B-0, 64-bit, +h 1 (KLab 2008)", Klab.BEAM_H1_BYTES, 8, "published: 906,848 for 1,000; 113 words"),
                new Weight("BEAM OTP 28, 64-bit (today)", Klab.published("un-million", "spawn", "bytesPerProcess", 1L, null), 8,
                        "published (French article): one idle process, heap 233 words", Double.NaN, true),
                new Weight("BEAM here: an idle process (this machine)", beamHereBytes(), 8, beamHow(beamIdle)),
                new Weight("BEAM here: a hibernated process (this machine)", beamHibernatedBytes(), 8,
                        beamHow(beamHibernated)),
                new Weight("JVM here: toolkit process", processBytes(), 8, ours(process, n), beamHereBytes()),
                new Weight("JVM here: raw virtual thread", virtualBytes(), 8, ours(virtual, n), beamHereBytes()),
                new Weight("JVM here: platform thread (heap + native stack)", platformBytes(), 8,
                        ours(platform, Math.min(n, 1_000)) + "; native stack from Native Memory Tracking", beamHereBytes()),
                new Weight("JVM here: hibernated toolkit process", hibernatedBytes(), 8, ours(hibernated, n),
                        beamHibernatedBytes()));
        List<Weight> rows = all.stream().filter(w -> withToday || !w.otherArticle()).toList();
        return Grid.of(String.format("Memory per process: KLab's 1,000 processes in 2008, %sBEAM and the JVM here at %,d",
                withToday ? "today's BEAM as the French article published it, " : "", n), rows)
                .text("runtime", Weight::runtime)
                .number("bytes per process", w -> Grid.nearest(w.bytes()))
                .number("words (4 B on 32-bit, 8 B on 64-bit)", w -> Grid.nearest(w.bytes() / w.wordSize()))
                .number("vs BEAM here (idle or hibernated, same n)", w -> Grid.ratio(w.bytes(), w.beamHere()))
                .number("vs BEAM 2008", w -> Grid.ratio(w.bytes(), Klab.BEAM_2008_BYTES))
                .text("source, how", Weight::how)
                .build();
    }

    /**
     * The verdicts, computed from these runs: a toolkit process and a hibernated one against their
     * BEAM twins on this machine, and against KLab's 2008 figure.
     */
    @Override
    public List<String> notes() {
        return List.of(
                BeamHere.verdict(String.format("an idle toolkit process at %,d", n), process, beamIdle,
                        "bytesPerProcess", Klab.BEAM_2008_BYTES),
                BeamHere.verdict(String.format("a hibernated toolkit process at %,d", n), hibernated,
                        beamHibernated, "bytesPerProcess", Double.NaN));
    }

    private String beamHow(Measurement b) {
        return b.ok() ? String.format("measured: %,d in %s, erlang:memory(processes_used) / n%s; %s", n, vms(b, "BEAM VM"),
                interval(b), b.notes().isEmpty() ? "" : b.notes().get(0)) : b.outcome();
    }

    private static String ours(Measurement o, int n) {
        return o.ok() ? String.format("measured: %,d in %s, heap after GC / n%s", n, vms(o, "JVM"), interval(o))
                : "did not run: " + o.outcome();
    }

    /** "3 fresh JVMs", or "a fresh JVM". */
    private static String vms(Measurement m, String vm) {
        return m.vms() > 1 ? m.vms() + " fresh " + vm + "s" : "a fresh " + vm;
    }

    /** "; 95% interval [597, 689]" across fresh VMs, or "" for one VM. */
    private static String interval(Measurement m) {
        return m.interval("bytesPerProcess").has() ? "; 95% interval " + Measurement.intervalText(m.interval("bytesPerProcess")) : "";
    }


    /**
     * The memory wall: what N this machine could hold at the bytes per process measured here,
     * clearly an extrapolation, beside what the T2000 held: in all its RAM, and in the default max
     * heap of the fresh JVM that measured the toolkit process (not the notebook's own).
     */
    public Grid wall() {
        record Wall(String runtime, double bytes, String memory, double processes, String how) {}
        double ram = Klab.totalMemory();
        double heap = process.ok() && process.env() != null ? process.env().maxHeapBytes() : Double.NaN;   // a fresh JVM's, no -Xmx
        List<Wall> rows = new ArrayList<>(List.of(
                new Wall("BEAM R12B-0 64-bit (T2000)", Klab.T2000_10M_BYTES / 10e6, "24 GB of 32 GB", 10_000_000,
                        "published: 10 M started, 20 M failed; the article estimates 15 M in 32 GB"),
                new Wall("BEAM R12B-0 64-bit, +h 1 (T2000)", Klab.BEAM_H1_BYTES, "32 GB", 30_000_000, "published: 30 M started"),
                new Wall("BEAM R12B-0 64-bit, hibernated (T2000)", Double.NaN, "32 GB", 40_000_000, "published: 40 M started")));
        double[] ours = {processBytes(), virtualBytes(), hibernatedBytes()};
        String[] names = {"JVM here: toolkit process", "JVM here: raw virtual thread", "JVM here: hibernated process"};
        for (int i = 0; i < ours.length; i++) {
            rows.add(new Wall(names[i], ours[i], Units.bytes(ram) + " (all RAM)", ram / ours[i],
                    "EXTRAPOLATION, not measured: RAM / bytes per process; needs -Xmx near the RAM "
                            + "and ignores the JVM's own footprint (tens of MB: notebook 03 takes it apart) and GC headroom"));
            rows.add(new Wall(names[i], ours[i], Units.bytes(heap) + " (a fresh JVM's default max heap)", heap / ours[i],
                    "EXTRAPOLATION: a fresh JVM's default -Xmx (read in the one that measured the toolkit process) / bytes "
                            + "per unit: where OutOfMemoryError would come without flags"));
        }
        return Grid.of("The memory wall: the T2000's 32 GB then, and what this machine could hold "
                        + "(extrapolated from the bytes per process measured above)", rows)
                .text("runtime", Wall::runtime)
                .number("bytes per process", w -> Grid.nearest(w.bytes()))
                .text("memory", Wall::memory)
                .number("processes", w -> Grid.nearest(w.processes() / 1e5) * 1e5)
                .text("how", Wall::how)
                .build();
    }


    /**
     * The {@code +h 1} analogue, measured: a platform thread's stack is reserved at its full size
     * ({@code -Xss}, or {@code Thread.Builder.stackSize} per thread) but committed as it is touched;
     * a virtual thread's stack lives in the heap and grows on demand. Runs the platform threads again
     * with {@code -Xss256k}, over as many fresh JVMs as the other rows ({@link FreshJvm#TABLE_FORKS}).
     */
    public Grid stacks() {
        record Stack(String unit, String reserved, Measurement o, String beam, double beamBytes) {}
        int size = Math.min(n, 1_000);
        Measurement small = ProgressLine.along("platform threads with -Xss256k, fresh JVMs", line -> FreshJvm.row(ExperimentSpec
                .of(Experiments.SPAWN, size).withKind(Kind.PLATFORM).withJvmFlags("-Xss256k").withForks(FreshJvm.TABLE_FORKS), line));
        List<Stack> rows = List.of(
                new Stack("platform thread, default -Xss", "1 MiB (Linux x64 default)", platform,
                        "default initial heap, 309 words (32-bit)", Klab.BEAM_2008_BYTES),
                new Stack("platform thread, -Xss256k (= Thread.ofPlatform().stackSize(262144))", "256 KiB", small,
                        "+h 1: 113 words (64-bit)", Klab.BEAM_H1_BYTES),
                new Stack("virtual thread", "none: stack chunks in the heap, grown on demand", virtual, "", Double.NaN),
                new Stack("toolkit process (virtual thread + mailbox)", "none: as a virtual thread", process, "", Double.NaN));
        return Grid.of(String.format("Saving memory: stack size (the +h 1 analogue), %,d platform threads per fresh JVM, "
                        + "virtual threads and processes at %,d; each row over fresh JVMs (median [95%% interval])", size, n), rows)
                .text("unit", r -> r.unit() + (r.o().ok() ? "" : " (did not run: " + r.o().outcome() + ")"))
                .text("stack reserved per unit", Stack::reserved)
                .text("bytes per unit (ours)", r -> BeamHere.cell(r.o(), "bytesPerProcess"))
                .number("of which native stack, committed", r -> {
                    double s = r.o().metric("nativeStackBytesPerProcess");
                    return r.o().ok() && Double.isNaN(s) ? 0 : Grid.nearest(s);
                })
                .text("BEAM analogue (KLab)", Stack::beam)
                .number("BEAM bytes", r -> Grid.nearest(r.beamBytes()))
                .build();
    }


    /**
     * Hibernation at this n: idle processes against hibernated ones, bytes per process, beside
     * BEAM here and KLab's BEAM (2008 default, {@code +h 1}, and what its 40 M hibernated processes
     * in 32 GB imply), in 7 columns. The details add the outcome of each run and the French article's
     * rows (today's idle and hibernated BEAM), which are another article's.
     */
    public Section hibernation() {
        record Hib(String what, Measurement o, Measurement here, String beamWhat, double beam, boolean klab) {}
        double todayIdle = Klab.published("un-million", "spawn", "bytesPerProcess", (long) 100_000, null);
        double todayHib = Klab.published("un-million", "hibernate", "bytesPerProcess", (long) 1_000_000, null);
        List<Hib> rows = List.of(
                new Hib("idle, waiting in receive", process, beamIdle, "OTP 28 idle, 100,000 (French article)", todayIdle, false),
                new Hib("idle, waiting in receive", process, beamIdle, "R12B-0 32-bit default, 309 words (KLab)", Klab.BEAM_2008_BYTES, true),
                new Hib("idle, waiting in receive", process, beamIdle, "R12B-0 64-bit +h 1, 113 words (KLab)", Klab.BEAM_H1_BYTES, true),
                new Hib("hibernated (no thread)", hibernated, beamHibernated, "OTP 28 hibernated, 1,000,000 (French article)", todayHib,
                        false),
                new Hib("hibernated (no thread)", hibernated, beamHibernated, "R12B-0 hibernated: 40 M in 32 GB, at most (KLab, derived)",
                        Klab.T2000_BYTES / 40e6, true));
        String heading = String.format("Hibernation: %,d processes, idle against hibernated, each over fresh JVMs and fresh "
                + "BEAM VMs on this machine (bytes per process = heap after GC / n; BEAM: processes_used / n), beside ", n);
        Grid full = Grid.of(heading + "BEAM's published figures", rows)
                .text("process", r -> r.what() + (r.o().ok() ? "" : " (did not run: " + r.o().outcome() + ")"))
                .text("JVM bytes per process (ours)", r -> BeamHere.cell(r.o(), "bytesPerProcess"))
                .text("outcome", r -> r.o().outcome())
                .text("BEAM here bytes per process (same n, this machine)", r -> BeamHere.cell(r.here(), "bytesPerProcess"))
                .number("JVM / BEAM here", r -> BeamHere.ratio(r.o().metric("bytesPerProcess"), r.here(), "bytesPerProcess"))
                .text("BEAM, published", Hib::beamWhat)
                .number("BEAM bytes (published)", r -> Grid.nearest(r.beam()))
                .number("JVM / BEAM published", r -> Grid.ratio(r.o().metric("bytesPerProcess"), r.beam()))
                .build();
        Grid klab = full.rows(i -> rows.get(i).klab()).select(heading + "KLab's published BEAM", "process", "JVM bytes per process (ours)",
                "BEAM here bytes per process (same n, this machine)", "JVM / BEAM here", "BEAM, published", "BEAM bytes (published)",
                "JVM / BEAM published");
        return new Section(klab, null, List.of("the outcome of each run, and today's BEAM as Un million de processus published it "
                + "(idle and hibernated, OTP 28), are in the details"), List.of(), List.of(full.everyColumn()));
    }


    @Override
    public String toString() {
        return Tabular.text(this);
    }
}
