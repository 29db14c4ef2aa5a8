package dev.loomlab.isolation;

import dev.loomlab.jvm.ChildCall;
import dev.loomlab.jvm.ChildReply;

import dev.loomlab.view.Plot;
import dev.loomlab.view.Section;
import dev.loomlab.view.Series;
import dev.loomlab.view.Grid;
import dev.loomlab.util.Progress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The French article's isolation: on BEAM a message is copied into the receiver's heap, so a
 * process's state is its own; on the JVM a message is a reference, so sender and receiver share
 * the object. Measured in a fresh JVM ({@link IsolationChild}): what a receiver sees of a list its
 * sender changed after sending, and what a defensive copy costs against sending the reference.
 */
public final class Isolation {

    /** What BEAM does, from the articles. */
    public static final String BEAM_SEND = "copied into the receiver's heap (binaries over 64 bytes shared, reference-counted)";

    private Isolation() {}

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
        ChildReply run = ChildCall.launch(List.of(), IsolationChild.class, args, List.of("-Xmx512m"), Duration.ofSeconds(180), progress);
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
            notes.add("Each figure is the last batch once three in a row agree within 10% (steady), else after 20 batches, marked.");
            notes.add("BEAM pays the copy on every send, and gets private heaps (and per-process GC) for it.");
            return new Section(table, chart, notes);
        }
    }
}
