package dev.loomlab.api;

import dev.loomlab.experiment.MeasurementJson;
import com.fasterxml.jackson.databind.JsonNode;
import dev.loomlab.experiment.FreshJvm;
import dev.loomlab.display.Section;
import static dev.loomlab.api.KaruiFigures.BEAM;
import static dev.loomlab.api.KaruiFigures.GO;
import static dev.loomlab.api.KaruiFigures.PYTHON;

import dev.loomlab.display.Charts;
import dev.loomlab.display.Palette;
import dev.loomlab.display.Series;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.util.Progress;
import dev.loomlab.measure.Cap;
import dev.loomlab.display.Tables;
import dev.loomlab.runs.IdleWeight;
import dev.loomlab.runs.StateSizes;
import dev.loomlab.runs.TierRuns;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Sections 2 to 4 of the Japanese article on the JVM: idle processes from 1k up (is the cost
 * linear?), state held by a process (where does the curve bend?), and the kinds side by side
 * (toolkit processes, raw virtual threads, platform threads) beside BEAM, goroutines and Python
 * threads. Every measurement runs in a fresh child JVM.
 */
public final class Lightness {

    private Lightness() {}

    /** Section 2: idle processes at each size, one fresh JVM per size. */
    public static Section idleScaling(int[] sizes, Progress progress) {
        List<Measurement> tiers = TierRuns.measure(Kind.PROCESS, sizes, 1, progress);
        double beamPer = KaruiFigures.value(BEAM, "spawn", "bytesPerProcess");
        double beamNs = KaruiFigures.value(BEAM, "spawn", "nsPerSpawn");
        Table table = Tables.of("Idle processes, one fresh JVM per size, beside the article's BEAM (2.6 KB each, linear 1k to 500k)", tiers)
                .whole("processes", m -> (int) m.n())
                .number("JVM bytes / process", m -> Tables.nearest(m.bytesPerProcess()))
                .number("BEAM bytes / process (article)", m -> beamPer)
                .number("JVM / BEAM (memory)", m -> Tables.ratio(m.bytesPerProcess(), beamPer))
                .number("JVM total MB", m -> Tables.round(m.bytesPerProcess() * m.n() / 1e6))
                .number("BEAM total MB (2.6 KB x n)", m -> Tables.round(beamPer * m.n() / 1e6))
                .number("JVM µs / spawn", m -> Tables.nearest(m.nsPerSpawn() / 10) / 100.0)
                .number("BEAM µs / spawn (article: 0.5 to 0.9)", m -> beamNs / 1000)
                .build();
        List<Long> xs = tiers.stream().map(Measurement::n).toList();
        var chart = Charts.lines("Memory of n idle processes (log-log: a slope of one is linear)",
                "processes", "MB (heap after GC)", true, true,
                List.of(Series.of(Palette.PROCESS, "JVM processes (this machine)", xs,
                                tiers.stream().map(m -> m.bytesPerProcess() * m.n() / 1e6).toList()),
                        Series.of(Palette.BEAM_PUBLISHED, "BEAM (article: 2.6 KB x n)", xs, xs.stream().map(n -> beamPer * n / 1e6).toList())
                                .styled(Series.Style.PUBLISHED)));
        return new Section(table, chart, List.of(
                "JVM bytes / process: heap used after a full GC with every process verified parked, minus before, divided by n",
                "µs / spawn: the spawn loop alone, in a fresh (cold) JVM; it changes from run to run"));
    }

    /** Section 3: processes each holding a list of m elements; m = 0 is the baseline. */
    public static Section state(int[] elements, int processes, Progress progress) {
        Map<Integer, Measurement> byM = StateSizes.measure(elements, processes, progress);
        List<Integer> sizes = List.copyOf(byM.keySet());
        Map<Integer, Double> perProcess = new LinkedHashMap<>();
        byM.forEach((m, r) -> perProcess.put(m, r.bytesPerProcess()));
        IntColumn elementsCol = IntColumn.create("list elements");
        IntColumn nCol = IntColumn.create("processes");
        DoubleColumn bytes = DoubleColumn.create("JVM bytes / process");
        DoubleColumn perElement = DoubleColumn.create("JVM bytes / element (beyond no state)");
        DoubleColumn growth = DoubleColumn.create("JVM growth vs 10 elements");
        DoubleColumn beamGrowth = DoubleColumn.create("BEAM growth (article)");
        StringColumn beamNote = StringColumn.create("BEAM, article");
        for (int m : sizes) {
            elementsCol.append(m);
            nCol.append((int) byM.get(m).n());
            bytes.append(Tables.nearest(perProcess.get(m)));
        }
        for (int m : sizes) {
            perElement.append(m == 0 ? Double.NaN : Tables.round((perProcess.get(m) - perProcess.get(0)) / m));
        }
        double at10 = perProcess.getOrDefault(10, Double.NaN);
        for (int m : sizes) {
            growth.append(Tables.round(perProcess.get(m) / at10));
            double g = m == 100 ? KaruiFigures.value(BEAM, "state", "growthAt100Elements")
                    : m == 1000 ? KaruiFigures.value(BEAM, "state", "growthAt1000Elements") : Double.NaN;
            beamGrowth.append(g);
            beamNote.append(m == 100 ? KaruiFigures.note(BEAM, "state", "growthAt100Elements")
                    : m == 1000 ? KaruiFigures.note(BEAM, "state", "growthAt1000Elements") : "");
        }
        double fixed = perProcess.get(0);
        int largest = sizes.get(sizes.size() - 1);
        double slope = largest == 0 ? Double.NaN : (perProcess.get(largest) - fixed) / largest;
        double bend = slope > 0 ? fixed / slope : Double.NaN;
        Table table = Table.create(String.format(
                "State held by a process: a list of m elements (fixed part %,.0f B, then about %.1f B an element)", fixed, slope),
                elementsCol, nCol, bytes, perElement, growth, beamGrowth, beamNote);
        List<Number> xs = new ArrayList<>();
        List<Number> ys = new ArrayList<>();
        List<Number> beam = new ArrayList<>();
        double beamBase = KaruiFigures.value(BEAM, "spawn", "bytesPerProcess");
        for (int m : sizes) {
            if (m == 0) {
                continue;
            }
            xs.add(m);
            ys.add(perProcess.get(m));
            beam.add(m <= 100 ? beamBase : m == 1000 ? beamBase * KaruiFigures.value(BEAM, "state", "growthAt1000Elements") : Double.NaN);
        }
        var chart = Charts.lines("Bytes per process by list size held (log-log)",
                "list elements held", "bytes per process", true, true,
                List.of(Series.of(Palette.PROCESS, "JVM process (this machine)", xs, ys),
                        Series.of(Palette.BEAM_PUBLISHED, "BEAM (article: flat to 100, x10 at 1,000)", xs, beam)
                                .styled(Series.Style.PUBLISHED)));
        return new Section(table, chart, List.of(
                String.format("The JVM curve bends near %,.0f elements, where the list (%.1f B an element) outweighs the fixed part "
                        + "of a parked process (%,.0f B: its stack chunk and objects); below that the fixed part dominates, above it "
                        + "the list does. There is no per-process initial heap to absorb small state, so nothing is free.", bend, slope, fixed),
                "BEAM's curve bends later and harder: up to 100 elements fit the 233-word initial heap (no growth), "
                        + "then the heap is resized in steps (about 10x at 1,000 elements).",
                "Big lists run with fewer processes (n x m at most 10 million elements) so each child stays near 200 MB."),
                byM.values().stream().map(r -> (JsonNode) MeasurementJson.tree(r)).toList());
    }

    /** Section 4: the three kinds in fresh JVMs, beside BEAM, goroutines and Python threads. */
    public static Section kinds(int n, int platformN, Progress progress) {
        StringColumn kind = StringColumn.create("unit");
        StringColumn source = StringColumn.create("measured");
        IntColumn count = IntColumn.create("n");
        DoubleColumn heap = DoubleColumn.create("heap B / unit");
        DoubleColumn stacks = DoubleColumn.create("native stack B / unit (NMT)");
        DoubleColumn rss = DoubleColumn.create("RSS B / unit");
        DoubleColumn total = DoubleColumn.create("bytes / unit");
        DoubleColumn ns = DoubleColumn.create("ns / spawn");
        DoubleColumn memRatio = DoubleColumn.create("memory vs BEAM");
        DoubleColumn nsRatio = DoubleColumn.create("spawn time vs BEAM");
        double beamBytes = KaruiFigures.value(BEAM, "spawn", "bytesPerProcess");
        double beamNs = KaruiFigures.value(BEAM, "spawn", "nsPerSpawn");
        List<String> categories = new ArrayList<>();
        List<Number> bytesSeries = new ArrayList<>();
        List<Number> nsSeries = new ArrayList<>();
        Map<Kind, Measurement> byKind = IdleWeight.measure(n, platformN, Kind.jvm(), progress);
        for (Kind k : byKind.keySet()) {
            Measurement m = byKind.get(k);
            int size = (int) m.n();
            String label = switch (k) {
                case PROCESS -> "JVM toolkit process";
                case VIRTUAL -> "JVM raw virtual thread";
                case PLATFORM -> "JVM platform thread";
                case BEAM -> "BEAM here";
            };
            kind.append(label);
            source.append("this machine");
            count.append(size);
            heap.append(Tables.nearest(m.metric("heapBytesPerProcess")));
            double st = m.metrics().containsKey("nativeStackBytesPerProcess") ? m.metric("nativeStackBytesPerProcess") : 0;
            stacks.append(Tables.nearest(st));
            rss.append(Tables.nearest(m.metric("rssBytesPerProcess")));
            total.append(Tables.nearest(m.bytesPerProcess()));
            ns.append(Tables.nearest(m.nsPerSpawn()));
            memRatio.append(Tables.ratio(m.bytesPerProcess(), beamBytes));
            nsRatio.append(Tables.ratio(m.nsPerSpawn(), beamNs));
            categories.add(switch (k) {
                case PROCESS -> "JVM process";
                case VIRTUAL -> "JVM virtual";
                case PLATFORM -> "JVM platform";
                case BEAM -> "BEAM here";
            });
            bytesSeries.add(Math.max(1, m.bytesPerProcess()));
            nsSeries.add(Math.max(1, m.nsPerSpawn()));
        }
        for (String runtime : List.of(BEAM, GO, PYTHON)) {
            String experiment = "spawn";
            double b = KaruiFigures.value(runtime, experiment, "bytesPerProcess");
            double t = KaruiFigures.value(runtime, experiment, "nsPerSpawn");
            if (runtime.equals(PYTHON)) {
                t = beamNs * 70; // the article: 40 to 100 times BEAM's spawn time; 70 is the midpoint
            }
            String name = KaruiFigures.runtime(runtime, experiment, "bytesPerProcess");
            kind.append(name);
            source.append("article: " + KaruiFigures.note(runtime, experiment, "bytesPerProcess")
                    + (runtime.equals(PYTHON) ? "; spawn time published as 40 to 100x BEAM (70x shown)" : ""));
            count.appendMissing();
            heap.appendMissing();
            stacks.appendMissing();
            rss.appendMissing();
            total.append(b);
            ns.append(t);
            memRatio.append(Tables.ratio(b, beamBytes));
            nsRatio.append(Tables.ratio(t, beamNs));
            categories.add(runtime.equals(PYTHON) ? "Python thread" : runtime.equals(GO) ? "goroutine" : "BEAM");
            bytesSeries.add(b);
            nsSeries.add(t);
        }
        Table table = Table.create("Kinds side by side: ours measured here, theirs as the article published them", kind, count,
                total, heap, stacks, rss, ns, memRatio, nsRatio, source);
        var chart = Charts.bars("Bytes per unit (left) and ns to spawn one (right), log scales", true, categories,
                "bytes per unit (log)", bytesSeries, "ns per spawn (log)", nsSeries);
        return new Section(table, chart, List.of(
                "JVM bytes / unit: heap after GC per unit, plus for platform threads their committed native stacks (NMT)",
                "platform threads run at most " + platformN + " at a time here: creating one takes about 0.7 ms in this sandbox",
                "Go and Python figures are the article's, measured differently (HeapAlloc + StackInuse; Python RSS)"),
                byKind.values().stream().map(r -> (JsonNode) MeasurementJson.tree(r)).toList());
    }

    /**
     * Sections 4 and 7.3: spawn n, {@code runs} times in one JVM (the JIT warms up), next to one
     * fresh JVM per run, for toolkit processes and raw virtual threads.
     */
    public static Section warmUp(int n, int runs, Progress progress) {
        Cap.check("n", n, 1_000);
        if (runs < 2 || runs > 20) {
            throw new IllegalArgumentException("runs must be between 2 and 20, got " + runs);
        }
        Measurement oneJvm = FreshJvm.run(ExperimentSpec.of("spawn", n).withFixedRuns(runs), progress);
        Measurement oneJvmVirtual = FreshJvm.run(ExperimentSpec.of("spawn", n).withKind(Kind.VIRTUAL).withFixedRuns(runs), progress);
        List<Measurement> fresh = new ArrayList<>();
        int freshRuns = Math.min(runs, 3); // a fresh JVM per run is the expensive part; three show it never warms
        for (int i = 0; i < freshRuns; i++) {
            fresh.add(FreshJvm.run(ExperimentSpec.of("spawn", n), progress));
        }
        IntColumn run = IntColumn.create("run");
        DoubleColumn procNs = DoubleColumn.create("process ns/spawn, one JVM");
        DoubleColumn virtNs = DoubleColumn.create("virtual ns/spawn, one JVM");
        DoubleColumn freshNs = DoubleColumn.create("process ns/spawn, fresh JVM each");
        DoubleColumn procBytes = DoubleColumn.create("process B/process, one JVM");
        DoubleColumn freshBytes = DoubleColumn.create("process B/process, fresh JVM each");
        StringColumn faster = StringColumn.create("faster in this run (one JVM)");
        DoubleColumn beam = DoubleColumn.create("BEAM ns (article, 5 x 500k)");
        DoubleColumn go = DoubleColumn.create("Go ns (article, 5 x 500k)");
        double beamRepeated = KaruiFigures.value(BEAM, "warmup", "nsPerSpawnRepeated");
        double goFirst = KaruiFigures.value(GO, "warmup", "nsPerSpawnFirstRun");
        double goLater = KaruiFigures.value(GO, "warmup", "nsPerSpawnLaterRuns");
        List<Number> xs = new ArrayList<>();
        List<Number> ys1 = new ArrayList<>();
        List<Number> ys2 = new ArrayList<>();
        List<Number> ys3 = new ArrayList<>();
        List<Number> ysBeam = new ArrayList<>();
        List<Number> ysGo = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            double p = oneJvm.runs().get(i).metric("nsPerSpawn");
            double v = oneJvmVirtual.runs().get(i).metric("nsPerSpawn");
            double f = i < fresh.size() ? fresh.get(i).runs().get(0).metric("nsPerSpawn") : Double.NaN;
            run.append(i + 1);
            procNs.append(Tables.nearest(p));
            virtNs.append(Tables.nearest(v));
            freshNs.append(Double.isNaN(f) ? Double.NaN : Math.round(f));
            procBytes.append(Tables.nearest(oneJvm.runs().get(i).metric("bytesPerProcess")));
            freshBytes.append(i < fresh.size() ? Math.round(fresh.get(i).runs().get(0).metric("bytesPerProcess")) : Double.NaN);
            faster.append(p < v ? "process" : "virtual thread");
            beam.append(beamRepeated);
            go.append(i == 0 ? goFirst : goLater);
            xs.add(i + 1);
            ys1.add(p);
            ys2.add(v);
            ys3.add(f); // NaN where no fresh run: the chart skips it
            ysBeam.add(beamRepeated);
            ysGo.add(i == 0 ? goFirst : goLater);
        }
        Table table = Table.create(String.format("Spawning %,d, %d times: one JVM (the JIT warms up) against a fresh JVM each run", n, runs),
                run, procNs, virtNs, freshNs, procBytes, freshBytes, faster, beam, go);
        var chart = Charts.lines(String.format("ns per spawn, %d runs of %,d", runs, n),
                "run", "ns per spawn", false, true, List.of(
                        Series.of(Palette.PROCESS, "JVM process, one JVM", xs, ys1),
                        Series.of(Palette.VIRTUAL, "JVM virtual thread, one JVM", xs, ys2),
                        Series.of(Palette.PROCESS, "JVM process, fresh JVM each run", xs, ys3).styled(Series.Style.SECONDARY),
                        Series.of(Palette.BEAM_PUBLISHED, "BEAM (article)", xs, ysBeam).styled(Series.Style.PUBLISHED),
                        Series.of(Palette.GO, "Go (article)", xs, ysGo).styled(Series.Style.PUBLISHED)));
        return new Section(table, chart, List.of(
                "run 1 in one JVM is cold: the spawn loop runs interpreted, its frames are bigger and slower; later runs are compiled",
                "a fresh JVM per run is cold every time (three are run): its figures do not improve, which is what the article's one-run table showed for Go",
                "which of two close figures is faster can change between run 1 and the rest: compare warm medians, and say which you used"));
    }
}
