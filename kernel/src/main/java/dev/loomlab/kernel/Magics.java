package dev.loomlab.kernel;

import io.github.spencerpark.jupyter.kernel.util.GlobFinder;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * IJava's two class-path line magics, at the start of a cell (blank lines may come before):
 * <pre>
 * %jars lib/*.jar other/one.jar     add jars, globs allowed (relative to the notebook's folder)
 * %classpath build/classes a.jar    add class-path entries as given (folders or jars)
 * </pre>
 * Arguments are separated by spaces; quote a path that holds spaces. Magic lines are blanked
 * (not removed) so that line numbers in compile errors still match the cell.
 */
final class Magics {

    private static final Pattern MAGIC = Pattern.compile("^\\s*%(\\w+)(.*)$");

    private Magics() {}

    /** The cell with its leading magic lines run and blanked out. */
    static String apply(String cell, Consumer<String> addToClasspath) throws CellException {
        List<String> lines = new ArrayList<>(List.of(cell.split("\n", -1)));
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            Matcher m = MAGIC.matcher(line);
            if (!m.matches()) {
                break;
            }
            run(m.group(1), split(m.group(2)), addToClasspath);
            lines.set(i, "");
        }
        return String.join("\n", lines);
    }

    /** The cell with its leading magic lines replaced by spaces, offsets kept (for completion). */
    static String blank(String cell) {
        StringBuilder out = new StringBuilder(cell.length());
        boolean inMagics = true;
        for (String line : cell.split("\n", -1)) {
            if (out.length() > 0) {
                out.append('\n');
            }
            inMagics = inMagics && (line.isBlank() || MAGIC.matcher(line).matches());
            out.append(inMagics ? " ".repeat(line.length()) : line);
        }
        return out.toString();
    }

    private static void run(String name, List<String> args, Consumer<String> addToClasspath) throws CellException {
        switch (name) {
            case "jars" -> {
                requireArgs(name, args);
                for (String glob : args) {
                    for (Path jar : jars(glob)) {
                        addToClasspath.accept(jar.toAbsolutePath().normalize().toString());
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
                        addToClasspath.accept(Path.of(entry).toAbsolutePath().normalize().toString());
                    }
                }
            }
            default -> throw CellException.magic("unknown magic %" + name + "; this kernel knows %jars and %classpath");
        }
    }

    private static List<Path> jars(String glob) throws CellException {
        List<Path> found = new ArrayList<>();
        try {
            for (Path p : new GlobFinder(glob).computeMatchingFiles()) {
                if (p.toString().endsWith(".jar")) {
                    found.add(p);
                }
            }
        } catch (IOException | RuntimeException e) {
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
