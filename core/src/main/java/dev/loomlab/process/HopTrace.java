package dev.loomlab.process;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;

/**
 * Where a message hop's time goes, for a conversation that has one message in flight at a time
 * (a ring's token, a ping-pong's ball). Off unless the JVM runs with
 * {@code -Dloomlab.hopTrace=true}: every hook in {@link Pid} is then behind {@link #ENABLED}, a
 * constant the JIT folds, so a JVM that does not trace runs the same code as before.
 *
 * <p>A hop k runs from its send's start to the next send's start, and is cut into four segments
 * on that one time line, which add up to the hop exactly:
 * <ol>
 *   <li><b>send</b>: {@code send} until it returned: the mailbox's CAS, and the unpark of a
 *       waiting receiver (or until the receiver ran again, if that came first);</li>
 *   <li><b>wake</b>: from then until the receiver runs again and looks at its mailbox (after its
 *       park returned, its spin saw the message, or it found it without waiting);</li>
 *   <li><b>take</b>: the mailbox take, until {@code receive} returns;</li>
 *   <li><b>forward</b>: the receiver's own code, until it sends the next message.</li>
 * </ol>
 * It also notes, per hop, whether the receiver ran on another carrier than its sender (read with
 * {@code Thread.currentCarrierThread}, which needs {@code --add-opens java.base/java.lang=ALL-UNNAMED};
 * without it, carriers are not compared).
 *
 * <p>Only one thread writes each slot, and the slots of a hop are read only after {@link #stop},
 * when the conversation has ended: its end happens-before the reader through whatever the caller
 * waited on (a latch). One send in {@link #SAMPLE_EVERY} is traced, and beyond {@link #CAPACITY}
 * traced hops nothing more is recorded.
 */
public final class HopTrace {

    /** True in a JVM started with {@code -Dloomlab.hopTrace=true}. */
    public static final boolean ENABLED = Boolean.getBoolean("loomlab.hopTrace");

    /** The JVM flags that turn tracing on, carriers included. */
    public static final List<String> JVM_FLAGS = List.of("-Dloomlab.hopTrace=true", "--add-opens=java.base/java.lang=ALL-UNNAMED");

    /** The most hops one trace keeps. */
    public static final int CAPACITY = 1 << 16;

    /**
     * One send in {@value} is traced, with the send after it (which ends its hop): the clock is read
     * four times in a traced hop, and reading it costs tens of nanoseconds on some machines, so the
     * other hops run as they would untraced and the run's own figure stays close to an untraced one.
     * Odd, so that both directions of a two-party conversation (a ping-pong) are traced in turn.
     */
    public static final int SAMPLE_EVERY = 7;

    private static final MethodHandle CARRIER = carrierHandle();

    private static volatile boolean recording;
    private static long[] sendStart;
    private static long[] sent;
    private static long[] woke;
    private static long[] taken;
    private static long[] ended;
    private static long[] senderCarrier;
    private static long[] receiverCarrier;
    /** Sends since the start; written by each sender before it publishes (one message in flight). */
    private static long sends = -1;
    /** Index of the last traced hop. */
    private static int hop = -1;
    /** True while the message in flight is a traced hop's. */
    private static boolean inFlight;
    /** True when the next send ends the last traced hop. */
    private static boolean endPending;

    private HopTrace() {}

    /** Starts a trace: the next send is hop 0. */
    public static synchronized void start() {
        sendStart = new long[CAPACITY];
        sent = new long[CAPACITY];
        woke = new long[CAPACITY];
        taken = new long[CAPACITY];
        ended = new long[CAPACITY];
        senderCarrier = new long[CAPACITY];
        receiverCarrier = new long[CAPACITY];
        sends = -1;
        hop = -1;
        inFlight = false;
        endPending = false;
        recording = true;
    }

    /** Stops the trace and returns its hops; call it after the conversation has ended. */
    public static synchronized Trace stop() {
        recording = false;
        int hops = Math.min(hop + 1, CAPACITY);
        return new Trace(hops, sendStart, sent, woke, taken, ended, senderCarrier, receiverCarrier, CARRIER != null,
                clockReadNanos());
    }

    /** What one {@code System.nanoTime()} costs in this JVM, ns: the mean over 100,000 reads. */
    public static double clockReadNanos() {
        int reads = 100_000;
        long sink = 0;
        long start = System.nanoTime();
        for (int i = 0; i < reads; i++) {
            sink += System.nanoTime();
        }
        long elapsed = System.nanoTime() - start;
        return sink == 42 ? Double.NaN : (double) elapsed / reads;
    }

    // ---- the hooks, called by Pid only when ENABLED -------------------------------------------

    /**
     * The sender, before it publishes: ends the last traced hop, and starts a traced one every
     * {@link #SAMPLE_EVERY} sends made by a process; returns its index (-1: not traced).
     */
    static int sending() {
        if (!recording) {
            return -1;
        }
        long s = ++sends;
        if (endPending) {
            ended[hop] = System.nanoTime();
            endPending = false;
        }
        if (s % SAMPLE_EVERY != 0 || hop + 1 >= CAPACITY || !Thread.currentThread().isVirtual()) {
            // a send from outside the conversation (the thread that starts it) is not a process's hop
            inFlight = false;
            return -1;
        }
        int k = ++hop;
        sendStart[k] = System.nanoTime();
        senderCarrier[k] = carrierId();
        inFlight = true;
        endPending = true;
        return k;
    }

    /** The sender, when its send returned. */
    static void sent(int k) {
        if (k >= 0) {
            sent[k] = System.nanoTime();
        }
    }

    static void woke() {
        int k = hop;
        if (recording && inFlight && k >= 0 && woke[k] == 0) {
            woke[k] = System.nanoTime();
            receiverCarrier[k] = carrierId();
        }
    }

    static void taken() {
        int k = hop;
        if (recording && inFlight && k >= 0 && taken[k] == 0) {
            if (woke[k] == 0) {
                woke();
            }
            taken[k] = System.nanoTime();
        }
    }

    private static long carrierId() {
        if (CARRIER == null) {
            return 0;
        }
        try {
            Thread carrier = (Thread) CARRIER.invokeExact();
            return carrier.threadId();
        } catch (Throwable e) {
            return 0;
        }
    }

    private static MethodHandle carrierHandle() {
        if (!ENABLED || !Boolean.parseBoolean(System.getProperty("loomlab.hopTrace.carriers", "true"))) {
            return null;
        }
        try {
            return MethodHandles.privateLookupIn(Thread.class, MethodHandles.lookup())
                    .findStatic(Thread.class, "currentCarrierThread", MethodType.methodType(Thread.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null; // java.lang not opened to us: carriers are not compared
        }
    }

    /**
     * The hops of one trace, as the five segments of each (nanoseconds) and whether the receiver
     * ran on another carrier.
     */
    public static final class Trace {
        private final int hops;
        private final long[] sendStart;
        private final long[] sent;
        private final long[] woke;
        private final long[] taken;
        private final long[] ended;
        private final long[] senderCarrier;
        private final long[] receiverCarrier;
        private final boolean carriers;
        private final double clockReadNanos;

        Trace(int hops, long[] sendStart, long[] sent, long[] woke, long[] taken, long[] ended,
              long[] senderCarrier, long[] receiverCarrier, boolean carriers, double clockReadNanos) {
            this.hops = hops;
            this.sendStart = sendStart;
            this.sent = sent;
            this.woke = woke;
            this.taken = taken;
            this.ended = ended;
            this.senderCarrier = senderCarrier;
            this.receiverCarrier = receiverCarrier;
            this.carriers = carriers;
            this.clockReadNanos = clockReadNanos;
        }

        /** What one clock reading cost in the traced JVM, ns (NaN: not measured): a traced hop reads it four times. */
        public double clockReadNanos() {
            return clockReadNanos;
        }

        /**
         * Builds a trace from timestamps (for tests): {@code t[k]} = send start, send returned, woke,
         * taken, next send's start.
         */
        public static Trace of(long[][] t, long[] senderCarrier, long[] receiverCarrier) {
            int n = t.length;
            long[][] columns = new long[5][n];
            for (int k = 0; k < n; k++) {
                for (int c = 0; c < 5; c++) {
                    columns[c][k] = t[k][c];
                }
            }
            return new Trace(n, columns[0], columns[1], columns[2], columns[3], columns[4],
                    senderCarrier, receiverCarrier, senderCarrier != null, Double.NaN);
        }

        /** Hops traced (a hop still in flight at the end is not {@link #complete}). */
        public int hops() {
            return hops;
        }

        /** True if hop k's timestamps are all there, in order. */
        public boolean complete(int k) {
            return sendStart[k] != 0 && sent[k] >= sendStart[k] && woke[k] >= sendStart[k]
                    && taken[k] >= woke[k] && ended[k] >= taken[k];
        }

        /** Hop k's segments in the order of {@link Segment}, in nanoseconds; they add up to the hop. */
        public long[] segments(int k) {
            long sendEnd = Math.min(sent[k], woke[k]);
            return new long[] {
                    sendEnd - sendStart[k],
                    woke[k] - sendEnd,
                    taken[k] - woke[k],
                    ended[k] - taken[k]};
        }

        /** The whole hop k: from its send to the next. */
        public long hop(int k) {
            return ended[k] - sendStart[k];
        }

        /** True if carriers were read. */
        public boolean carriersRead() {
            return carriers;
        }

        /** True if hop k's receiver ran on another carrier than its sender. */
        public boolean crossedCarriers(int k) {
            return carriers && senderCarrier[k] != 0 && receiverCarrier[k] != 0 && senderCarrier[k] != receiverCarrier[k];
        }
    }

    /** The four segments of a hop, in time order. */
    public enum Segment {
        SEND("send"), WAKE("wake"), TAKE("take"), FORWARD("forward");

        private final String label;

        Segment(String label) {
            this.label = label;
        }

        /** The name used in metrics and tables. */
        public String label() {
            return label;
        }
    }
}
