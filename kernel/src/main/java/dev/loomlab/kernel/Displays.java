package dev.loomlab.kernel;

import dev.loomlab.display.Display;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The hook behind {@code display(value)} in a cell: shows a value now, in the middle of the cell,
 * as {@code display_data}, the way the cell's last expression is shown at its end, and returns a
 * {@link DisplayHandle} whose {@code update(newValue)} replaces what was shown, in place (Jupyter's
 * {@code display_id} and {@code update_display_data}). The kernel defines
 * {@code DisplayHandle display(Object)} in JShell to call {@link #display(Object)}.
 *
 * <p>Thread-safe: a cell may call it from any thread. With no kernel attached (plain jshell, or
 * a unit test with no sink), the value is printed as text on {@code System.out}, and so is each
 * update.
 */
public final class Displays {

    /** Where displays go: the kernel publishes them as Jupyter messages of the current cell. */
    interface Sink {
        /**
         * Shows {@code bundle} under {@code displayId}: a new output if {@code updates} is 0, else
         * the {@code updates}-th replacement of the output with that id.
         */
        void show(Map<String, String> bundle, String displayId, int updates);
    }

    private static volatile Sink sink;

    private Displays() {}

    /** Shows {@code value} with {@link Display#mimeBundle(Object)}: table as HTML, chart as PNG, else text. */
    public static DisplayHandle display(Object value) {
        DisplayHandle handle = new DisplayHandle(UUID.randomUUID().toString());
        handle.show(value);
        return handle;
    }

    /** Where bundles go: set by the kernel once it is connected; {@code null} to print instead. */
    static void setSink(Sink newSink) {
        sink = newSink;
    }

    /** One output of a cell that can be replaced: returned by {@code display(x)}. */
    public static final class DisplayHandle {

        private final String id;
        private final AtomicInteger shows = new AtomicInteger();

        private DisplayHandle(String id) {
            this.id = id;
        }

        /** Jupyter's {@code display_id} of the output. */
        public String id() {
            return id;
        }

        /** Replaces the shown value with {@code value}, in place. */
        public void update(Object value) {
            show(value);
        }

        private synchronized void show(Object value) {
            Map<String, String> bundle = Display.mimeBundle(value);
            int updates = shows.getAndIncrement();
            Sink s = sink;
            if (s == null) {
                System.out.println(bundle.getOrDefault(Display.TEXT, String.valueOf(value)));
            } else {
                s.show(bundle, id, updates);
            }
        }

        @Override
        public String toString() {
            return "display " + id;
        }
    }
}
