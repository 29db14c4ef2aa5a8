package dev.loomlab.workshop;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loomlab.util.AtomicFiles;
import dev.loomlab.report.ResultsFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.CharacterCodingException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * The workshop folder: one results file per participant and machine, each written atomically
 * ({@link AtomicFiles}) under a name from {@link Participant#fileName}, with the participant's
 * name and the time it arrived added as the top-level field {@code workshop} (which
 * {@code loomlab compare} ignores, so the folder's files can be compared directly). Posting
 * again from the same participant and machine replaces that file only. Refused posts are kept
 * in {@value #REFUSED} (the latest {@value #KEEP_REFUSED}) so that the page shows them after a
 * restart too. The teacher may remove an entry ({@link #remove}): its file is moved, atomically,
 * into {@value #TRASH} beside the results, never deleted. Every method is thread-safe; changes
 * are made one at a time (read, checked and written under one lock, so that a burst of posts keeps
 * at most one carrier thread busy), and each publishes a new immutable {@link Snapshot}, so that
 * a reader never waits for a write: a poll does not queue behind posts being written. The lock is
 * a {@link java.util.concurrent.locks.ReentrantLock}, which a waiting virtual thread leaves its
 * carrier for on every JDK from 21.
 */
public final class WorkshopStore {

    /** The file that keeps the latest refusals. */
    public static final String REFUSED = "refused.json";
    /** The folder inside the workshop folder where removed entries are kept. */
    public static final String TRASH = "trash";
    static final int KEEP_REFUSED = 50;
    /** The longest machine label accepted (it heads a column). */
    static final int MAX_LABEL = 100;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /**
     * A stored result.
     *
     * @param participant who sent it
     * @param machine     the label its report ran under
     * @param file        the stored file's name in the folder
     * @param receivedAt  when it arrived (ISO-8601)
     * @param results     the results, as compare reads them
     * @param teacher     true when it was sent with the teacher's token (the teacher's own machine)
     * @param change      the store's change count when it was stored (0 for one read at start)
     */
    public record Entry(Participant participant, String machine, String file, String receivedAt, ResultsFile results,
                        boolean teacher, long change) {

        /** The column header on the page. */
        public String column() {
            return participant.column(machine);
        }
    }

    /**
     * A refused post, as the page shows it.
     *
     * @param participant the name sent, or "" when there was none
     * @param reason      why
     * @param at          when (ISO-8601)
     */
    public record Refusal(String participant, String reason, String at) {}

    /**
     * What the page shows at one moment.
     *
     * @param version changes whenever anything stored changes (and across restarts):
     *                {@code START-CHANGES}, START new at each start, CHANGES counting up
     */
    public record Snapshot(String version, List<Entry> entries, List<Refusal> refusals) {

        /**
         * The entries stored after {@code since} (an earlier version of this same run), or
         * empty when {@code since} is not one (another run, or malformed): then all are new.
         */
        public java.util.Optional<List<Entry>> storedSince(String since) {
            if (since == null) {
                return java.util.Optional.empty();
            }
            int dash = since.lastIndexOf('-');
            int mine = version.lastIndexOf('-');
            if (dash < 0 || !since.substring(0, dash).equals(version.substring(0, mine))) {
                return java.util.Optional.empty();
            }
            long count;
            try {
                count = Long.parseLong(since.substring(dash + 1));
            } catch (NumberFormatException e) {
                return java.util.Optional.empty();
            }
            if (count < 0 || count > Long.parseLong(version.substring(mine + 1))) {
                return java.util.Optional.empty();
            }
            return java.util.Optional.of(entries.stream().filter(e -> e.change() > count).toList());
        }
    }

    private final Path dir;
    private final Map<String, Entry> entries = new TreeMap<>();
    private final Deque<Refusal> refusals = new ArrayDeque<>();
    private final String start = UUID.randomUUID().toString().substring(0, 8);
    private long changes;
    private volatile Snapshot published;
    private final java.util.concurrent.locks.ReentrantLock lock = new java.util.concurrent.locks.ReentrantLock();

    private WorkshopStore(Path dir) {
        this.dir = dir;
    }

    /** Opens (and creates) the folder and reads every result stored there. */
    public static WorkshopStore open(Path dir) {
        WorkshopStore store = new WorkshopStore(dir);
        try {
            Files.createDirectories(dir);
            try (Stream<Path> files = Files.list(dir)) {
                for (Path file : files.filter(f -> f.getFileName().toString().startsWith("results-")
                        && f.getFileName().toString().endsWith(".json")).sorted().toList()) {
                    store.readStored(file);
                }
            }
            Path refused = dir.resolve(REFUSED);
            if (Files.isRegularFile(refused)) {
                for (JsonNode r : MAPPER.readTree(Files.readString(refused))) {
                    store.refusals.addLast(new Refusal(r.path("participant").asText(""), r.path("reason").asText(""), r.path("at").asText("")));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the workshop folder " + dir + ": " + e.getMessage(), e);
        }
        store.publish(); // nothing else sees the store yet
        return store;
    }

    private void readStored(Path file) throws IOException {
        String name = file.getFileName().toString();
        try {
            JsonNode tree = ResultsFile.tree(Files.readString(file), name);
            ResultsFile results = ResultsFile.fromTree(tree, name, name);
            JsonNode workshop = tree.path("workshop");
            Participant participant = new Participant(workshop.path("participant").asText(null));
            entries.put(name, new Entry(participant, results.label(), name, workshop.path("receivedAt").asText(""), results,
                    workshop.path("teacher").asBoolean(false), 0));
        } catch (IllegalArgumentException e) {
            refusals.addLast(new Refusal("", "a stored file could not be read back, left out: " + e.getMessage(), now()));
        }
    }

    /** The folder. */
    public Path dir() {
        return dir;
    }

    /**
     * Checks and stores a post: 201 when this participant and machine are new, 200 when it
     * replaced their earlier result, 422 (kept as a refusal) when it is not a results file of
     * this schema version. The name is checked by the caller ({@link Participant}).
     */
    public Answer accept(Participant participant, byte[] body) {
        return accept(participant, body, false);
    }

    /** The same; {@code teacher} marks the entry as the teacher's own machine (sent with the teacher's token). */
    public Answer accept(Participant participant, byte[] body, boolean teacher) {
        lock.lock();
        try {
            return check(participant, body, teacher);
        } finally {
            lock.unlock();
        }
    }

    private Answer check(Participant participant, byte[] body, boolean teacher) {
        ResultsFile results;
        ObjectNode tree;
        String origin = participant.name() + "'s results.json";
        try {
            String text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(body)).toString();
            JsonNode root = ResultsFile.tree(text, origin);
            results = ResultsFile.fromTree(root, origin, origin);
            tree = (ObjectNode) root;
        } catch (CharacterCodingException e) {
            return refuse(participant.name(), Answer.NOT_RESULTS, origin + " is not a loomlab results file: not UTF-8 text");
        } catch (IllegalArgumentException e) {
            return refuse(participant.name(), Answer.NOT_RESULTS, e.getMessage());
        }
        if (results.label().length() > MAX_LABEL || results.label().codePoints().anyMatch(Character::isISOControl)) {
            return refuse(participant.name(), Answer.NOT_RESULTS, origin + " has a label of more than " + MAX_LABEL
                    + " characters or with control characters: rerun ./loomlab report with --label SHORT_NAME");
        }
        String file = participant.fileName(results.label());
        return store(participant, file, tree, results, teacher);
    }

    private Answer store(Participant participant, String file, ObjectNode tree, ResultsFile results, boolean teacher) {
        String receivedAt = now();
        ObjectNode workshop = tree.putObject("workshop");
        workshop.put("participant", participant.name());
        workshop.put("receivedAt", receivedAt);
        if (teacher) {
            workshop.put("teacher", true);
        }
        AtomicFiles.write(dir.resolve(file), tree.toPrettyString());
        changes++;
        Entry previous = entries.put(file, new Entry(participant, results.label(), file, receivedAt, results, teacher, changes));
        publish();
        String column = participant.column(results.label());
        return previous == null
                ? new Answer(Answer.STORED, "stored: " + column + ", " + results.rows().size() + " rows")
                : new Answer(Answer.REPLACED, "replaced your earlier result: " + column + ", " + results.rows().size() + " rows");
    }

    /** Keeps a refusal for the page (the latest {@value #KEEP_REFUSED}) and returns the answer. */
    public Answer refuse(String participant, int status, String reason) {
        lock.lock();
        try {
            return keepRefusal(participant, status, reason);
        } finally {
            lock.unlock();
        }
    }

    private Answer keepRefusal(String participant, int status, String reason) {
        refusals.addLast(new Refusal(participant == null ? "" : participant, reason, now()));
        while (refusals.size() > KEEP_REFUSED) {
            refusals.removeFirst();
        }
        ArrayNode array = MAPPER.createArrayNode();
        refusals.forEach(r -> array.addObject().put("participant", r.participant()).put("reason", r.reason()).put("at", r.at()));
        AtomicFiles.write(dir.resolve(REFUSED), array.toPrettyString());
        changes++;
        publish();
        return new Answer(status, reason);
    }

    /**
     * Removes the entry stored as {@code file} (a name {@link Entry#file()} gave; anything else is
     * not found): its file is moved atomically into {@value #TRASH}, under its own name and the
     * time of removal, so that nothing is lost. 200 removed, 404 no such entry.
     */
    public Answer remove(String file) {
        lock.lock();
        try {
            return moveToTrash(file);
        } finally {
            lock.unlock();
        }
    }

    private Answer moveToTrash(String file) {
        Entry entry = file == null ? null : entries.get(file);
        if (entry == null) {
            return new Answer(Answer.NOT_FOUND, "no stored entry is called " + file + ": the page's machines table names each entry");
        }
        Path trash = dir.resolve(TRASH);
        String kept = entry.file().substring(0, entry.file().length() - ".json".length()) + "--removed-"
                + Instant.now().toEpochMilli() + ".json";
        try {
            Files.createDirectories(trash);
            Files.move(dir.resolve(entry.file()), trash.resolve(kept), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move " + entry.file() + " into " + trash + ": " + e.getMessage(), e);
        }
        entries.remove(file);
        changes++;
        publish();
        return new Answer(Answer.REMOVED, "removed " + entry.column() + "; its file is kept in " + TRASH + "/" + kept);
    }

    /** Everything stored, by participant then machine, and the refusals, newest last. */
    public Snapshot snapshot() {
        return published;
    }

    /** Makes the current state what {@link #snapshot()} returns; called under the lock after each change. */
    private void publish() {
        List<Entry> sorted = new ArrayList<>(entries.values());
        sorted.sort(Comparator.comparing((Entry e) -> e.participant().name().toLowerCase(java.util.Locale.ROOT))
                .thenComparing(Entry::machine).thenComparing(Entry::file));
        published = new Snapshot(start + "-" + changes, List.copyOf(sorted), List.copyOf(refusals));
    }

    private static String now() {
        return Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    }
}
