package dev.loomlab.kernel;

import dev.loomlab.fresh.JShellCells;
import java.nio.file.Path;

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

    public static final String PROPERTY = JShellCells.PROPERTY;
    public static final String ENV = JShellCells.ENV;

    static final String DISPLAY = "dev.loomlab.kernel.Displays.DisplayHandle display(Object value) {"
            + " return dev.loomlab.kernel.Displays.display(value); }";

    private Startup() {}

    /** The running JDK's jshell DEFAULT startup script. */
    static String defaultImports() {
        return JShellCells.defaultImports();
    }

    /** The startup file's path as configured, or {@code null} if none is configured. */
    static Path configuredFile() {
        return JShellCells.configuredStartup();
    }
}
