package dev.loomlab.karui;

import static dev.loomlab.karui.Published.BEAM;
import static dev.loomlab.karui.Published.GO;
import static dev.loomlab.karui.Published.PYTHON;

import dev.loomlab.child.ChildJvm;
import dev.loomlab.display.Charts;
import dev.loomlab.display.Series;
import dev.loomlab.experiment.ExperimentSpec;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.Progress;
import dev.loomlab.measure.Cap;
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
    public static Report idleScaling(int[] sizes, Progress progress) {
        if (sizes.length == 0) {
            throw new IllegalArgumentException("no sizes to measure: every size is above the cap (" + Cap.current() + ")");
        }
        IntColumn n = IntColumn.create("processes");
        DoubleColumn bytes = DoubleColumn.create("JVM bytes / process");
        DoubleColumn beamBytes = DoubleColumn.create("BEAM bytes / process (article)");
        DoubleColumn bytesRatio = DoubleColumn.create("JVM / BEAM (memory)");
        DoubleColumn totalMb = DoubleColumn.create("JVM total MB");
        DoubleColumn beamMb = DoubleColumn.create("BEAM total MB (2.6 KB x n)");
        DoubleColumn micros = DoubleColumn.create("JVM µs / spawn");
        DoubleColumn beamMicros = DoubleColumn.create("BEAM µs / spawn (article: 0.5 to 0.9)");
        double beamPer = Published.value(BEAM, "spawn", "bytesPerProcess");
        double beamNs = Published.value(BEAM, "spawn", "nsPerSpawn");
        List<Number> xs = new ArrayList<>();
        List<Number> ours = new ArrayList<>();
        List<Number> theirs = new ArrayList<>();
        for (int size : sizes) {
            Measurement m = ChildJvm.run(ExperimentSpec.of("spawn", size), progress);
            double per = m.bytesPerProcess();
            n.append(size);
            bytes.append(Math.round(per));
            beamBytes.append(beamPer);
            bytesRatio.append(Published.ratio(per, beamPer));
            totalMb.append(Published.round(per * size / 1e6));
            beamMb.append(Published.round(beamPer * size / 1e6));
            micros.append(Math.round(m.nsPerSpawn() / 10) / 100.0);
            beamMicros.append(beamNs / 1000);
            xs.add(size);
            ours.add(per * size / 1e6);
            theirs.add(beamPer * size / 1e6);
        }
        Table table = Table.create("Idle processes, one fresh JVM per size, beside the article's BEAM (2.6 KB each, linear 1k to 500k)",
                n, bytes, beamBytes, bytesRatio, totalMb, beamMb, micros, beamMicros);
        var chart = Charts.lines("Memory of n idle processes (log-log: a slope of one is linear)",
                "processes", "MB (heap after GC)", true, true,
                List.of(new Series("JVM processes (this machine)", xs, ours), new Series("BEAM (article: 2.6 KB x n)", xs, theirs)));
        return new Report(table, chart, List.of(
                "JVM bytes / process: heap used after a full GC with every process verified parked, minus before, divided by n",
                "µs / spawn: the spawn loop alone, in a fresh (cold) JVM; it changes from run to run"));
    }

    /** Section 3: processes each holding a list of m elements; m = 0 is the baseline. */
    public static Report state(int[] elements, int processes, Progress progress) {
        if (processes < 1) {
            throw new IllegalArgumentException("processes must be at least 1, got " + processes);
        }
        List<Integer> sizes = new ArrayList<>();
        sizes.add(0);
        for (int e : elements) {
            if (e < 0) {
                throw new IllegalArgumentException("a list size cannot be negative: " + e);
            }
            if (e != 0) {
                sizes.add(e);
            }
        }
        IntColumn elementsCol = IntColumn.create("list elements");
        IntColumn nCol = IntColumn.create("processes");
        DoubleColumn bytes = DoubleColumn.create("JVM bytes / process");
        DoubleColumn perElement = DoubleColumn.create("JVM bytes / element (beyond no state)");
        DoubleColumn growth = DoubleColumn.create("JVM growth vs 10 elements");
        DoubleColumn beamGrowth = DoubleColumn.create("BEAM growth (article)");
        StringColumn beamNote = StringColumn.create("BEAM, article");
        Map<Integer, Double> perProcess = new LinkedHashMap<>();
        for (int m : sizes) {
            // big lists with fewer processes, so a run stays near 200 MB of heap
            int n = (int) Math.max(1, Math.min(processes, 10_000_000L / Math.max(m, 1)));
            Measurement r = ChildJvm.run(ExperimentSpec.of("state", n).withM(m), progress);
            perProcess.put(m, r.bytesPerProcess());
            elementsCol.append(m);
            nCol.append(n);
            bytes.append(Math.round(r.bytesPerProcess()));
        }
        for (int m : sizes) {
            perElement.append(m == 0 ? Double.NaN : Published.round((perProcess.get(m) - perProcess.get(0)) / m));
        }
        double at10 = perProcess.getOrDefault(10, Double.NaN);
        for (int m : sizes) {
            growth.append(Published.round(perProcess.get(m) / at10));
            double g = m == 100 ? Published.value(BEAM, "state", "growthAt100Elements")
                    : m == 1000 ? Published.value(BEAM, "state", "growthAt1000Elements") : Double.NaN;
            beamGrowth.append(g);
            beamNote.append(m == 100 ? Published.note(BEAM, "state", "growthAt100Elements")
                    : m == 1000 ? Published.note(BEAM, "state", "growthAt1000Elements") : "");
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
        double beamBase = Published.value(BEAM, "spawn", "bytesPerProcess");
        for (int m : sizes) {
            if (m == 0) {
                continue;
            }
            xs.add(m);
            ys.add(perProcess.get(m));
            beam.add(m <= 100 ? beamBase : m == 1000 ? beamBase * Published.value(BEAM, "state", "growthAt1000Elements") : Double.NaN);
        }
        var chart = Charts.lines("Bytes per process by list size held (log-log)",
                "list elements held", "bytes per process", true, true,
                List.of(new Series("JVM process (this machine)", xs, ys),
                        new Series("BEAM (article: flat to 100, x10 at 1,000)", xs, beam)));
        return new Report(table, chart, List.of(
                String.format("The JVM curve bends near %,.0f elements, where the list (%.1f B an element) outweighs the fixed part "
                        + "of a parked process (%,.0f B: its stack chunk and objects); below that the fixed part dominates, above it "
                        + "the list does. There is no per-process initial heap to absorb small state, so nothing is free.", bend, slope, fixed),
                "BEAM's curve bends later and harder: up to 100 elements fit the 233-word initial heap (no growth), "
                        + "then the heap is resized in steps (about 10x at 1,000 elements).",
                "Big lists run with fewer processes (n x m at most 10 million elements) so each child stays near 200 MB."));
    }

    /** Section 4: the three kinds in fresh JVMs, beside BEAM, goroutines and Python threads. */
    public static Report kinds(int n, int platformN, Progress progress) {
        Cap.check("n", n, 1_000);
        if (platformN < 1) {
            throw new IllegalArgumentException("platform threads must be at least 1, got " + platformN);
        }
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
        double beamBytes = Published.value(BEAM, "spawn", "bytesPerProcess");
        double beamNs = Published.value(BEAM, "spawn", "nsPerSpawn");
        List<String> categories = new ArrayList<>();
        List<Number> bytesSeries = new ArrayList<>();
        List<Number> nsSeries = new ArrayList<>();
        for (Kind k : Kind.jvm()) {
            int size = k == Kind.PLATFORM ? Math.min(n, platformN) : n;
            Measurement m = ChildJvm.run(ExperimentSpec.of("spawn", size).withKind(k), progress);
            String label = switch (k) {
                case PROCESS -> "JVM toolkit process";
                case VIRTUAL -> "JVM raw virtual thread";
                case PLATFORM -> "JVM platform thread";
                case BEAM -> "BEAM here";
            };
            kind.append(label);
            source.append("this machine");
            count.append(size);
            heap.append(Math.round(m.metric("heapBytesPerProcess")));
            double st = m.metrics().containsKey("nativeStackBytesPerProcess") ? m.metric("nativeStackBytesPerProcess") : 0;
            stacks.append(Math.round(st));
            rss.append(Math.round(m.metric("rssBytesPerProcess")));
            total.append(Math.round(m.bytesPerProcess()));
            ns.append(Math.round(m.nsPerSpawn()));
            memRatio.append(Published.ratio(m.bytesPerProcess(), beamBytes));
            nsRatio.append(Published.ratio(m.nsPerSpawn(), beamNs));
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
            double b = Published.value(runtime, experiment, "bytesPerProcess");
            double t = Published.value(runtime, experiment, "nsPerSpawn");
            if (runtime.equals(PYTHON)) {
                t = beamNs * 70; // the article: 40 to 100 times BEAM's spawn time; 70 is the midpoint
            }
            String name = Published.runtime(runtime, experiment, "bytesPerProcess");
            kind.append(name);
            source.append("article: " + Published.note(runtime, experiment, "bytesPerProcess")
                    + (runtime.equals(PYTHON) ? "; spawn time published as 40 to 100x BEAM (70x shown)" : ""));
            count.appendMissing();
            heap.appendMissing();
            stacks.appendMissing();
            rss.appendMissing();
            total.append(b);
            ns.append(t);
            memRatio.append(Published.ratio(b, beamBytes));
            nsRatio.append(Published.ratio(t, beamNs));
            categories.add(runtime.equals(PYTHON) ? "Python thread" : runtime.equals(GO) ? "goroutine" : "BEAM");
            bytesSeries.add(b);
            nsSeries.add(t);
        }
        Table table = Table.create("Kinds side by side: ours measured here, theirs as the article published them", kind, count,
                total, heap, stacks, rss, ns, memRatio, nsRatio, source);
        Map<String, List<? extends Number>> series = new LinkedHashMap<>();
        series.put("bytes per unit", bytesSeries);
        series.put("ns per spawn", nsSeries);
        var chart = Charts.bars("Bytes and ns to spawn, per unit (log scale)",
                "bytes, ns (log)", false, categories, series);
        // XChart's bars refuse a log axis unless its minimum is set: the lowest power of ten below the data
        double min = java.util.stream.Stream.concat(bytesSeries.stream(), nsSeries.stream())
                .mapToDouble(Number::doubleValue).filter(v -> v > 0).min().orElse(1);
        chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(min))));
        chart.getStyler().setYAxisLogarithmic(true);
        return new Report(table, chart, List.of(
                "JVM bytes / unit: heap after GC per unit, plus for platform threads their committed native stacks (NMT)",
                "platform threads run at most " + platformN + " at a time here: creating one takes about 0.7 ms in this sandbox",
                "Go and Python figures are the article's, measured differently (HeapAlloc + StackInuse; Python RSS)"));
    }

    /**
     * Sections 4 and 7.3: spawn n, {@code runs} times in one JVM (the JIT warms up), next to one
     * fresh JVM per run, for toolkit processes and raw virtual threads.
     */
    public static Report warmUp(int n, int runs, Progress progress) {
        Cap.check("n", n, 1_000);
        if (runs < 2 || runs > 20) {
            throw new IllegalArgumentException("runs must be between 2 and 20, got " + runs);
        }
        Measurement oneJvm = ChildJvm.run(ExperimentSpec.of("spawn", n).withFixedRuns(runs), progress);
        Measurement oneJvmVirtual = ChildJvm.run(ExperimentSpec.of("spawn", n).withKind(Kind.VIRTUAL).withFixedRuns(runs), progress);
        List<Measurement> fresh = new ArrayList<>();
        int freshRuns = Math.min(runs, 3); // a fresh JVM per run is the expensive part; three show it never warms
        for (int i = 0; i < freshRuns; i++) {
            fresh.add(ChildJvm.run(ExperimentSpec.of("spawn", n), progress));
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
        double beamRepeated = Published.value(BEAM, "warmup", "nsPerSpawnRepeated");
        double goFirst = Published.value(GO, "warmup", "nsPerSpawnFirstRun");
        double goLater = Published.value(GO, "warmup", "nsPerSpawnLaterRuns");
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
            procNs.append(Math.round(p));
            virtNs.append(Math.round(v));
            freshNs.append(Double.isNaN(f) ? Double.NaN : Math.round(f));
            procBytes.append(Math.round(oneJvm.runs().get(i).metric("bytesPerProcess")));
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
                        new Series("JVM process, one JVM", xs, ys1),
                        new Series("JVM virtual thread, one JVM", xs, ys2),
                        new Series("JVM process, fresh JVM each run", xs, ys3),
                        new Series("BEAM (article)", xs, ysBeam),
                        new Series("Go (article)", xs, ysGo)));
        return new Report(table, chart, List.of(
                "run 1 in one JVM is cold: the spawn loop runs interpreted, its frames are bigger and slower; later runs are compiled",
                "a fresh JVM per run is cold every time (three are run): its figures do not improve, which is what the article's one-run table showed for Go",
                "which of two close figures is faster can change between run 1 and the rest: compare warm medians, and say which you used"));
    }
}
