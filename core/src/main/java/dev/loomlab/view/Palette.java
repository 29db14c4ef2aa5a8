package dev.loomlab.view;

import java.util.List;
import java.util.Locale;

/**
 * One colour and one marker per kind, the same in every chart of every notebook, of the report's
 * HTML and of the workshop page: a toolkit process is always a vermillion circle, BEAM as an
 * article published it always a black diamond. The colours are Okabe and Ito's colour-blind-safe
 * set (plus Tol's wine, olive and indigo and two greys); no two kinds drawn together are near-identical
 * blues or purples, and each kind also has its own marker, so a reader who cannot tell two
 * colours apart still can tell the kinds.
 *
 * <p>Use it through {@link Series#of(Palette, String, java.util.List, java.util.List)} (or
 * {@link Series#withKind(Palette)}); {@code display.Charts} draws such a series in its kind's colour
 * and marker whatever its {@link Series.Style}. The colour is an RGB value and the marker a
 * {@link Mark}, so the core describes them without a drawing library. Find a kind by its label with {@link #of(String)}
 * ({@code Kind.label()}) or a published runtime by its name with
 * {@link #ofPublished(String)}.
 */
public enum Palette {
    /** The toolkit's process: a virtual thread plus a mailbox. */
    PROCESS(0xD55E00, Mark.CIRCLE),
    /** A raw virtual thread (and Java's published virtual-thread figures). */
    VIRTUAL(0x0072B2, Mark.SQUARE),
    /** A platform (OS) thread. */
    PLATFORM(0x009E73, Mark.TRIANGLE_UP),
    /** A virtual thread that yields every slice (load). */
    YIELDING(0x882255, Mark.TRIANGLE_DOWN),
    /** A virtual thread that parks briefly every slice (load). */
    PARKING(0x56B4E9, Mark.TRAPEZOID),
    /** Work offloaded to a platform pool (load). */
    OFFLOADED(0x666666, Mark.PLUS),
    /** Erlang processes in a fresh BEAM VM on this machine. */
    BEAM_HERE(0xCC79A7, Mark.DIAMOND),
    /** Pekko's typed actors, what a JVM user would pick instead of a thread per unit (Tol's indigo). */
    PEKKO(0x332288, Mark.RECTANGLE),
    /** BEAM (Erlang, Elixir) as an article published it. */
    BEAM_PUBLISHED(0x000000, Mark.DIAMOND),
    /** Goroutines, as published. */
    GO(0xE69F00, Mark.TRIANGLE_DOWN),
    /** Python threads or tasks, as published. */
    PYTHON(0x999933, Mark.CROSS),
    /** Several JVM kinds in one series (bars whose categories are the kinds). */
    JVM_HERE(0x999999, Mark.CIRCLE),
    /** Node, as published. */
    NODE(0xBBBBBB, Mark.OVAL),
    /** Rust (tokio), as published. */
    RUST(0xBBBBBB, Mark.RECTANGLE),
    /** C# / .NET, as published. */
    CSHARP(0xBBBBBB, Mark.PLUS),
    /** GraalVM, as published. */
    GRAALVM(0xBBBBBB, Mark.TRAPEZOID),
    /** Any other runtime a chart draws. */
    OTHER(0xBBBBBB, Mark.CROSS);

    /** The shape of a kind's markers; {@code display.Charts} maps each to XChart's marker of that name. */
    public enum Mark { CIRCLE, SQUARE, TRIANGLE_UP, TRIANGLE_DOWN, TRAPEZOID, PLUS, DIAMOND, CROSS, OVAL, RECTANGLE }

    private final int rgb;
    private final Mark mark;

    Palette(int rgb, Mark mark) {
        this.rgb = rgb;
        this.mark = mark;
    }

    /** The kind's colour, 0xRRGGBB. */
    public int rgb() {
        return rgb;
    }

    /** The kind's marker shape. */
    public Mark mark() {
        return mark;
    }

    /** How a published runtime of this kind is named at its start, e.g. "go" for "Go 1.23.3". */
    private String prefix() {
        return this == CSHARP ? "c#" : name().toLowerCase(Locale.ROOT);
    }

    /** The colour as CSS, e.g. {@code #d55e00}, for HTML beside the charts. */
    public String css() {
        return String.format("#%06x", rgb & 0xFFFFFF);
    }

    /**
     * The kind for a label as the toolkit writes it: {@code process}, {@code virtual},
     * {@code platform}, {@code yielding}, {@code parking}, {@code offloaded}, {@code beam} (BEAM
     * here), {@code pekko} (its actors), also with a {@code "JVM "} prefix as tables write it; anything else is {@link #OTHER}.
     */
    public static Palette of(String label) {
        String l = label.toLowerCase(Locale.ROOT).replaceFirst("^jvm ", "").trim();
        return switch (l) {
            case "process", "toolkit process" -> PROCESS;
            case "virtual", "virtual thread", "raw virtual thread" -> VIRTUAL;
            case "platform", "platform thread" -> PLATFORM;
            case "yielding" -> YIELDING;
            case "parking" -> PARKING;
            case "offloaded" -> OFFLOADED;
            case "beam", "beam here" -> BEAM_HERE;
            case "pekko", "pekko actors" -> PEKKO;
            default -> OTHER;
        };
    }

    /** The kind for a runtime an article published, e.g. "BEAM", "Elixir", "Go 1.23.3", "Java OpenJDK 21-ea platform threads". */
    public static Palette ofPublished(String runtime) {
        String r = runtime.toLowerCase(Locale.ROOT);
        if (r.contains("beam") || r.contains("erlang") || r.contains("elixir") || r.contains("klab")) {
            return BEAM_PUBLISHED;
        }
        for (Palette p : List.of(GO, PYTHON, NODE, RUST, CSHARP, GRAALVM)) {
            if (r.startsWith(p.prefix())) {
                return p;
            }
        }
        if (r.contains("java") || r.contains("jvm")) {
            return r.contains("platform") ? PLATFORM : VIRTUAL;
        }
        return OTHER;
    }
}
