package dev.loomlab.kernel;

import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What the kernel evaluates before the first cell, in this order, as
 * {@code jshell --startup DEFAULT --startup loomlab.jsh} would:
 * <ol>
 *   <li>jshell's {@code DEFAULT} startup of the running JDK (on JDK 25,
 *       {@code import module java.base;}; on JDK 21, the {@code java.util.*}-style imports);</li>
 *   <li>{@code DisplayHandle display(Object)}, which shows a value now and returns a handle
 *       whose {@code update(y)} replaces it in place (see {@link Displays});</li>
 *   <li>the startup file named by the system property {@value #PROPERTY} or the environment
 *       variable {@value #ENV} (the kernelspec sets it to {@code notebooks/loomlab.jsh}).</li>
 * </ol>
 */
public final class Startup {

    public static final String PROPERTY = "loomlab.startup";
    public static final String ENV = "LOOMLAB_STARTUP";

    static final String DISPLAY = "dev.loomlab.kernel.Displays.DisplayHandle display(Object value) {"
            + " return dev.loomlab.kernel.Displays.display(value); }";

    /** jshell's DEFAULT.jsh before module imports (JDK 21-22); used if the JDK's own cannot be read. */
    private static final String CLASSIC_DEFAULT = """
            import java.io.*;
            import java.math.*;
            import java.net.*;
            import java.nio.file.*;
            import java.util.*;
            import java.util.concurrent.*;
            import java.util.function.*;
            import java.util.prefs.*;
            import java.util.regex.*;
            import java.util.stream.*;
            """;

    private static final List<String> DEFAULT_LOCATIONS = List.of(
            "/modules/jdk.jshell/jdk/jshell/tool/resources/DEFAULT.jsh",
            "/modules/jdk.jshell/jdk/internal/jshell/tool/resources/DEFAULT.jsh");

    private Startup() {}

    /** The running JDK's jshell DEFAULT startup script. */
    static String defaultImports() {
        try {
            FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
            for (String location : DEFAULT_LOCATIONS) {
                Path p = jrt.getPath(location);
                if (Files.exists(p)) {
                    return Files.readString(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            // fall through to the classic list
        }
        return CLASSIC_DEFAULT;
    }

    /** The startup file's path as configured, or {@code null} if none is configured. */
    static Path configuredFile() {
        String value = System.getProperty(PROPERTY);
        if (value == null || value.isBlank()) {
            value = System.getenv(ENV);
        }
        return value == null || value.isBlank() ? null : Path.of(value);
    }
}
