package dev.loomlab.kernel;

import dev.loomlab.util.ProgressLine;

/**
 * A toolkit helper's progress line ({@link ProgressLine}) in a notebook: one output of the cell,
 * shown by the first line and replaced in place by the next ones (a {@code display(x)} handle),
 * not a growing log. The kernel registers it with {@link ProgressLine#showIn} while it runs.
 */
final class ProgressView implements ProgressLine.View {

    private Displays.DisplayHandle handle;

    @Override
    public synchronized void show(String line) {
        if (handle == null) {
            handle = Displays.display(line);
        } else {
            handle.update(line);
        }
    }

    @Override
    public void end(String line) {
        show(line);
    }
}
