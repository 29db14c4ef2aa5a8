package dev.loomlab.view;

import java.util.List;

/**
 * A result that shows as the {@link Section} it builds: its table and its details are that
 * section's, so a narrowed table and its full grid are made in one place ({@link Section#narrowed}).
 * Its notes stay its own: a section is usually built from them.
 */
public interface Sectioned extends Tabular {

    /** The table, the plot where there is one, the notes and every column in the details. */
    Section section();

    @Override
    default Grid grid() {
        return section().grid();
    }

    @Override
    default List<Grid> details() {
        return section().details();
    }
}
