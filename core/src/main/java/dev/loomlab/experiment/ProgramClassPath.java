package dev.loomlab.experiment;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * A class path holding only what {@link TasksProgram} loads: itself, the toolkit's process
 * package and {@link dev.loomlab.measure.ProcStatus}. The benchmark runs its program from a small jar; the toolkit's jar is over 50 MB with
 * its dependencies, and merely opening it (the JVM reads its central directory) adds about 5 MB
 * to the peak resident set of a one-task JVM. From a class directory it is used as it is; from a
 * jar, the few classes are copied once into a directory under the temporary folder.
 */
final class ProgramClassPath {

    private static final String[] PREFIXES = {"dev/loomlab/process/", "dev/loomlab/experiment/TasksProgram", "dev/loomlab/measure/ProcStatus"};
    private static volatile String cached;

    private ProgramClassPath() {}

    static String get() {
        String path = cached;
        if (path == null) {
            path = build();
            cached = path;
        }
        return path;
    }

    private static String build() {
        Path source;
        try {
            source = Path.of(TasksProgram.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            throw new IllegalStateException("cannot find where the toolkit's classes are: " + e.getMessage(), e);
        }
        if (Files.isDirectory(source)) {
            return source.toString();
        }
        try (JarFile jar = new JarFile(source.toFile())) {
            String key = Integer.toHexString((source.toString() + Files.getLastModifiedTime(source)).hashCode());
            Path dir = Path.of(System.getProperty("java.io.tmpdir"), "loomlab-tasks-classes-" + key);
            if (Files.exists(dir.resolve(".complete"))) {
                return dir.toString();
            }
            // extract beside it, then rename into place: a concurrent reader never sees half a directory
            Path fresh = Files.createTempDirectory(dir.getParent(), "loomlab-tasks-classes-");
            var entries = jar.entries();
            while (entries.hasMoreElements()) {
                JarEntry entry = entries.nextElement();
                if (!entry.isDirectory() && wanted(entry.getName())) {
                    Path target = fresh.resolve(entry.getName());
                    Files.createDirectories(target.getParent());
                    try (InputStream in = jar.getInputStream(entry)) {
                        Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
            Files.writeString(fresh.resolve(".complete"), "");
            try {
                Files.move(fresh, dir, StandardCopyOption.ATOMIC_MOVE);
                return dir.toString();
            } catch (IOException taken) {
                // another JVM put it there first (or the move is not possible here): use our own copy
                return Files.exists(dir.resolve(".complete")) ? dir.toString() : fresh.toString();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not prepare the measured JVM's class path: " + e.getMessage(), e);
        }
    }

    private static boolean wanted(String name) {
        for (String prefix : PREFIXES) {
            if (name.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
