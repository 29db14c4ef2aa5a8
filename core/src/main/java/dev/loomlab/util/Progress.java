package dev.loomlab.util;

/** Where a long experiment reports what it is doing, so a cell or a terminal never looks frozen. */
@FunctionalInterface
public interface Progress {

    /** Prints to standard error, which the CLI shows and a child JVM passes to its parent. */
    Progress STDERR = line -> System.err.println(line);

    /** Prints to standard output: a notebook shows it as the cell's live output. */
    Progress STDOUT = line -> System.out.println(line);

    /** Says nothing. */
    Progress SILENT = line -> { };

    void say(String line);

    /**
     * A step of a long helper: {@code done} of {@code total} steps are finished, {@code news} says
     * what happened or runs now. Here, {@code news} is said as a line; a {@link ProgressLine}
     * also moves its count and its estimate of the time left.
     */
    default void step(int done, int total, String news) {
        say(news);
    }
}
