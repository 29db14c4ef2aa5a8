package dev.loomlab.isolation;

import dev.loomlab.jvm.ChildCall;
import dev.loomlab.jvm.ChildReply;
import dev.loomlab.jvm.ChildSide;
import dev.loomlab.process.Pid;
import dev.loomlab.process.Processes;
import dev.loomlab.util.Progress;
import dev.loomlab.view.Grid;
import dev.loomlab.view.Plot;
import dev.loomlab.view.Section;
import dev.loomlab.view.Series;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The French article's isolation: on BEAM a message is copied into the receiver's heap, so a
 * process's state is its own; on the JVM a message is a reference, so sender and receiver share
 * the object. Measured in a fresh JVM ({@link #main}: the measured loops): what a receiver sees of
 * a list its sender changed after sending, and what a defensive copy costs against sending the
 * reference.
 */
public final class Isolation {

    /** What BEAM does, from the articles. */
    public static final String BEAM_SEND = "copied into the receiver's heap (binaries over 64 bytes shared, reference-counted)";

    static final int MAX_BATCHES = 20;
    static final double STEADY = 0.10;
    /** Where each batch leaves what its receiver read, so the reads cannot be optimised away. */
    static volatile long sink;

    private Isolation() {}

    /**
     * The child JVM: {@code BATCH SIZE...}. First what a receiver sees of a mutable list its sender
     * changed after sending it, by reference and as a copy. Then, per size, the cost of sending a
     * list by reference and as a copy ({@link List#copyOf}) to a process that reads it: batches of
     * {@code BATCH} messages until the last three agree within 10% (steady), or twenty batches
     * (reported as not steady), in a second pass over the sizes, after a first that warms the JIT up
     * for all of them. Figures are {@code result} lines.
     */
    public static void main(String[] args) throws Exception {
        List<String> spec = ChildSide.arguments(args, "Isolation");
        int batch = Integer.parseInt(spec.get(0));
        ChildSide.result("seen.reference", seenAfterMutation(false));
        ChildSide.result("seen.copy", seenAfterMutation(true));
        for (int i = 1; i < spec.size(); i++) { // a first pass over every size warms the JIT up for all of them
            for (boolean copy : new boolean[] {false, true}) {
                steadyNsPerMessage(Integer.parseInt(spec.get(i)), copy, batch);
            }
        }
        for (int i = 1; i < spec.size(); i++) {
            int size = Integer.parseInt(spec.get(i));
            for (boolean copy : new boolean[] {false, true}) {
                double[] figure = steadyNsPerMessage(size, copy, batch);
                String key = (copy ? "copy." : "reference.") + size;
                ChildSide.result(key + ".ns", figure[0]);
                ChildSide.result(key + ".batches", (long) figure[1]);
                ChildSide.result(key + ".steady", figure[2] == 1);
            }
            ChildSide.log("%,d elements: measured", size);
        }
        ChildSide.exit(0);
    }

    /** Sends [1, 2, 3], then sets its first element to 99 and lets the receiver look: what does it see? */
    static String seenAfterMutation(boolean copy) throws Exception {
        List<Integer> state = new ArrayList<>(List.of(1, 2, 3));
        CountDownLatch mutated = new CountDownLatch(1);
        AtomicReference<String> seen = new AtomicReference<>("nothing");
        Pid receiver = Processes.spawn(self -> {
            @SuppressWarnings("unchecked")
            List<Integer> got = (List<Integer>) self.receive();
            mutated.await();
            seen.set(got.toString());
        });
        receiver.send(copy ? List.copyOf(state) : state);
        state.set(0, 99);
        mutated.countDown();
        receiver.awaitExit(Duration.ofSeconds(10));
        return seen.get();
    }

    /** {ns per message of the last batch, batches run, 1 if steady}. */
    static double[] steadyNsPerMessage(int size, boolean copy, int batch) throws Exception {
        List<Integer> state = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            state.add(i);
        }
        List<Double> perBatch = new ArrayList<>();
        boolean steady = false;
        while (perBatch.size() < MAX_BATCHES && !steady) {
            perBatch.add(oneBatch(state, copy, batch));
            int k = perBatch.size();
            if (k >= 3) {
                double lo = Math.min(perBatch.get(k - 1), Math.min(perBatch.get(k - 2), perBatch.get(k - 3)));
                double hi = Math.max(perBatch.get(k - 1), Math.max(perBatch.get(k - 2), perBatch.get(k - 3)));
                steady = hi <= lo * (1 + STEADY);
            }
        }
        return new double[] {perBatch.get(perBatch.size() - 1), perBatch.size(), steady ? 1 : 0};
    }

    /** Sends {@code batch} messages to a receiver that reads each one's last element; ns per message. */
    private static double oneBatch(List<Integer> state, boolean copy, int batch) throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        long[] sum = new long[1];
        Pid receiver = Processes.spawn(self -> {
            for (int i = 0; i < batch; i++) {
                @SuppressWarnings("unchecked")
                List<Integer> got = (List<Integer>) self.receive();
                sum[0] += got.get(got.size() - 1);
            }
            done.countDown();
        });
        long start = System.nanoTime();
        for (int i = 0; i < batch; i++) {
            receiver.send(copy ? List.copyOf(state) : state);
        }
        if (!done.await(60, TimeUnit.SECONDS)) {
            receiver.kill();
            throw new IllegalStateException("the receiver did not read " + batch + " messages in 60 s");
        }
        long nanos = System.nanoTime() - start;
        receiver.awaitExit(Duration.ofSeconds(10));
        sink = sum[0];
        return (double) nanos / batch;
    }

    /** Sizes 10, 100, 1,000 and 10,000 elements, batches of 2,000 messages. */
    public static Isolation.Result standard(Progress progress) {
        return measure(new int[] {10, 100, 1_000, 10_000}, 2_000, progress);
    }

    /** The measurement at these list sizes. */
    public static Isolation.Result measure(int[] sizes, int batch, Progress progress) {
        if (sizes.length == 0 || Arrays.stream(sizes).anyMatch(s -> s < 1 || s > 1_000_000)) {
            throw new IllegalArgumentException("list sizes must be between 1 and 1,000,000 elements, at least one");
        }
        if (batch < 10 || batch > 1_000_000) {
            throw new IllegalArgumentException("a batch is 10 to 1,000,000 messages, got " + batch);
        }
        List<String> args = new ArrayList<>(List.of(String.valueOf(batch)));
        Arrays.stream(sizes).forEach(s -> args.add(String.valueOf(s)));
        ChildReply run = ChildCall.launch(List.of(), Isolation.class, args, List.of("-Xmx512m"), Duration.ofSeconds(180), progress);
        return new Result(sizes, batch, run);
    }

    /** What the child measured: the visibility table and the cost table with its chart. */
    public record Result(int[] sizes, int batch, ChildReply run) {

        /** What the receiver saw after the sender changed the list, by how it was sent. */
        public Section visibility() {
            record Row(String how, String seen, String beam) {}
            List<Row> rows = List.of(
                    new Row("the reference (what send does on the JVM)", run.get("seen.reference"), "[1, 2, 3]: " + BEAM_SEND),
                    new Row("a copy (List.copyOf before send)", run.get("seen.copy"), "[1, 2, 3]: " + BEAM_SEND));
            var table = Grid.of("The sender sends [1, 2, 3], then sets its first element to 99: what the receiver sees", rows)
                    .text("sent as", Row::how).text("the receiver saw", Row::seen).text("BEAM", Row::beam).build();
            boolean shared = run.get("seen.reference").startsWith("[99");
            return new Section(table, null, List.of(shared
                    ? "By reference, the receiver saw the sender's change: the two processes share the object; only the copy kept the value sent."
                    : "By reference, the receiver did not see the change in this run (it read before the change was visible): "
                    + "still the same object, nothing keeps them apart", "outcome: " + run.ending()));
        }

        /** ns per message, by reference and as a copy, per list size, with the steady flags. */
        public Section cost() {
            record Row(int size, double ref, boolean refSteady, double copy, boolean copySteady) {}
            List<Row> rows = Arrays.stream(sizes).mapToObj(s -> new Row(s, run.number("reference." + s + ".ns"),
                    Boolean.parseBoolean(run.get("reference." + s + ".steady")), run.number("copy." + s + ".ns"),
                    Boolean.parseBoolean(run.get("copy." + s + ".steady")))).toList();
            var table = Grid.of(String.format("Sending a list of n elements: by reference or copied (%,d messages per batch)", batch), rows)
                    .whole("elements", Row::size)
                    .number("ns/message, reference", r -> Grid.round(r.ref()))
                    .text("reference steady", r -> r.refSteady() ? "yes" : "no (last batch)")
                    .number("ns/message, copy", r -> Grid.round(r.copy()))
                    .text("copy steady", r -> r.copySteady() ? "yes" : "no (last batch)")
                    .number("copy / reference", r -> Grid.ratio(r.copy(), r.ref()))
                    .build();
            List<Integer> x = rows.stream().map(Row::size).toList();
            var chart = Plot.lines("What a defensive copy costs per message, by list size", "elements in the list", "ns per message",
                    true, true, List.of(new Series("by reference", x, rows.stream().map(Row::ref).toList()),
                            new Series("copied (List.copyOf)", x, rows.stream().map(Row::copy).toList())));
            List<String> notes = new ArrayList<>();
            Row largest = rows.get(rows.size() - 1);
            notes.add(String.format("At %,d elements a copy cost %s× the reference per message.", largest.size(),
                    Grid.printRatio(largest.copy() / largest.ref())));
            notes.add("Each figure is from a second pass over the sizes, after a first that warms the JIT up for all of them: the last "
                    + "batch once three in a row agree within 10% (steady), else after 20 batches, marked.");
            notes.add("BEAM pays the copy on every send, and gets private heaps (and per-process GC) for it.");
            return new Section(table, chart, notes);
        }
    }
}
