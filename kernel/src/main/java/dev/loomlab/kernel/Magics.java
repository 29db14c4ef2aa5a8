package dev.loomlab.kernel;

import org.dflib.jjava.jupyter.kernel.util.PathsHandler;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * IJava's magics, at the start of a cell (blank lines may come before):
 * <pre>
 * %jars lib/*.jar other/one.jar     add jars, globs allowed (relative to the notebook's folder)
 * %classpath build/classes a.jar    add class-path entries as given (folders or jars)
 * %maven g:a:v [g:a:v ...]          add Maven artifacts and their transitive dependencies
 *                                   (aliases %addMavenDependency, %addMavenDependencies)
 * %mavenRepo id url                 search this repository too, after Maven Central
 * %load file.jsh                    evaluate a .jsh file's snippets (relative to the notebook's folder)
 * %time CODE                        run CODE (the rest of the cell from there), then print its wall time
 * %%loadFromPOM                     cell magic: the rest of the cell is a POM (or its
 *                                   dependencies and repositories); add what it depends on
 * %%time                            cell magic: run the rest of the cell, then print its wall time
 * %%fresh [options]                 cell magic: the rest of the cell runs in a brand-new JVM ({@link FreshCells})
 * %%erl [options]                   cell magic: the rest of the cell is an Erlang module run in a fresh erl
 * </pre>
 * Arguments are separated by spaces; quote a path that holds spaces. Magic lines are blanked
 * (not removed) so that line numbers in compile errors still match the cell.
 */
final class Magics {

    /** What magics act on: JShell's class path, the Maven resolver, the session ({@code %load}). */
    interface Target {
        void addToClasspath(String path);

        MavenDependencies maven();

        /** Evaluates a file's snippets in the session. */
        void load(Path file) throws CellException;
    }

    /** The line magics, as the unknown-magic error lists them. */
    static final String LINE_MAGICS = "%jars, %classpath, %maven (%addMavenDependency, %addMavenDependencies), "
            + "%mavenRepo, %load and %time";
    /** The cell magics, as the unknown-magic error lists them. */
    static final String CELL_MAGICS = "%%time, %%fresh, %%erl and %%loadFromPOM";

    /**
     * A cell magic and the rest of the cell: its name, its arguments, and its body, which is the
     * cell with every line up to the magic's blanked (so a line number in the body is the cell's).
     */
    record CellMagic(String name, List<String> args, String body) {}

    /**
     * A cell after its leading line magics ran: the code left (magic lines blanked), whether
     * {@code %time} asked for its wall time, and the cell magic that takes the rest, if any.
     */
    record Prepared(String code, boolean timed, CellMagic cellMagic) {}

    private static final Pattern TIME = Pattern.compile("^(\\s*%time)(\\s.*)?$");

    private static final Pattern MAGIC = Pattern.compile("^\\s*%(\\w+)(.*)$");
    private static final Pattern CELL_MAGIC = Pattern.compile("^\\s*%%(\\w+)(.*)$");

    private Magics() {}

    /**
     * Runs the cell's leading line magics and blanks them out. A {@code %time} line keeps its code
     * (the magic itself blanked) and ends the magics; a cell magic takes the rest of the cell.
     */
    static Prepared apply(String cell, Target target) throws CellException {
        List<String> lines = new ArrayList<>(List.of(cell.split("\n", -1)));
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            Matcher cellMagic = CELL_MAGIC.matcher(line);
            if (cellMagic.matches()) {
                List<String> body = new ArrayList<>(lines);
                for (int j = 0; j <= i; j++) {
                    body.set(j, "");
                }
                return new Prepared("", false, new CellMagic(cellMagic.group(1), split(cellMagic.group(2)),
                        String.join("\n", body)));
            }
            Matcher time = TIME.matcher(line);
            if (time.matches()) {
                lines.set(i, " ".repeat(time.group(1).length()) + (time.group(2) == null ? "" : time.group(2)));
                return new Prepared(String.join("\n", lines), true, null);
            }
            Matcher m = MAGIC.matcher(line);
            if (!m.matches()) {
                break;
            }
            run(m.group(1), split(m.group(2)), target);
            lines.set(i, "");
        }
        return new Prepared(String.join("\n", lines), false, null);
    }

    /** {@code %%loadFromPOM}: adds what the POM in {@code body} depends on. */
    static void loadFromPom(String body, Target target) throws CellException {
        addAll(PomCell.load(body, target.maven()), target);
    }

    /** The error for a cell magic this kernel does not know. */
    static CellException unknownCellMagic(String name) {
        return CellException.magic("unknown cell magic %%" + name + "; this kernel knows " + CELL_MAGICS);
    }

    private static void addAll(List<Path> files, Target target) {
        for (Path file : files) {
            target.addToClasspath(file.toAbsolutePath().normalize().toString());
        }
    }

    /** The cell with its leading magic lines replaced by spaces, offsets kept (for completion). */
    static String blank(String cell) {
        StringBuilder out = new StringBuilder(cell.length());
        boolean inMagics = true;
        boolean inCellMagic = false;
        for (String line : cell.split("\n", -1)) {
            if (out.length() > 0) {
                out.append('\n');
            }
            Matcher time = TIME.matcher(line);
            if (inMagics && !inCellMagic && time.matches()) {
                out.append(" ".repeat(time.group(1).length())).append(time.group(2) == null ? "" : time.group(2));
                inMagics = false; // the code after %time is the cell's Java
                continue;
            }
            inCellMagic = inCellMagic || (inMagics && CELL_MAGIC.matcher(line).matches());
            inMagics = inCellMagic || (inMagics && (line.isBlank() || MAGIC.matcher(line).matches()));
            out.append(inMagics ? " ".repeat(line.length()) : line);
        }
        return out.toString();
    }

    private static void run(String name, List<String> args, Target target) throws CellException {
        switch (name) {
            case "maven", "addMavenDependency", "addMavenDependencies" -> {
                if (args.isEmpty()) {
                    throw CellException.magic("%" + name + " needs group:artifact:version, e.g. %" + name
                            + " org.hdrhistogram:HdrHistogram:2.2.2");
                }
                addAll(target.maven().resolve(name, args), target);
            }
            case "mavenRepo" -> {
                if (args.size() != 2) {
                    throw CellException.magic("%mavenRepo needs an id and a URL, e.g. %mavenRepo jitpack https://jitpack.io");
                }
                target.maven().addRepository(args.get(0), args.get(1));
            }
            case "jars" -> {
                requireArgs(name, args);
                for (String glob : args) {
                    for (Path jar : jars(glob)) {
                        target.addToClasspath(jar.toAbsolutePath().normalize().toString());
                    }
                }
            }
            case "classpath" -> {
                requireArgs(name, args);
                for (String arg : args) {
                    for (String entry : arg.split(File.pathSeparator)) {
                        if (!entry.isBlank() && Files.notExists(Path.of(entry))) {
                            throw CellException.magic("%classpath: " + entry + " does not exist (working directory: "
                                    + Path.of("").toAbsolutePath() + ")");
                        }
                        target.addToClasspath(Path.of(entry).toAbsolutePath().normalize().toString());
                    }
                }
            }
            case "load" -> {
                if (args.size() != 1) {
                    throw CellException.magic("%load needs one .jsh file, e.g. %load helpers.jsh");
                }
                Path file = Path.of(args.getFirst());
                if (!Files.isRegularFile(file)) {
                    throw CellException.magic("%load: " + file + " not found (relative to the notebook's folder, "
                            + Path.of("").toAbsolutePath() + ")");
                }
                target.load(file);
            }
            default -> throw CellException.magic("unknown magic %" + name + "; this kernel knows " + LINE_MAGICS
                    + ", and the cell magics " + CELL_MAGICS);
        }
    }

    private static List<Path> jars(String glob) throws CellException {
        List<Path> found = new ArrayList<>();
        try {
            for (Path p : PathsHandler.resolveGlobs(glob)) {
                if (p.toString().endsWith(".jar")) {
                    found.add(p);
                }
            }
        } catch (RuntimeException e) {
            throw CellException.magic("%jars " + glob + ": " + e.getMessage());
        }
        if (found.isEmpty()) {
            throw CellException.magic("%jars: no jar matches " + glob + " (working directory: "
                    + Path.of("").toAbsolutePath() + ")");
        }
        return found;
    }

    private static void requireArgs(String name, List<String> args) throws CellException {
        if (args.isEmpty()) {
            throw CellException.magic("%" + name + " needs at least one path");
        }
    }

    /** Space-separated words; single or double quotes keep spaces inside a word. */
    static List<String> split(String s) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        char quote = 0;
        boolean inWord = false;
        for (char c : s.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
