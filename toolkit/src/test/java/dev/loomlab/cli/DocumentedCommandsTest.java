package dev.loomlab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every {@code ./loomlab} command a page of the documentation shows in a code block parses as the
 * command line reads it: a renamed option or command, or a value its converter refuses, fails
 * here instead of on a reader's machine. The commands the {@code loomlab} script handles itself
 * (build, run, test, jshell, bench, …) are its own tests' concern.
 */
class DocumentedCommandsTest {

    /** The pages, from the toolkit module's folder. */
    private static final List<Path> PAGES = pages();

    /** Handled by the bash script before the Java command line: not picocli's to parse. */
    private static final Set<String> SCRIPT_COMMANDS = Set.of("", "build", "setup", "notebook", "run", "test", "jshell", "bench");

    @Test
    void everyDocumentedCommandParses() {
        List<List<String>> commands = PAGES.stream().flatMap(DocumentedCommandsTest::commands).toList();
        assertThat(commands).as("commands found in %s", PAGES).hasSizeGreaterThan(20);
        for (List<String> args : commands) {
            assertThatCode(() -> LoomlabCommand.commandLine().parseArgs(args.toArray(String[]::new)))
                    .as("./loomlab %s", String.join(" ", args)).doesNotThrowAnyException();
        }
    }

    /** The README and every page of docs/, notebooks/, kernel/ and benchmarks/ that is Markdown. */
    private static List<Path> pages() {
        Path root = Path.of("..");
        List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md")));
        for (String dir : List.of("docs", "notebooks", "kernel", "benchmarks")) {
            try (Stream<Path> files = Files.list(root.resolve(dir))) {
                files.filter(f -> f.toString().endsWith(".md")).sorted().forEach(pages::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return pages;
    }

    /**
     * The arguments of each {@code ./loomlab} command inside a fenced code block: a comment, a pipe
     * into another program or a {@code ;} ends one; {@code a|b|c} as a command's argument stands
     * for three commands.
     */
    static Stream<List<String>> commands(Path page) {
        List<List<String>> found = new ArrayList<>();
        boolean fenced = false;
        try {
            for (String line : Files.readAllLines(page)) {
                if (line.strip().startsWith("```")) {
                    fenced = !fenced;
                    continue;
                }
                if (!fenced) {
                    continue;
                }
                for (String part : line.replaceFirst("\\s+#.*", "").split(";")) {
                    int at = part.indexOf("./loomlab");
                    if (at < 0 || part.contains("//")) {
                        continue;
                    }
                    List<String> words = new ArrayList<>(Arrays.asList(part.substring(at + "./loomlab".length()).strip().split("\\s+")));
                    words.removeIf(String::isEmpty);
                    if (SCRIPT_COMMANDS.contains(words.isEmpty() ? "" : words.get(0))) {
                        continue;
                    }
                    int alternatives = words.size() > 1 && words.get(1).contains("|") ? words.get(1).split("\\|").length : 0;
                    if (alternatives == 0) {
                        found.add(words);
                    }
                    for (int i = 0; i < alternatives; i++) {
                        List<String> one = new ArrayList<>(words);
                        one.set(1, words.get(1).split("\\|")[i]);
                        found.add(one);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found.stream();
    }
}
