package dev.loomlab.api;

import dev.loomlab.experiment.Experiment;
import dev.loomlab.experiment.Kind;
import dev.loomlab.experiment.Measurement;
import dev.loomlab.experiment.MeasurementJson;
import dev.loomlab.experiment.Verdict;
import dev.loomlab.view.Grid;
import dev.loomlab.load.LoadRow;
import dev.loomlab.measure.Interval;
import dev.loomlab.measure.Spread;
import dev.loomlab.measure.Units;
import dev.loomlab.view.Section;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.DoublePredicate;
import java.util.function.Predicate;

/**
 * The sentence that sets a reader's cell beside the toolkit's measurement of the same thing: the
 * figure the cell left (by {@code %%fresh --into} or {@code %%erl --into}), the protocol's figure with
 * its interval over fresh VMs (or the range of its measured runs, with one VM), whether the cell's
 * figure lies inside it, and, when it does not, why in method terms: a cold run (before the JIT
 * compiled the loop, its threads parked in the bigger frames of code not yet compiled, or holding what it
 * allocated once), JShell in the cell's JVM (what it compiles between two heap readings, or a whole JVM's
 * peak), one VM against several, a collection in the timed window, another size. Every part is
 * computed from the two figures; nothing is written in advance.
 *
 * <p>The reader's figure is in the protocol's metric's unit ({@code nsPerHop} in nanoseconds,
 * {@code bytesPerProcess} in bytes). A protocol measured by BEAM here is worded as a BEAM VM's.
 */
public final class ReaderCell {

    private ReaderCell() {}

    /**
     * The sentence for {@code yours} against {@code protocol}'s {@code metric}.
     *
     * @param yours    the cell's figure, NaN when it has none (e.g. starved before its deadline)
     * @param metric   the protocol's metric, e.g. {@code "nsPerHop"}
     * @param what     what one unit of it is, e.g. "a hop", "an idle process"
     * @param protocol the toolkit's measurement of the same thing (a failed one says so; null when it did not run)
     */
    public static String relate(double yours, String metric, String what, Measurement protocol) {
        return relate(yours, metric, what, protocol, 0);
    }

    /** The same, knowing the cell's n ({@code yourN}; 0 when the cell's n is not known). */
    private static String relate(double yours, String metric, String what, Measurement protocol, long yourN) {
        if (protocol == null) {
            return head(yours, metric, what, "VM") + "; the protocol did not run (for BEAM here: Erlang is not installed)";
        }
        boolean beam = Kind.BEAM.label().equals(protocol.kind());
        String vm = beam ? "BEAM VM" : "JVM";
        if (!protocol.ok() || Double.isNaN(protocol.metric(metric))) {
            return head(yours, metric, what, vm) + "; the protocol has no figure "
                    + (protocol.ok() ? "named " + metric : "(" + protocol.outcome() + ")") + " to set it beside";
        }
        Interval interval = protocol.interval(metric);
        Spread runs = protocol.spread().getOrDefault(metric, Spread.of(protocol.metric(metric)));
        double gcInWindow = protocol.metric("gcInWindow");
        return sentence(yours, metric, what, vm, interval, protocol.vms(), protocolWords(protocol, metric), runs, RUNS,
                protocol.cold(metric), gcInWindow, protocol.n(), yourN, true, false);
    }

    /**
     * The same against the measurement of {@code experiment} by {@code kind} behind a {@link Section}
     * (its {@link Section#measurements()}; the largest n when there are several), or a sentence saying
     * the section holds none.
     */
    public static String relate(double yours, String metric, String what, Section section, Experiment experiment, Kind kind) {
        return relate(yours, metric, what, section, experiment, kind, m -> true, LARGEST_N, 0, "");
    }

    /**
     * The same against the measurement whose n is nearest {@code n}, the reader's cell's n (a cell of
     * 10,000 processes beside the section's 10,000 tier, not its largest), the larger n of two as near.
     */
    public static String relateNearN(double yours, String metric, String what, Section section, Experiment experiment, Kind kind,
                                     long n) {
        Comparator<Measurement> nearer = Comparator.<Measurement>comparingLong(x -> Math.abs(x.n() - n)).reversed();
        return relate(yours, metric, what, section, experiment, kind, x -> true, nearer.thenComparing(LARGEST_N), n, "");
    }

    /**
     * The same against the measurement whose m is {@code m} (e.g. the list size of {@code state}), the
     * largest n among those, or a sentence saying the section holds none with that m.
     */
    public static String relate(double yours, String metric, String what, Section section, Experiment experiment, Kind kind, long m) {
        return relate(yours, metric, what, section, experiment, kind, x -> x.m() == m, LARGEST_N, 0, String.format(" with m = %,d", m));
    }

    /** Of two measurements, the one with the larger n counts as greater. */
    private static final Comparator<Measurement> LARGEST_N = Comparator.comparingLong(Measurement::n);

    private static String relate(double yours, String metric, String what, Section section, Experiment experiment, Kind kind,
                                 Predicate<Measurement> which, Comparator<Measurement> preferred, long yourN, String whichWords) {
        return behind(section, experiment, kind, which.and(m -> !Double.isNaN(m.metric(metric))), preferred)
                .map(m -> relate(yours, metric, what, m, yourN))
                .orElse(head(yours, metric, what, kind == Kind.BEAM ? "BEAM VM" : "JVM")
                        + "; the section holds no " + experiment.name() + " measurement by " + kind.label() + whichWords + " of " + metric
                        + " to set it beside");
    }

    /**
     * The measurement of {@code experiment} by {@code kind} behind {@code section}, the largest n when
     * there are several.
     */
    static Optional<Measurement> behind(Section section, Experiment experiment, Kind kind) {
        return behind(section, experiment, kind, m -> true, LARGEST_N);
    }

    /** The same among those {@code which} accepts, the greatest by {@code preferred}. */
    private static Optional<Measurement> behind(Section section, Experiment experiment, Kind kind, Predicate<Measurement> which,
                                                Comparator<Measurement> preferred) {
        List<Measurement> behind = new ArrayList<>();
        section.measurements().forEach(node -> behind.add(MeasurementJson.fromTree(node)));
        return behind.stream()
                .filter(m -> experiment.name().equals(m.experiment()) && kind.label().equals(m.kind()) && which.test(m))
                .max(preferred);
    }

    /**
     * What a JVM flag changed, between two of the reader's own cells that differ only in that flag (each one
     * fresh JVM): {@code withFlag} against {@code without}, the difference and its share, and that one JVM
     * each cannot tell a flag's effect from the spread between fresh JVMs. NaN on either side says which
     * cell has no figure.
     */
    public static String change(double withFlag, double without, String flag, String metric, String what) {
        if (Double.isNaN(withFlag) || Double.isNaN(without)) {
            return String.format("%s: no figure %s (%s), so nothing to compare", what,
                    Double.isNaN(withFlag) ? "from the cell with " + flag : "from the cell without it",
                    Double.isNaN(withFlag) ? "it failed or stopped at its deadline" : "run it first");
        }
        double diff = withFlag - without;
        return String.format("%s: %s with %s, %s without it; the flag changed it by %s%s (%+.0f%%), one fresh JVM each: "
                        + "rerun both cells to see how far a figure moves by itself before you read the difference as the flag's",
                what, Verdict.format(metric, withFlag), flag, Verdict.format(metric, without), diff < 0 ? "-" : "+",
                Verdict.format(metric, Math.abs(diff)), 100 * diff / without);
    }

    /**
     * The same for a round trip under load: {@code yoursNs} (nanoseconds, the mean) against one row of
     * {@code load(...)}, measured in fresh JVMs (or BEAM VMs) whose echo warmed up before its loops
     * started, with the row's interval across them. A row that starved says so, as a cell that starved
     * does; a null row (none measured) too.
     */
    public static String relate(double yoursNs, String what, LoadRow row) {
        String metric = "roundTripNsMean";
        if (row == null) {
            return head(yoursNs, metric, what, "VM") + "; the protocol has no such row (for BEAM here: Erlang is not installed)";
        }
        String vm = Kind.BEAM.label().equals(row.kind()) ? "BEAM VM" : "JVM";
        double theirs = row.roundTripMicrosMean() * 1_000;
        if (Double.isNaN(theirs)) {
            return head(yoursNs, metric, what, vm) + String.format("; the protocol's row (%s, %,d loop%s): %s%s",
                    row.kind(), row.loops(), row.loops() == 1 ? "" : "s", row.verdict(), Double.isNaN(yoursNs)
                            ? ". Neither completed a round trip: the cell and the protocol agree" : "");
        }
        int vms = row.vmCount();
        return sentence(yoursNs, metric, what, vm, row.interval(r -> r.roundTripMicrosMean() * 1_000), vms,
                String.format("%s with %,d busy loop%s, warmed up, %s", row.kind(), row.loops(), row.loops() == 1 ? "" : "s",
                        vms == 1 ? "one fresh " + vm : "the median of their means"),
                Spread.of(row.roundTripMicrosP50() * 1_000, row.roundTripMicrosP99() * 1_000), "round trips from p50 to p99",
                Double.NaN, Double.NaN, 0, 0, true, false);
    }

    /**
     * The same against one figure of the protocol's that is not a {@link Measurement} (a cell of a
     * section's table: one child JVM or BEAM VM, no runs to range over), described by
     * {@code protocolWords}, e.g. "one child JVM, steady batches". NaN when the protocol has no figure. Such a
     * figure's clock is not known to start after a full GC, so the sentence does not offer a collection as a reason.
     *
     * @param beam true when the protocol's figure is a BEAM VM's
     */
    public static String relate(double yours, String metric, String what, double theirs, boolean beam, String protocolWords) {
        return relate(yours, metric, what, Interval.of(theirs), beam, protocolWords);
    }

    /**
     * The same against a figure of the protocol's given as its interval across fresh VMs (one VM's: no
     * interval), e.g. a load table's slope, one per pass of its VMs ({@code LoadResult.slope}).
     */
    public static String relate(double yours, String metric, String what, Interval theirs, boolean beam, String protocolWords) {
        String vm = beam ? "BEAM VM" : "JVM";
        if (Double.isNaN(theirs.median())) {
            return head(yours, metric, what, vm) + "; the protocol has no figure to set it beside (" + protocolWords + ")";
        }
        return sentence(yours, metric, what, vm, theirs, theirs.count(), protocolWords, Spread.of(theirs.median()), RUNS,
                Double.NaN, Double.NaN, 0, 0, false, false);
    }

    /**
     * The same against one JVM figure taken after the JIT warmed its code up (e.g. a child's last batch once three
     * agree), whose cold figure is not known: a cell, one cold run, that times more than it is told the JIT may
     * not yet have compiled its loop.
     */
    public static String relateToWarm(double yours, String metric, String what, double theirs, String protocolWords) {
        if (Double.isNaN(theirs)) {
            return relate(yours, metric, what, theirs, false, protocolWords);
        }
        return sentence(yours, metric, what, "JVM", Interval.of(theirs), 1, protocolWords, Spread.of(theirs), RUNS, Double.NaN,
                Double.NaN, 0, 0, false, true);
    }

    /** What a protocol's spread ranges over, unless said otherwise ("its …" or "the protocol's …" in a sentence). */
    private static final String RUNS = "measured runs";

    private static String sentence(double yours, String metric, String what, String vm, Interval interval, int vms,
                                   String protocolWords, Spread runs, String rangeOf, double cold, double gcInWindow, long n,
                                   long yourN, boolean clockAfterGc, boolean warmWithoutCold) {
        String head = head(yours, metric, what, vm);
        String theirs = interval.has()
                ? String.format("%s [%s, %s] over %d fresh %ss", Verdict.format(metric, interval.median()),
                        Verdict.format(metric, interval.low()), Verdict.format(metric, interval.high()), vms, vm)
                : Verdict.format(metric, interval.median());
        StringBuilder s = new StringBuilder(head).append("; the protocol: ").append(theirs).append(", ").append(protocolWords);
        if (n > 0) {
            s.append(String.format(", n = %,d", n));
        }
        if (!Double.isNaN(cold)) {
            s.append(" (cold: ").append(Verdict.format(metric, cold)).append(')');
        }
        if (Double.isNaN(yours)) {
            return s.append(". Your cell has no figure where the protocol has one: it stopped at its own deadline, "
                    + "while the protocol's run completed").toString();
        }
        if (Math.signum(yours) != Math.signum(interval.median())) {
            return s.append(". Yours and the protocol's have different signs (one of them did not grow), so no ratio sets "
                    + "them side by side: rerun your cell to see whether its sign holds").toString();
        }
        double ratio = yours / interval.median();
        s.append(". Yours is ").append(ratioWords(ratio)).append(" the protocol's");
        boolean oneFigure = !interval.has() && runs.count() <= 1;
        boolean onePoint = oneFigure || !interval.has() && runs.min() == runs.max();
        DoublePredicate held = x -> interval.has() ? interval.contains(x) : runs.count() > 0 && x >= runs.min() && x <= runs.max();
        if (held.test(yours)) {
            return s.append(interval.has() ? ", inside its interval: the cell and the protocol agree"
                    : onePoint ? ", the same figure: the cell and the protocol agree"
                    : ", inside the range of its " + rangeOf + ": the cell and the protocol agree").toString();
        }
        s.append(interval.has() ? ", outside its interval"
                : oneFigure ? "; the protocol's one figure has no range to hold yours, so only the ratio says how near"
                : onePoint ? "; the protocol's " + rangeOf + " all read " + Verdict.format(metric, runs.min()) + ", so no range holds "
                        + "yours and only the ratio says how near"
                : ", outside the range of its " + rangeOf);
        List<String> why = new ArrayList<>();
        boolean coldApart = !Double.isNaN(cold) && (interval.has() || runs.count() > 0) && !held.test(cold)
                && !Verdict.format(metric, cold).equals(Verdict.format(metric, interval.median()));
        // a first run that paid more than the later ones explains a cell above them when it reaches at least a third of the
        // way to the cell, on a log scale (e.g. 67 B cold beside 64 B measured explains no cell at 265 B; 1,085 B cold beside
        // 620 B explains one at 2,115 B); one that paid less explains nothing
        boolean coldExplainsYours = cold > interval.median() && yours > interval.median()
                && Math.abs(yours - cold) < Math.abs(yours - interval.median())
                && (interval.median() <= 0 || 3 * Math.log(cold / interval.median()) >= Math.log(yours / interval.median()));
        if (coldApart && coldExplainsYours) {
            why.add(!vm.equals("JVM")
                    ? "it is nearer the protocol's first runs: a first run in a fresh BEAM VM pays for what later runs reuse"
                    : Units.isNanos(metric)
                    ? "it is nearer the protocol's cold runs: a first run in a fresh JVM runs before the JIT has compiled "
                            + "the measured code (warm it up with untilSteady to see the steady figure)"
                    : metric.startsWith("nativeStack")
                    ? "it is nearer the protocol's cold runs: a thread that runs interpreted code, as in a fresh JVM, touches every "
                            + "page of the JVM's stack shadow zone, and compiled code only its far end (a cell is one cold run)"
                    : "it is nearer the protocol's cold runs: a first run in a fresh JVM parks its threads in the frames of code "
                            + "the JIT has not compiled yet, which are bigger, and holds what it allocated once (classes loaded, the "
                            + "code's first objects), which later runs reuse");
        }
        if (warmWithoutCold && Units.isNanos(metric) && yours > interval.median()) {
            why.add("your cell is one cold run in a fresh JVM, whose loop runs interpreted until the JIT compiles it, and the "
                    + "protocol's figure was taken once its code was warm (time your loop with untilSteady to set a warm figure beside it)");
        }
        if (vm.equals("JVM") && heapPerUnit(metric) && yours > interval.median()) {
            why.add("if your cell reads the heap in two statements: a %fresh JVM runs your cell through JShell, which compiles "
                    + "each statement when it reaches it, and what it keeps of compiling those between the two readings counts in "
                    + "your figure, divided by your n");
        }
        if (vm.equals("JVM") && wholeVmMemory(metric) && yours > interval.median()) {
            why.add("a %fresh JVM also runs JShell, which compiles and runs your cell, with the toolkit on its class path: "
                    + "a figure of the whole JVM's memory starts higher there than in the bare JVM the protocol runs");
        }
        why.add(vms > 1
                ? String.format("your cell is one VM, and one VM's figure can lie outside an interval over %d VMs: "
                        + "rerun the cell a few times to see that spread", vms)
                : "both sides are one VM each, and fresh VMs differ by more than the runs inside one");
        if (clockAfterGc && yours > interval.median() && Units.isNanos(metric)) {
            why.add("a collection inside your timed window adds to your figure (a cell that times with GcWindow prints how many): "
                    + "the protocol starts its clock after a full GC" + (Double.isNaN(gcInWindow) ? ""
                            : gcInWindow == 0 ? ", and none fell inside its window"
                            : String.format(", and %,.0f still fell inside its window", gcInWindow)));
        }
        if (n > 0 && yourN != n && perUnit(metric)) {
            why.add(String.format("%s: a figure per unit carries the fixed costs divided by n%s, so it reads differently at another n",
                    yourN > 0 ? String.format("your cell's n is %,d, the protocol's %,d", yourN, n)
                            : String.format("if your cell's n was not the protocol's %,d", n), vm.equals("JVM")
                    ? ", and in a cold run the share of the units that ran before the JIT compiled their code" : ""));
        }
        return s.append(": ").append(String.join("; ", why)).toString();
    }

    /** The ratio as a factor, with its percentage where the factor alone prints as 1.0. */
    private static String ratioWords(double ratio) {
        String factor = Grid.printRatio(ratio) + "×";
        boolean printsAsOne = factor.equals("1.0×") || factor.equals("1.00×");
        return printsAsOne && ratio != 1 ? String.format("%s (%+.1f%%)", factor, 100 * (ratio - 1)) : factor;
    }

    /** True for the resident memory of a whole VM ({@code peakRssBytes}), which a reader's cell measures with JShell in it. */
    private static boolean wholeVmMemory(String metric) {
        return metric.startsWith("peakRss");
    }

    /** True for heap bytes divided by n ({@code bytesPerProcess}), not a native stack's (NMT) nor a whole VM's resident memory. */
    private static boolean heapPerUnit(String metric) {
        return perUnit(metric) && metric.toLowerCase(Locale.ROOT).contains("bytes") && !metric.startsWith("nativeStack")
                && !metric.startsWith("rss");
    }

    /** True for a figure divided by n (bytesPerProcess, nsPerHop), not one of the whole VM or of one round trip. */
    private static boolean perUnit(String metric) {
        return metric.matches(".*Per[A-Z].*");
    }

    private static String head(double yours, String metric, String what, String vm) {
        return Double.isNaN(yours)
                ? String.format("your cell: no figure for %s (nothing completed before its deadline), one fresh %s", what, vm)
                : String.format("your cell: %s for %s, one fresh %s", Verdict.format(metric, yours), what, vm);
    }

    /** How the protocol reached its figure: its steadiness, naming the metric it was judged on when that is another. */
    private static String protocolWords(Measurement m, String metric) {
        String on = m.steadinessOn(metric);
        if (m.vms() > 1) {
            return m.steady() ? "steady" + on + " in every VM" : m.steadiness() + on + " in at least one VM";
        }
        if (m.runs().size() <= 1) {
            return "one cold run";
        }
        return (m.steady() ? "steady" : m.steadiness()) + on + " in one VM";
    }
}
