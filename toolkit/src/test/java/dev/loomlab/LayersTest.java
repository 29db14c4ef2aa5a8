package dev.loomlab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layering of ARCHITECTURE.md, enforced by the build: each package of the toolkit may use only
 * the packages listed for it (every reference to {@code dev.loomlab.<package>} in its code is
 * read, imports and qualified names alike; comments may name any package). A new package must be
 * given its place here.
 */
class LayersTest {

    private static final Set<String> CORE = Set.of("util", "process", "supervise", "view", "measure", "jvm", "published",
            "experiment", "load", "limits", "gc", "nativecall", "isolation", "beam");

    /** Package → the toolkit packages it may use, lowest layers first. */
    private static final Map<String, Set<String>> ALLOWED = Map.ofEntries(
            Map.entry("util", Set.of()),
            Map.entry("process", Set.of("util")),
            Map.entry("view", Set.of("util")),
            Map.entry("jvm", Set.of("util")),
            Map.entry("measure", Set.of("util", "process", "view")),
            Map.entry("published", Set.of("util", "view")),
            Map.entry("experiment", Set.of("util", "process", "view", "measure", "published", "jvm")),
            Map.entry("supervise", Set.of("util", "process", "view", "measure", "published")),
            // load finds BEAM's rows through OtherRuntimeLoad (ServiceLoader): beam sits above it
            Map.entry("load", Set.of("util", "process", "view", "measure", "published", "jvm", "experiment")),
            Map.entry("beam", Set.of("util", "process", "view", "measure", "published", "jvm", "experiment", "load")),
            Map.entry("limits", Set.of("util", "process", "view", "measure", "published", "jvm", "experiment", "supervise")),
            Map.entry("gc", Set.of("util", "process", "view", "measure", "published", "jvm")),
            Map.entry("nativecall", Set.of("util", "process", "view", "measure", "published", "jvm")),
            Map.entry("isolation", Set.of("util", "process", "view", "measure", "published", "jvm")),
            // the display layer: draws the core's views with Tablesaw and XChart; everything below may not see it
            Map.entry("display", Set.of("util", "view")),
            // code run in a fresh VM: the kernel's %%fresh and %%erl, jshell's fresh("...")
            Map.entry("fresh", Set.of("util", "process", "view", "display", "measure", "jvm", "beam")),
            Map.entry("report", Set.of("util", "process", "view", "display", "measure", "published", "jvm", "experiment",
                    "supervise", "load", "beam")),
            Map.entry("api", Set.of("util", "process", "view", "display", "measure", "published", "jvm", "experiment",
                    "supervise", "load", "limits", "beam", "gc", "nativecall", "isolation", "fresh")),
            // one class per article, over the notebooks' general helpers
            Map.entry("articles", Set.of("util", "process", "view", "display", "measure", "published", "jvm", "experiment",
                    "supervise", "load", "limits", "beam", "gc", "nativecall", "isolation", "fresh", "api")),
            Map.entry("workshop", Set.of("util", "process", "view", "display", "measure", "published", "jvm", "experiment",
                    "supervise", "load", "report", "beam")),
            Map.entry("cli", Set.of("util", "process", "view", "display", "measure", "published", "jvm", "experiment",
                    "supervise", "load", "limits", "report", "api", "articles", "workshop", "beam", "gc", "nativecall",
                    "isolation", "fresh")));

    private static final Pattern REFERENCE = Pattern.compile("\\bdev\\.loomlab\\.([a-z]+)\\b");
    /** The core module's sources and the toolkit's: one layering across both (the build keeps the core from seeing display). */
    private static final List<Path> MODULES = List.of(Path.of("../core/src/main/java/dev/loomlab"), Path.of("src/main/java/dev/loomlab"));

    @Test
    void everyPackageUsesOnlyTheLayersBelowIt() throws IOException {
        List<String> violations = new ArrayList<>();
        Set<String> unplaced = new TreeSet<>();
        for (Path sources : MODULES) {
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String pkg = sources.relativize(file).getName(0).toString();
                Set<String> allowed = ALLOWED.get(pkg);
                if (allowed == null) {
                    unplaced.add(pkg);
                    continue;
                }
                Set<String> used = new TreeSet<>();
                for (String line : Files.readAllLines(file)) {
                    String code = line.strip();
                    if (code.startsWith("*") || code.startsWith("/*") || code.startsWith("//")) {
                        continue; // a comment may name any package
                    }
                    Matcher m = REFERENCE.matcher(code);
                    while (m.find()) {
                        used.add(m.group(1));
                    }
                }
                used.remove(pkg);
                used.removeAll(allowed);
                used.forEach(u -> violations.add(sources.relativize(file) + " uses " + u));
            }
        }
        }
        assertThat(unplaced).as("packages without a place in the layers (add them to LayersTest and ARCHITECTURE.md)").isEmpty();
        assertThat(violations).as("references to a higher layer").isEmpty();
    }

    @Test
    void theCoreModuleHoldsTheCorePackagesAndUsesNoDisplayOrCommandLineLibrary() throws IOException {
        List<String> violations = new ArrayList<>();
        for (String pkg : CORE) {
            Path sources = MODULES.get(0);
            try (Stream<Path> files = Files.walk(sources.resolve(pkg))) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    String text = Files.readString(file);
                    for (String library : List.of("tech.tablesaw", "org.knowm.xchart", "picocli")) {
                        if (text.contains(library)) {
                            violations.add(sources.relativize(file) + " uses " + library);
                        }
                    }
                }
            }
        }
        assertThat(violations).isEmpty();
        try (Stream<Path> dirs = Files.list(MODULES.get(0))) {
            assertThat(dirs.map(d -> d.getFileName().toString()).toList()).as("packages in the core module").containsExactlyInAnyOrderElementsOf(CORE);
        }
    }
}
