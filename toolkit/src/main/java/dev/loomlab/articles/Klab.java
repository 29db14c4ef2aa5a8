package dev.loomlab.articles;

import dev.loomlab.api.IdleWeight;
import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.util.ProgressLine;
import dev.loomlab.beam.BeamHere;
import dev.loomlab.view.GridLines;
import dev.loomlab.view.Grid;
import java.util.List;
import dev.loomlab.util.Progress;
import dev.loomlab.experiment.Measurement;
import com.sun.management.HotSpotDiagnosticMXBean;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Experiments;
import dev.loomlab.view.Section;
import dev.loomlab.measure.Cap;
import dev.loomlab.measure.Units;
import dev.loomlab.process.ProcessLimit;
import dev.loomlab.process.ProcessLimitException;
import dev.loomlab.published.PublishedFigure;
import dev.loomlab.published.PublishedFigures;
import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * KLab's article on a Sun Fire T2000 (2008), section by section on this JVM (notebook 04): memory
 * per process, the walls (process limit, 32-bit address space, memory), saving memory (stack size,
 * hibernation), and the N×M ring with normal and hibernated processes. Every measurement runs in a
 * fresh JVM; every table puts the article's figure beside ours; failures are rows.
 */
public final class Klab {

    /** KLab, 1,000 processes on the 32-bit VM: memory processes(user) 1,267,016 bytes. */
    static final double BEAM_2008_BYTES = 1_267;
    /** The documentation's 309 words per process, 4-byte words on the 32-bit VM. */
    static final int BEAM_2008_WORDS = 309;
    /** KLab, {@code +h 1} on the 64-bit VM: memory processes(user) 906,848 bytes for 1,000 (113 words). */
    static final double BEAM_H1_BYTES = 906_848 / 1000.0;
    static final int BEAM_H1_WORDS = 113;
    /** The T2000's memory. */
    static final double T2000_BYTES = 32.0 * (1L << 30);
    /** KLab: 10 M processes took 24 GB on the 64-bit VM. */
    static final double T2000_10M_BYTES = 24.0 * (1L << 30);
    static final String SOURCE = "klab-t2000";

    private Klab() {}

    // ---- memory per process -----------------------------------------------------------------

    /**
     * Memory per process at n (the article: 1,000): the toolkit's processes, raw virtual threads,
     * platform threads (at most 1,000: each is an OS thread) and hibernated processes, each in a
     * fresh JVM. Show it, then ask it for {@link ProcessMemory#wall()} and friends.
     */
    public static ProcessMemory perProcess(int n) {
        int size = Cap.atMost(n);
        return ProgressLine.along(String.format("memory per process at %,d, fresh JVMs and BEAM VMs in turn", size), line -> {
            Map<Kind, Measurement> byKind = IdleWeight.measure(size, IdleWeight.PLATFORM_MAX, Kind.jvmAndBeam(), line);
            Map<Kind, Measurement> hibernated = IdleWeight.hibernated(size, line);
            return new ProcessMemory(size, byKind.get(Kind.PROCESS), byKind.get(Kind.VIRTUAL),
                    byKind.get(Kind.PLATFORM), hibernated.get(Kind.PROCESS), byKind.get(Kind.BEAM), hibernated.get(Kind.BEAM));
        });
    }

    /** A published figure of the dataset, or NaN. */
    static double published(String source, String experiment, String metric, Long n, Long m) {
        return PublishedFigures.of(experiment, metric).stream()
                .filter(f -> f.source().equals(source) && (n == null || n.equals(f.n())) && (m == null || m.equals(f.m())))
                .mapToDouble(PublishedFigure::value).findFirst().orElse(Double.NaN);
    }

    /**
     * KLab's spawn times (1,000 and 40,000 on the 32-bit VM, 1,000 with {@code +h 1}) beside ours:
     * the spawn runs behind {@code thousand}, BEAM here and per kind, and BEAM here and the toolkit's
     * processes spawning 40,000 (scaled down to the cap), over fresh BEAM VMs and JVMs taken in turn.
     */
    public static Section spawnTimes(ProcessMemory thousand) {
        Map<Kind, Measurement> atThousand = new LinkedHashMap<>();
        for (Kind kind : List.of(Kind.BEAM, Kind.PROCESS, Kind.VIRTUAL, Kind.PLATFORM)) {
            atThousand.put(kind, thousand.measurement(kind));
        }
        int larger = Cap.atMost(40_000);
        ExperimentSpec spawn = ExperimentSpec.of(Experiments.SPAWN, larger);
        List<Measurement> rows = ProgressLine.along(String.format("spawning %,d, fresh BEAM VMs and JVMs in turn", larger),
                line -> BeamHere.comparedRows(List.of(spawn.withKind(Kind.BEAM), spawn), line));
        Map<Kind, Measurement> atLarger = new LinkedHashMap<>();
        atLarger.put(Kind.BEAM, rows.get(0));
        atLarger.put(Kind.PROCESS, rows.get(1));
        return KlabSpawnTimes.of(thousand.n(), atThousand, larger, atLarger);
    }

    // ---- the walls --------------------------------------------------------------------------

    /**
     * The first wall, replayed: two fresh JVMs asked for {@code ask} idle processes (the article:
     * 40,000), one with a limit below it (the article: 2008's default 32,768), one with the limit
     * raised as {@code +P 40030} did. The limit's error is a row, with its message.
     */
    public static Grid limits(int ask) {
        int n = Cap.atMost(ask);
        return ProgressLine.along("the process limit, one fresh JVM per setting", line -> limits(n, line));
    }

    private static Grid limits(int n, Progress progress) {
        int low = (int) Math.max(1, Math.round(n * 32_768.0 / 40_000));
        GridLines table = new GridLines(String.format("The first wall: the process limit (the JVM and BEAM here asked for %,d, scaled from "
                + "the article's 40,000 to the cap)", n)).text("setting").number("limit").number("asked for").number("started")
                .text("error").text("message");
        table.row("BEAM R12B-0 default (article, 2008)", 32_768, 40_000, 32_768,
                "=ERROR REPORT==== Too many processes", "erl -noshell -run proc start 40000: process count 32768");
        table.row("BEAM R12B-0 +P 40030 (article, 2008)", 40_030, 40_000, 40_000,
                "", "40,000 started (+21 system processes)");
        table.row("BEAM today, default +P (OTP 28)",
                published("un-million", "limit", "processLimit", null, null), Double.NaN, Double.NaN, "",
                "2^20; at most 134,217,727");
        table.row("toolkit default (-Dloomlab.processLimit)", ProcessLimit.DEFAULT,
                Double.NaN, Double.NaN, "", "BEAM's default, 2^20");
        for (int l : new int[] {low, n + 30}) {
            Map<String, String> r = probe(n, l, progress);
            table.row("JVM here, -Dloomlab.processLimit=" + l + " (fresh JVM)", l, n,
                    r.containsKey("spawned") ? Double.parseDouble(r.get("spawned")) : Double.NaN,
                    r.getOrDefault("error", ""), r.getOrDefault("message", ""));
        }
        for (int l : new int[] {Math.max(1_024, low), n + 30}) {
            Measurement b = BeamHere.row(ExperimentSpec.of(Experiments.LIMIT, n)
                    .withJvmFlags("-D" + ProcessLimit.PROPERTY + "=" + l), progress);
            boolean refused = BeamHere.value(b, "refused") == 1.0;
            table.row("BEAM here, +P " + l + " (fresh BEAM VM)",
                    b.ok() ? b.metric("processLimit") : l, n, BeamHere.value(b, "spawned"),
                    !b.ok() ? "did not run" : refused ? "system_limit" : "",
                    !b.ok() ? b.outcome() : String.format("%,.0f live processes with the VM's own when it stopped",
                            b.metric("liveProcesses")));
        }
        return table.build();
    }

    /** Runs the {@code limit} experiment in a fresh JVM started with the given process limit. */
    private static Map<String, String> probe(int n, int limit, Progress progress) {
        Map<String, String> result = new HashMap<>();
        Measurement o = FreshJvm.row(ExperimentSpec.of(Experiments.LIMIT, n).withJvmFlags("-D" + ProcessLimit.PROPERTY + "=" + limit), progress);
        if (!o.ok()) {
            result.put("error", "the run failed");
            result.put("message", o.outcome());
            return result;
        }
        result.put("spawned", Long.toString(Math.round(o.metric("liveProcesses"))));
        String error = o.notes().isEmpty() ? "" : o.notes().get(0).replaceFirst("^the error: ", "");
        if (o.metric("refused") == 1.0) {
            result.put("error", ProcessLimitException.class.getSimpleName());
            result.put("message", error);
        }
        return result;
    }

    /**
     * The second wall, the 32-bit address space: what 4 GiB holds at the article's 1,267 bytes
     * per process, against the 64-bit VMs of then and now (this JVM's pointer width and
     * compressed references).
     */
    public static Grid addressSpace() {
        GridLines table = new GridLines("The second wall: 32-bit address space (BEAM 2008) against a 64-bit JVM today")
                .text("what").text("value").text("what it means");
        double fourGiB = 4.0 * (1L << 30);
        table.row("BEAM R12B-0, 32-bit: address space", Units.bytes(fourGiB),
                "every pointer is 4 bytes: the whole VM (code, heaps, tables) must fit in 4 GiB, in practice less");
        table.row("... processes that fit at 1,267 B each (arithmetic)", String.format("%,.0f", fourGiB / BEAM_2008_BYTES),
                "an upper bound; the article's 4,000,000 stalled near 4 GB (ps), as this predicts");
        table.row("BEAM R12B-0, 64-bit (article)", "10,000,000 in 24 GB",
                "64-bit words double a process (2,516 B each, from 24 GB / 10 M), but the wall moves to RAM");
        table.row("this JVM: data model", System.getProperty("sun.arch.data.model", "?") + "-bit, "
                + System.getProperty("os.arch"), "JDK 25 has no 32-bit x86 build at all (the port was removed, JEP 503)");
        table.row("this JVM: compressed references (UseCompressedOops)", vmOption("UseCompressedOops"),
                "object references are 4 bytes while the heap is under 32 GiB: 32-bit density inside a 64-bit address space");
        table.row("this JVM: compressed class pointers", vmOption("UseCompressedClassPointers"),
                "class pointers in object headers are 4 bytes too");
        table.row("this JVM (the notebook's): max heap", Units.bytes(Runtime.getRuntime().maxMemory()),
                "the JVM's own wall: -Xmx (without it, 1/4 of RAM), not the address space");
        return table.build();
    }

    static String vmOption(String name) {
        try {
            return ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).getVMOption(name).getValue();
        } catch (RuntimeException e) {
            return "not available";
        }
    }

    /** The article's 64-bit build section, today: what this JVM is, with nothing to build. */
    public static Grid sixtyFourBit() {
        GridLines table = new GridLines("The 64-bit build, then and now").text("what").text("KLab 2008: OTP R12B-0 on SPARC/Solaris 10")
                .text("this machine today");
        table.row("how you get a 64-bit runtime", "build from source: gcc -m64 wrapper, GNU ar/ld/make symlinks, "
                + "configure --disable-hipe, rename common_test and odbc", "install a JDK: every JDK 25 build is 64-bit");
        table.row("runtime", "Erlang (BEAM) emulator 5.6 [64-bit] [smp:32]",
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        table.row("data model", "64-bit (after the build)", System.getProperty("sun.arch.data.model", "?") + "-bit "
                + System.getProperty("os.arch"));
        table.row("processors", "UltraSPARC T1, 32 hardware threads", Runtime.getRuntime().availableProcessors() + " processors");
        table.row("memory", "32 GB", Units.bytes(totalMemory()));
        table.row("lightweight processes", "built in (spawn)", "built in: virtual threads (JDK 21, JEP 444)");
        return table.build();
    }

    /** This machine's RAM (MemTotal), or the JVM's view of it off Linux. */
    static double totalMemory() {
        return dev.loomlab.measure.MachineMemory.total();
    }

    // ---- the ring ---------------------------------------------------------------------------

    /** The N×M ring for every n and m, normal and hibernated processes, each row over fresh JVMs and fresh BEAM VMs in turn. */
    public static KlabRing ring(int[] ns, int[] ms) {
        return ProgressLine.along("the N x M ring, normal and hibernated, fresh JVMs and BEAM VMs per row, in turn",
                line -> KlabRing.measure(List.of(Experiments.RING, Experiments.RING_HIBERNATED), ns, ms, line));
    }
}
