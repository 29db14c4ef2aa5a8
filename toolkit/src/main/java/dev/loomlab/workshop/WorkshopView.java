package dev.loomlab.workshop;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomlab.report.Compare;
import dev.loomlab.report.ExtraComparison;
import dev.loomlab.report.ResultsFile;
import dev.loomlab.view.Palette;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the workshop shows, built from a {@link WorkshopStore.Snapshot}.
 *
 * <p>The page's JSON ({@link #data}) is data, not drawings: one object per machine with its
 * figures by row key ({@code experiment|kind|n|m|metric}) and which of them are marked (a cold
 * run, ...), and per experiment its rows with the published BEAM figure beside each; the page
 * draws its tables (a row per machine) and charts from it. Asked with an earlier version of the
 * same run, it carries only the machines stored since, and the ids of all (so removed ones
 * drop out). The downloads ({@link #csv}, {@link #html}) are what {@code loomlab compare}
 * writes, through the same {@link Compare}. Each rendering is made once per version of the store,
 * when first asked for.
 */
public final class WorkshopView {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** One version's page data: the machines apart, so that a delta picks from them. */
    private record Rendered(WorkshopStore.Snapshot snapshot, List<ObjectNode> machines, ObjectNode shared) {}

    private record Download(String version, String text) {}

    private final WorkshopStore store;
    /** How long a poll waits for a rendering under way before it takes the last one. */
    static final java.time.Duration RENDER_WAIT = java.time.Duration.ofMillis(200);
    private volatile Rendered last;
    /** Each stored entry's part of the data, kept while the entry is unchanged. */
    private final Map<String, MachineData> built = new java.util.HashMap<>();
    /** Each row's node (its key, sizes and published figure), the same for every machine. */
    private final Map<String, ObjectNode> rowNodes = new java.util.HashMap<>();
    private Download csv;
    private Download html;
    /** One rendering at a time; a lock a waiting virtual thread leaves its carrier for (JDK 21 too). */
    private final java.util.concurrent.locks.ReentrantLock lock = new java.util.concurrent.locks.ReentrantLock();

    public WorkshopView(WorkshopStore store) {
        this.store = store;
    }

    /** The version the store is at now (the ETag of {@link #data}). */
    public String version() {
        return store.snapshot().version();
    }

    /**
     * The page's data at one version.
     *
     * @param version the store's version it was made from (its ETag)
     * @param json    the data
     */
    public record Data(String version, String json) {}

    /**
     * The page's data; with {@code since} an earlier version of this run, only the machines stored
     * after it ({@code "since"} says so); otherwise every machine.
     */
    public Data data(String since) {
        Rendered rendered = current();
        ObjectNode root = MAPPER.createObjectNode().setAll(rendered.shared()); // shallow: the rendering is shared, never changed
        Optional<java.util.Set<String>> newer = rendered.snapshot().storedSince(since)
                .map(list -> list.stream().map(WorkshopStore.Entry::file).collect(java.util.stream.Collectors.toSet()));
        ArrayNode machines = root.putArray("machines");
        List<WorkshopStore.Entry> entries = rendered.snapshot().entries();
        for (int i = 0; i < entries.size(); i++) {
            if (newer.isEmpty() || newer.get().contains(entries.get(i).file())) {
                machines.add(rendered.machines().get(i));
            }
        }
        if (newer.isPresent()) {
            root.put("since", since);
        }
        return new Data(rendered.snapshot().version(), root.toString());
    }

    /** The merged CSV: every experiment's table, one column per machine, as {@code loomlab compare} writes it. */
    public String csv() {
        lock.lock();
        try {
            WorkshopStore.Snapshot snapshot = store.snapshot();
            if (csv == null || !csv.version().equals(snapshot.version())) {
                csv = new Download(snapshot.version(), compare(snapshot).mergedCsv());
            }
            return csv.text();
        } finally {
            lock.unlock();
        }
    }

    /**
     * The whole workshop as one self-contained HTML file (styles inline, charts as data URLs, no
     * script), with the load and supervise sections the machines sent, as {@code loomlab compare}
     * shows them.
     */
    public String html() {
        lock.lock();
        try {
            WorkshopStore.Snapshot snapshot = store.snapshot();
            if (html == null || !html.version().equals(snapshot.version())) {
                Compare compare = compare(snapshot);
                html = new Download(snapshot.version(), compare.html("loomlab workshop: " + compare.files().size() + " machines",
                        extras(snapshot).parts()));
            }
            return html.text();
        } finally {
            lock.unlock();
        }
    }

    /**
     * The rendering of the store's current version, made here if none is. A poll that finds
     * another one rendering waits for it up to {@link #RENDER_WAIT}, then takes the last rendering
     * (consistent with its own version, so the page asks again with it and misses nothing): a
     * burst of posts never queues the polls behind one rendering after another.
     */
    private Rendered current() {
        Rendered seen = last;
        if (seen != null && seen.snapshot().version().equals(store.snapshot().version())) {
            return seen;
        }
        try {
            if (seen == null) {
                lock.lockInterruptibly();
            } else if (!lock.tryLock(RENDER_WAIT.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
                return seen;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the page's data was being made", e);
        }
        try {
            WorkshopStore.Snapshot snapshot = store.snapshot();
            if (last == null || !last.snapshot().version().equals(snapshot.version())) {
                last = render(snapshot);
            }
            return last;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The load and supervise sections of the stored files, each machine under its participant's
     * name; a file gone since the snapshot (replaced or removed meanwhile) is left out.
     */
    private ExtraComparison extras(WorkshopStore.Snapshot snapshot) {
        List<ExtraComparison.Machine> machines = new ArrayList<>();
        for (WorkshopStore.Entry entry : snapshot.entries()) {
            try {
                JsonNode root = MAPPER.readTree(Files.readString(store.dir().resolve(entry.file())));
                machines.add(new ExtraComparison.Machine(entry.column(), root.path("load"), root.path("supervise")));
            } catch (IOException e) {
                // the next version of the store renders the page again
            }
        }
        return new ExtraComparison(machines);
    }

    /** The stored results as one comparison, each machine under its participant's name. */
    static Compare compare(WorkshopStore.Snapshot snapshot) {
        List<ResultsFile> files = snapshot.entries().stream().map(e -> e.results().withLabel(e.column())).toList();
        List<String> names = snapshot.entries().stream().map(WorkshopStore.Entry::file).toList();
        List<String> refused = snapshot.refusals().stream()
                .map(r -> "refused" + (r.participant().isEmpty() ? "" : " from " + r.participant()) + ": " + r.reason()).toList();
        return Compare.merge(files, names, refused);
    }

    private Rendered render(WorkshopStore.Snapshot snapshot) {
        Compare compare = compare(snapshot);
        ObjectNode shared = MAPPER.createObjectNode();
        shared.put("version", snapshot.version());
        ArrayNode ids = shared.putArray("ids");
        snapshot.entries().forEach(e -> ids.add(e.file()));
        ArrayNode refusals = shared.putArray("refusals");
        snapshot.refusals().forEach(r -> refusals.addObject().put("participant", r.participant())
                .put("reason", r.reason()).put("at", r.at()));
        ArrayNode notes = shared.putArray("notes");
        compare.notes().forEach(notes::add);

        Map<String, Map<String, ObjectNode>> rows = new LinkedHashMap<>(); // experiment -> key -> row
        List<ObjectNode> machines = new ArrayList<>();
        Map<String, MachineData> kept = new java.util.HashMap<>();
        for (int i = 0; i < snapshot.entries().size(); i++) {
            WorkshopStore.Entry entry = snapshot.entries().get(i);
            ResultsFile file = compare.files().get(i);
            MachineData b = built.get(entry.file());
            if (b == null || b.change() != entry.change() || !b.label().equals(file.label())) {
                b = MachineData.of(entry, file, rowNodes);
            }
            kept.put(entry.file(), b);
            machines.add(b.machine());
            for (MachineData.RowOf r : b.rows()) {
                rows.computeIfAbsent(r.experiment(), e -> new LinkedHashMap<>()).computeIfAbsent(r.key(), rowNodes::get);
            }
        }
        built.clear();
        built.putAll(kept);
        ObjectNode palette = shared.putObject("palette"); // the one colour per kind, as in every chart of the toolkit
        rows.values().stream().flatMap(byKey -> byKey.values().stream()).map(r -> r.get("kind").asText()).distinct()
                .forEach(kind -> palette.put(kind, Palette.of(kind).css()));
        palette.put("BEAM here", Palette.BEAM_HERE.css()).put("BEAM published", Palette.BEAM_PUBLISHED.css());
        ArrayNode experiments = shared.putArray("experiments");
        rows.forEach((name, byKey) -> {
            ObjectNode experiment = experiments.addObject().put("name", name);
            ArrayNode list = experiment.putArray("rows");
            byKey.values().forEach(list::add);
        });
        return new Rendered(snapshot, machines, shared);
    }
}
