package dev.loomlab.display;

import tech.tablesaw.api.Table;

/**
 * A toolkit result that knows how to show itself: as a Tablesaw table in a notebook, and as
 * text in jshell (its {@code toString()}).
 */
public interface Displayable {

    /** The rows this result shows, with the published figures beside ours where there are some. */
    Table toTable();

    /** Notes to show under the tables: what the figures include, caveats, a limit's error text. */
    default java.util.List<String> notes() {
        return java.util.List.of();
    }

    /** Every table to show, the main one first; a notebook shows them one under the other. */
    default java.util.List<Table> tables() {
        return java.util.List.of(toTable());
    }

    /** Tables one call away (every column of a table too wide to read at once): a notebook shows them collapsed. */
    default java.util.List<Table> details() {
        return java.util.List.of();
    }
}
