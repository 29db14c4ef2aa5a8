package dev.loomlab.articles;

import dev.loomlab.experiment.Measurement;
import dev.loomlab.limits.Cgroups;
import dev.loomlab.measure.Units;
import dev.loomlab.view.Grid;
import dev.loomlab.view.Section;
import java.util.List;

/**
 * The Japanese article's §8, "the limits of this measurement", asked of the JVM: four questions
 * a reader should put to any figure above, each answered from a measurement of this run or from
 * the run's setting, never by prose alone. Arranges; the measuring was done by the caller's run.
 */
final class MeasurementLimits {

    /**
     * One question, what this run says, and what it means for the figures.
     *
     * @param question the limit of the measurement
     * @param thisRun  computed from the run
     * @param meaning  how to read the figures given that
     */
    record Row(String question, String thisRun, String meaning) {}

    private MeasurementLimits() {}

    /** The four rows from one idle-process measurement {@code m} (spawn, fresh JVM, warm-up protocol). */
    static Section of(Measurement m) {
        List<Row> rows = List.of(heapAgainstRss(m), coldAgainstWarm(m), realAgainstSimulated(), busyMachine(m));
        String on = m.steadinessOn(Measurement.WHOLE_RUN);
        String protocol = !m.ok() ? m.outcome() : m.vms() <= 1 ? m.steadiness() + on
                : m.steady() ? String.format("steady%s in each of %d fresh JVMs", on, m.vms())
                : String.format("%s%s in at least one of %d fresh JVMs", m.steadiness(), on, m.vms());
        var table = Grid.of(String.format("The limits of this measurement, for the JVM (from spawn n = %,d, %s)", m.n(), protocol), rows)
                .text("limit", Row::question)
                .text("this run", Row::thisRun)
                .text("what it means for the figures above", Row::meaning)
                .build();
        return new Section(table, null, List.of());
    }

    static Row heapAgainstRss(Measurement m) {
        double heap = m.metric("heapBytesPerProcess");
        double rss = m.metric("rssBytesPerProcess");
        boolean measured = m.ok() && !Double.isNaN(heap);
        String run = !measured ? "not measured: " + m.outcome()
                : String.format("heap after a full GC %s per process, RSS %s per process (RSS / heap %s)", Units.bytes(heap),
                Double.isNaN(rss) ? "not read" : Units.bytes(rss), Double.isNaN(rss) ? "?" : ratio(rss / heap));
        String thisRun = !measured || Double.isNaN(rss) || rss == heap ? ""
                : rss < heap ? "; here RSS grew less than the heap: the processes went into heap pages the JVM had already touched "
                        + "before the spawn"
                : "; here RSS grew more than the heap: it also holds pages the collector has not returned and the JVM's own";
        return new Row("heap after GC against RSS", run, "the heap after a full GC counts live objects, an accounting figure "
                + "like BEAM's erlang:memory(processes); RSS counts the pages the process touched, so it moves with the collector "
                + "and the machine, not only with n" + thisRun);
    }

    static Row coldAgainstWarm(Measurement m) {
        String run;
        if (!m.ok()) {
            run = "not measured: " + m.outcome();
        } else if (m.runs().size() < 2) {
            run = "one cold run only: no warm figure to set beside it";
        } else {
            // the steadiness is the judged metric's (a spawn's time); the bytes come from the same runs
            run = String.format("spawn %s cold, %s %s%s (cold / summary %s); bytes per process %s cold, %s %s",
                    Units.nanos(m.cold("nsPerSpawn")), Units.nanos(m.nsPerSpawn()), m.steadiness(), m.steadinessOn("nsPerSpawn"),
                    ratio(m.cold("nsPerSpawn") / m.nsPerSpawn()), Units.bytes(m.cold("bytesPerProcess")),
                    Units.bytes(m.bytesPerProcess()), m.vms() > 1 ? String.format("after the warm-up, the median of %d fresh JVMs", m.vms())
                            : Measurement.NOT_STEADY.equals(m.steadiness()) ? "in the last run" : "after the warm-up");
        }
        return new Row("cold against warm", run, "a fresh VM is what the articles measured; the JIT makes the JVM's first run "
                + "slower and its interpreted frames heavier, so every table says which figure it quotes");
    }

    static Row realAgainstSimulated() {
        boolean memory = Cgroups.writable("memory").isPresent();
        boolean cpu = Cgroups.writable("cpu").isPresent();
        String run = "memory cgroup: " + (memory ? "real (writable here)" : "simulated (" + Cgroups.whyNot("memory") + ")")
                + "; cpu cgroup: " + (cpu ? "real (writable here)" : "simulated (" + Cgroups.whyNot("cpu") + ")");
        return new Row("real against simulated cgroups", run, "a real cgroup is read by the JVM's container support as in Docker; "
                + "a simulated one is JVM flags (-XX:MaxRAM, -XX:ActiveProcessorCount) that size the JVM the same way but leave "
                + "the kernel's limits, and its OOM killer, out; each table's rows say which they were");
    }

    static Row busyMachine(Measurement m) {
        String run = m.env() == null ? "the run's setting was not recorded"
                : "at the start of the run: " + m.env().loadWords() + (m.env().busy() ? " (BUSY)" : " (not busy)");
        return new Row("a result taken on a busy machine", run, "other processes take processors from the measurement: times "
                + "grow and spread, bytes much less; a busy run is flagged beside its figures, so rerun it before comparing times");
    }

    private static String ratio(double r) {
        return Grid.printRatio(r) + "×";
    }
}
