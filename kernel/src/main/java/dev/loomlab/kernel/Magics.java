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
 * %%loadFromPOM                     cell magic: the rest of the cell is a POM (or its
 *                                   dependencies and repositories); add what it depends on
 * </pre>
 * Arguments are separated by spaces; quote a path that holds spaces. Magic lines are blanked
 * (not removed) so that line numbers in compile errors still match the cell.
 */
final class Magics {

    /** What magics act on: JShell's class path and the Maven resolver. */
    interface Target {
        void addToClasspath(String path);

        MavenDependencies maven();
    }

    private static final Pattern MAGIC = Pattern.compile("^\\s*%(\\w+)(.*)$");
    private static final Pattern CELL_MAGIC = Pattern.compile("^\\s*%%(\\w+)(.*)$");

    private Magics() {}

    /** The cell with its leading magic lines run and blanked out (a cell magic consumes the whole cell). */
    static String apply(String cell, Target target) throws CellException {
        List<String> lines = new ArrayList<>(List.of(cell.split("\n", -1)));
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            Matcher cellMagic = CELL_MAGIC.matcher(line);
            if (cellMagic.matches()) {
                runCellMagic(cellMagic.group(1), String.join("\n", lines.subList(i + 1, lines.size())), target);
                return "";
            }
            Matcher m = MAGIC.matcher(line);
            if (!m.matches()) {
                break;
            }
            run(m.group(1), split(m.group(2)), target);
            lines.set(i, "");
        }
        return String.join("\n", lines);
    }

    private static void runCellMagic(String name, String body, Target target) throws CellException {
        if (!name.equals("loadFromPOM")) {
            throw CellException.magic("unknown cell magic %%" + name + "; this kernel knows %%loadFromPOM");
        }
        addAll(PomCell.load(body, target.maven()), target);
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
            default -> throw CellException.magic("unknown magic %" + name + "; this kernel knows %jars, %classpath, %maven (%addMavenDependency, "
                    + "%addMavenDependencies), %mavenRepo and the cell magic %%loadFromPOM");
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
