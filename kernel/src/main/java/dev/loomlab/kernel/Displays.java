package dev.loomlab.kernel;

import dev.loomlab.display.Display;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The hook behind {@code display(value)} in a cell: shows a value now, in the middle of the cell,
 * as {@code display_data}, the way the cell's last expression is shown at its end. The kernel
 * defines {@code void display(Object)} in JShell to call {@link #display(Object)}.
 *
 * <p>Thread-safe: a cell may call it from any thread. With no kernel attached (plain jshell, or
 * a unit test with no sink), the value is printed as text on {@code System.out}.
 */
public final class Displays {

    private static volatile Consumer<Map<String, String>> sink;

    private Displays() {}

    /** Shows {@code value} with {@link Display#mimeBundle(Object)}: table as HTML, chart as PNG, else text. */
    public static void display(Object value) {
        Map<String, String> bundle = Display.mimeBundle(value);
        Consumer<Map<String, String>> s = sink;
        if (s == null) {
            System.out.println(bundle.getOrDefault(Display.TEXT, String.valueOf(value)));
        } else {
            s.accept(bundle);
        }
    }

    /** Where bundles go: set by the kernel once it is connected; {@code null} to print instead. */
    static void setSink(Consumer<Map<String, String>> newSink) {
        sink = newSink;
    }
}
