package dev.loomlab.published;

import dev.loomlab.view.Grid;
import java.io.IOException;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The published figures of the articles and peers, carried in the jar with their sources
 * ({@code published-figures.csv}, {@code sources.csv}), so every table can put them beside ours.
 */
public final class PublishedFigures {

    private static final List<PublishedFigure> ALL = load();
    private static final Map<String, Source> SOURCES = loadSources();

    private PublishedFigures() {}

    /** Every published figure. */
    public static List<PublishedFigure> all() {
        return ALL;
    }

    /** The figures that answer one experiment's question. */
    public static List<PublishedFigure> of(String experiment) {
        return ALL.stream().filter(f -> f.experiment().equals(experiment)).toList();
    }

    /** The figures for one experiment and metric. */
    public static List<PublishedFigure> of(String experiment, String metric) {
        return ALL.stream().filter(f -> f.experiment().equals(experiment) && f.metric().equals(metric)).toList();
    }

    /**
     * How far apart two sizes may be and still be compared: a published figure sits beside ours
     * only when its n is within this factor of ours (either way), or when it names no n.
     */
    public static final long COMPARABLE_FACTOR = 10;

    /**
     * The BEAM figure to set beside ours, with a ratio: the nearest published n among those
     * comparable with ours ({@link #comparable}; a figure that names no n always is); KLab's
     * 10,000,000 is not beside a ring of 10,000. Empty when none is: show {@link #nearest}
     * labelled with its own n instead.
     */
    public static Optional<PublishedFigure> beside(String experiment, String metric, long n, Long m) {
        return beam(experiment, metric, m).stream().filter(f -> comparable(f, n)).min(nearestFirst(n));
    }

    /**
     * True when {@code f} may stand beside a figure measured at {@code n}: it names no n (a figure not
     * tied to a size, such as a limit), or its n is within {@link #COMPARABLE_FACTOR} of ours.
     */
    public static boolean comparable(PublishedFigure f, long n) {
        return f.n() == null || comparable(f.n(), n);
    }

    /** True when a figure published at n = {@code theirs} may stand beside one measured at n = {@code ours}. */
    public static boolean comparable(long theirs, long ours) {
        long t = Math.max(1, theirs);
        long o = Math.max(1, ours);
        return t <= o * COMPARABLE_FACTOR && o <= t * COMPARABLE_FACTOR;
    }

    /**
     * The published BEAM figure nearest to ours, comparable or not: the one at the same n (and m) if
     * published, else at the nearest n, the French article's first among equals.
     */
    public static Optional<PublishedFigure> nearest(String experiment, String metric, long n, Long m) {
        return beam(experiment, metric, m).stream().min(nearestFirst(n));
    }

    /** The BEAM figures for a metric at m (or naming no m). */
    private static List<PublishedFigure> beam(String experiment, String metric, Long m) {
        return of(experiment, metric).stream()
                .filter(f -> f.runtime().startsWith("BEAM"))
                .filter(f -> m == null || f.m() == null || Objects.equals(f.m(), m))
                .toList();
    }

    /** The nearest n first (a figure naming no n last), the French article's first among equals. */
    private static Comparator<PublishedFigure> nearestFirst(long n) {
        return Comparator.<PublishedFigure>comparingLong(f -> f.n() == null ? Long.MAX_VALUE / 2 : Math.abs(f.n() - n))
                .thenComparing(f -> f.source().equals("un-million") ? 0 : 1);
    }

    /**
     * How a table names a published figure: "n=10,000; source; note" when it stands beside ours,
     * "published at n=10,000,000, not comparable with n=10,000 (no ratio); source" when it does not.
     */
    public static String label(PublishedFigure f, long n) {
        String size = f.n() == null ? "" : String.format("n=%,d", f.n());
        String where = f.source() + (f.note().isEmpty() ? "" : "; " + f.note());
        return comparable(f, n) ? (size.isEmpty() ? "" : size + "; ") + where
                : String.format("published at %s, not comparable with n=%,d (no ratio); %s", size, n, where);
    }

    /** A source id's title, language, author and address ({@link Source#cite()}), or the id itself when unknown. */
    public static String sourceTitle(String source) {
        Source s = SOURCES.get(source);
        return s == null ? source : s.cite();
    }

    /** Every source, in the dataset's order. */
    public static List<Source> sources() {
        return List.copyOf(SOURCES.values());
    }

    /** Every source as a table. */
    public static Grid sourcesTable() {
        return sourcesTable(sources());
    }

    /** Some sources as a table: id, title, language, author or site, address. */
    public static Grid sourcesTable(List<Source> sources) {
        return Grid.of("Sources", sources)
                .text("source", Source::id)
                .text("title", Source::title)
                .text("language", Source::language)
                .text("author or site", Source::author)
                .text("address", s -> s.address().isEmpty() ? "(none known)" : s.address())
                .build();
    }

    /** The whole dataset as a table. */
    public static Grid table() {
        return table("Published figures", ALL);
    }

    /** Some figures as a table. */
    public static Grid table(String name, List<PublishedFigure> figures) {
        return Grid.of(name, figures)
                .text("source", PublishedFigure::source)
                .text("runtime", PublishedFigure::runtime)
                .text("experiment", PublishedFigure::experiment)
                .text("metric", PublishedFigure::metric)
                .text("n", f -> f.n() == null ? "" : String.format("%,d", f.n()) + (f.m() == null ? "" : " x " + f.m()))
                .number("value", PublishedFigure::value)
                .text("unit", PublishedFigure::unit)
                .text("note", PublishedFigure::note)
                .build();
    }

    private static List<PublishedFigure> load() {
        List<PublishedFigure> figures = new ArrayList<>();
        for (CSVRecord row : csv("published-figures.csv")) {
            figures.add(new PublishedFigure(row.get("source"), row.get("runtime"), row.get("experiment"), row.get("metric"),
                    row.get("n").isEmpty() ? null : Long.valueOf(row.get("n")),
                    row.get("m").isEmpty() ? null : Long.valueOf(row.get("m")),
                    Double.parseDouble(row.get("value")), row.get("unit"), row.get("note")));
        }
        return List.copyOf(figures);
    }

    private static Map<String, Source> loadSources() {
        Map<String, Source> sources = new LinkedHashMap<>();
        for (CSVRecord row : csv("sources.csv")) {
            sources.put(row.get("source"), new Source(row.get("source"), row.get("title"), row.get("author"),
                    row.get("language"), row.get("address"), row.get("note")));
        }
        return Collections.unmodifiableMap(sources);
    }

    /** The records of a CSV resource (RFC 4180: quoted fields may hold commas), by header name. */
    private static List<CSVRecord> csv(String name) {
        try (InputStream in = PublishedFigures.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the jar lacks its dataset " + name + ": rebuild with ./loomlab build");
            }
            CSVFormat format = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true)
                    .setIgnoreEmptyLines(true).get();
            return format.parse(new InputStreamReader(in, StandardCharsets.UTF_8)).getRecords();
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the dataset " + name + ": " + e.getMessage(), e);
        }
    }
}
